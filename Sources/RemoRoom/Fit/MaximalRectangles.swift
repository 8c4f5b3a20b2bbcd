import RemoGeometry

/// The maximal empty rectangles of a container among axis-aligned boxes: every
/// axis-aligned rectangle inside the container that meets no box's interior and cannot
/// grow on any side without doing so.
///
/// For each height a rectangle can top out at (the container's top, or a box's
/// bottom), the free stretches just below that line are followed downward: the next
/// box below that overlaps a stretch ends a rectangle there and cuts the stretch
/// into what is left on either side of it, each followed on while something still
/// stops it from growing upward. Every rectangle found is maximal and each is found
/// once, in O(*t* · *n*) for *t* rectangles among *n* boxes; no grid of cells is built.
struct MaximalRectangles {
    let container: BoundingBox
    /// The boxes as given (those that miss the container's interior are left out when
    /// the rectangles are found).
    private let boxes: [BoundingBox]

    init(container: BoundingBox, boxes: [BoundingBox]) {
        self.container = container
        self.boxes = boxes
    }

    /// An open stretch of x that a box takes from a line.
    private struct Span {
        var x0: Double
        var x1: Double
    }

    /// A free stretch of a line to follow downward, from the box at index `next` on.
    /// (Named structures, not tuples: an array of tuples looks its type up at run time.)
    private struct Stretch {
        var left: Double
        var right: Double
        var next: Int
    }

    /// Calls `found` with every maximal empty rectangle; false (having stopped early) when
    /// there are more than `limit`.
    func forEach(limit: Int, _ found: (RectangleFront.Entry) -> Void) -> Bool {
        let (cx0, cy0, cx1, cy1) = (container.min.x, container.min.y, container.max.x, container.max.y)
        guard cx0 < cx1, cy0 < cy1 else { return true }
        // Working memory for this call only, on the stack when it is small.
        let capacity = Swift.max(boxes.count, 1)
        return withUnsafeTemporaryAllocation(of: BoundingBox.self, capacity: capacity) { b in
            // The boxes that meet the container's interior, by descending top.
            var n = 0
            for k in boxes
            where k.min.x < k.max.x && k.min.y < k.max.y && k.max.x > cx0 && k.min.x < cx1 && k.max.y > cy0 && k.min.y < cy1 {
                (b.baseAddress! + n).initialize(to: k)
                n += 1
            }
            let kept = UnsafeMutableBufferPointer(rebasing: b[0..<n])
            kept.sortFew(by: { $0.max.y > $1.max.y })
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { order in
                // Their indices by descending bottom: the boxes that stop a rectangle
                // topping out at one height from growing upward are neighbours here.
                for k in 0..<n { (order.baseAddress! + k).initialize(to: Int32(k)) }
                let byBottom = UnsafeMutableBufferPointer(rebasing: order[0..<n])
                byBottom.sortFew(by: { kept[Int($0)].min.y > kept[Int($1)].min.y })
                return withUnsafeTemporaryAllocation(of: Span.self, capacity: capacity) { cuts in
                    // Room for 40 stretches, small enough to stay on the stack; a deeper
                    // search grows the stack on the heap (the tests pass with room for one).
                    withUnsafeTemporaryAllocation(of: Stretch.self, capacity: Swift.min(2 * n + 4, 40)) { start in
                        var stack = Stack(start)
                        defer { stack.free() }
                        return Self.rectangles(
                            UnsafeBufferPointer(kept), byBottom: UnsafeBufferPointer(byBottom), in: container, cuts: cuts,
                            stack: &stack, limit: limit, found)
                    }
                }
            }
        }
    }

    /// ``forEach(limit:_:)`` on the sorted boxes `b` (by descending top) and their
    /// indices `byBottom` (by descending bottom).
    private static func rectangles(
        _ b: UnsafeBufferPointer<BoundingBox>, byBottom: UnsafeBufferPointer<Int32>, in container: BoundingBox,
        cuts: UnsafeMutableBufferPointer<Span>, stack: inout Stack, limit: Int, _ found: (RectangleFront.Entry) -> Void
    ) -> Bool {
        let n = b.count
        let (cx0, cy0, cx1, cy1) = (container.min.x, container.min.y, container.max.x, container.max.y)
        var count = 0
        // The heights a rectangle can top out at: the container's top, then the
        // boxes' bottoms above its floor, each once, with the boxes there.
        var group = 0
        var top = cy1
        var supports = 0..<0
        while true {
            // The free stretches just below the line: the boxes across it cut them.
            var cutCount = 0
            var below = n
            for k in 0..<n {
                if b[k].max.y < top {
                    below = k
                    break
                }
                if b[k].min.y < top {
                    cuts[cutCount] = Span(x0: b[k].min.x, x1: b[k].max.x)
                    cutCount += 1
                }
            }
            Self.push(
                from: cx0, to: cx1, cutBy: cuts, count: cutCount, next: below, onto: &stack,
                supportedBy: top == cy1 ? nil : supports, b, byBottom)
            // Each stretch downward, depth first.
            while let stretch = stack.pop() {
                let (left, right) = (stretch.left, stretch.right)
                var k = stretch.next
                while k < n && !(b[k].min.x < right && b[k].max.x > left) { k += 1 }
                let bottom = k < n ? b[k].max.y : cy0
                count += 1
                if count > limit { return false }
                found(RectangleFront.Entry(width: right - left, height: top - bottom, x: left, y: bottom))
                guard k < n else { continue }
                // Every box topping out at that height cuts the stretch.
                var cutCount = 0
                while k < n && b[k].max.y == bottom {
                    if b[k].min.x < right && b[k].max.x > left {
                        cuts[cutCount] = Span(x0: b[k].min.x, x1: b[k].max.x)
                        cutCount += 1
                    }
                    k += 1
                }
                Self.push(
                    from: left, to: right, cutBy: cuts, count: cutCount, next: k, onto: &stack,
                    supportedBy: top == cy1 ? nil : supports, b, byBottom)
            }
            // The next height down, and the boxes whose bottom it is.
            while group < n && !(b[Int(byBottom[group])].min.y < top) { group += 1 }
            guard group < n, b[Int(byBottom[group])].min.y > cy0 else { return true }
            top = b[Int(byBottom[group])].min.y
            var end = group
            while end < n && b[Int(byBottom[end])].min.y == top { end += 1 }
            supports = group..<end
            group = end
        }
    }

    /// Pushes the parts of [`low`, `high`] outside the first `count` open `cuts` (sorted
    /// here), each of positive width, that something stops from growing upward: the
    /// container's top (`supports` nil) or a box among `supports` (indices into
    /// `byBottom`) that overlaps it.
    @inline(__always)
    private static func push(
        from low: Double, to high: Double, cutBy cuts: UnsafeMutableBufferPointer<Span>, count: Int, next: Int,
        onto stack: inout Stack, supportedBy supports: Range<Int>?, _ b: UnsafeBufferPointer<BoundingBox>,
        _ byBottom: UnsafeBufferPointer<Int32>
    ) {
        UnsafeMutableBufferPointer(rebasing: cuts[0..<count]).sortFew(by: { $0.x0 < $1.x0 })
        @inline(__always) func add(_ left: Double, _ right: Double) {
            if let supports {
                var supported = false
                for s in supports {
                    let k = Int(byBottom[s])
                    if b[k].min.x < right && b[k].max.x > left {
                        supported = true
                        break
                    }
                }
                guard supported else { return }
            }
            stack.push(Stretch(left: left, right: right, next: next))
        }
        var start = low
        for i in 0..<count {
            let cut = cuts[i]
            if cut.x0 > start { add(start, Swift.min(cut.x0, high)) }
            start = Swift.max(start, cut.x1)
            if start >= high { return }
        }
        if start < high { add(start, high) }
    }

    /// The stretches still to follow, in memory of its own (growing when needed): an
    /// array's uniqueness checks cost more than the work on each stretch.
    private struct Stack {
        var base: UnsafeMutablePointer<Stretch>
        var capacity: Int
        var count = 0

        /// Whether `base` was allocated here (after growing), not lent by the caller.
        var owned = false

        /// A stack in `memory`, lent by the caller, until it needs more.
        init(_ memory: UnsafeMutableBufferPointer<Stretch>) {
            (base, capacity) = (memory.baseAddress!, memory.count)
        }

        @inline(__always)
        mutating func push(_ stretch: Stretch) {
            if count == capacity {
                let larger = UnsafeMutablePointer<Stretch>.allocate(capacity: 2 * capacity)
                larger.moveInitialize(from: base, count: count)
                if owned { base.deallocate() }
                (base, capacity, owned) = (larger, 2 * capacity, true)
            }
            (base + count).initialize(to: stretch)
            count += 1
        }

        @inline(__always)
        mutating func pop() -> Stretch? {
            guard count > 0 else { return nil }
            count -= 1
            return (base + count).move()
        }

        func free() { if owned { base.deallocate() } }
    }
}
