import RemoGeometry

/// The maximal empty rectangles of a box with axis-aligned blockers in it: every
/// axis-aligned rectangle inside the container that meets no blocker's interior and
/// cannot grow on any side without doing so.
///
/// For each height a rectangle can top out at (the container's top, or a blocker's
/// bottom), the free stretches just below that line are followed downward: the next
/// blocker below that overlaps a stretch ends a rectangle there and cuts the stretch
/// into what is left on either side of it, each followed on while something still
/// stops it from growing upward. Every rectangle found is maximal and each is found
/// once, in O(*t* · *n*) for *t* rectangles among *n* blockers; no grid of cells is built.
struct MaximalRectangles {
    let container: BoundingBox
    /// The blockers that meet the container's interior, by descending top.
    private let blockers: [BoundingBox]
    /// Their indices by descending bottom: the blockers that stop a rectangle topping
    /// out at one height from growing upward are neighbours here.
    private let byBottom: [Int32]

    init(container: BoundingBox, blockers: [BoundingBox]) {
        self.container = container
        var kept: [BoundingBox] = []
        kept.reserveCapacity(blockers.count)
        for b in blockers
        where b.min.x < b.max.x && b.min.y < b.max.y && b.max.x > container.min.x && b.min.x < container.max.x
            && b.max.y > container.min.y && b.min.y < container.max.y
        {
            kept.append(b)
        }
        kept.sortPrefix(kept.count, by: { $0.max.y > $1.max.y })
        var byBottom = (0..<Int32(kept.count)).map { $0 }
        kept.withUnsafeBufferPointer { b in byBottom.sortPrefix(b.count, by: { b[Int($0)].min.y > b[Int($1)].min.y }) }
        self.blockers = kept
        self.byBottom = byBottom
    }

    /// An open stretch of x that a blocker takes from a line.
    private struct Span {
        var x0: Double
        var x1: Double
    }

    /// A free stretch of a line to follow downward, from the blocker at index `next` on.
    /// (Named structures, not tuples: an array of tuples looks its type up at run time.)
    private struct Stretch {
        var left: Double
        var right: Double
        var next: Int
    }

    /// Calls `found` with every maximal empty rectangle; false (having stopped early) when
    /// there are more than `limit`.
    func forEach(limit: Int, _ found: (RectangleFront.Entry) -> Void) -> Bool {
        let n = blockers.count
        let (cx0, cy0, cx1, cy1) = (container.min.x, container.min.y, container.max.x, container.max.y)
        guard cx0 < cx1, cy0 < cy1 else { return true }
        var count = 0
        // The cuts of one step (at most one per blocker), reused; the stretches to follow.
        var cuts = [Span](repeating: Span(x0: 0, x1: 0), count: n)
        var stack: [Stretch] = []
        stack.reserveCapacity(2 * n + 2)
        return blockers.withUnsafeBufferPointer { b in
            byBottom.withUnsafeBufferPointer { byBottom in
                // The heights a rectangle can top out at: the container's top, then the
                // blockers' bottoms above its floor, each once, with the blockers there.
                var group = 0
                var (top, supports) = (cy1, 0..<0)
                while true {
                    // Something stops a stretch from growing upward: the container's top,
                    // or a blocker whose bottom is this line and overlaps it.
                    @inline(__always) func supported(_ left: Double, _ right: Double) -> Bool {
                        if top == cy1 { return true }
                        for s in supports {
                            let k = Int(byBottom[s])
                            if b[k].min.x < right && b[k].max.x > left { return true }
                        }
                        return false
                    }
                    // The free stretches just below the line: the blockers across it cut them.
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
                    Self.stretches(from: cx0, to: cx1, cutBy: &cuts, count: cutCount) { left, right in
                        if supported(left, right) { stack.append(Stretch(left: left, right: right, next: below)) }
                    }
                    // Each stretch downward, depth first.
                    while let stretch = stack.popLast() {
                        let (left, right, next) = (stretch.left, stretch.right, stretch.next)
                        var k = next
                        while k < n && !(b[k].min.x < right && b[k].max.x > left) { k += 1 }
                        let bottom = k < n ? b[k].max.y : cy0
                        count += 1
                        if count > limit { return false }
                        found(RectangleFront.Entry(width: right - left, height: top - bottom, x: left, y: bottom))
                        guard k < n else { continue }
                        // Every blocker topping out at that height cuts the stretch.
                        var cutCount = 0
                        while k < n && b[k].max.y == bottom {
                            if b[k].min.x < right && b[k].max.x > left {
                                cuts[cutCount] = Span(x0: b[k].min.x, x1: b[k].max.x)
                                cutCount += 1
                            }
                            k += 1
                        }
                        Self.stretches(from: left, to: right, cutBy: &cuts, count: cutCount) { l, r in
                            if supported(l, r) { stack.append(Stretch(left: l, right: r, next: k)) }
                        }
                    }
                    // The next height down, and the blockers whose bottom it is.
                    while group < n && !(b[Int(byBottom[group])].min.y < top) { group += 1 }
                    guard group < n, b[Int(byBottom[group])].min.y > cy0 else { return true }
                    top = b[Int(byBottom[group])].min.y
                    var end = group
                    while end < n && b[Int(byBottom[end])].min.y == top { end += 1 }
                    supports = group..<end
                    group = end
                }
            }
        }
    }

    /// The parts of [`low`, `high`] outside the first `count` open `cuts`, left to
    /// right, each of positive width.
    private static func stretches(
        from low: Double, to high: Double, cutBy cuts: inout [Span], count: Int,
        _ body: (Double, Double) -> Void
    ) {
        cuts.sortPrefix(count, by: { $0.x0 < $1.x0 })
        var start = low
        for i in 0..<count {
            let cut = cuts[i]
            if cut.x0 > start { body(start, Swift.min(cut.x0, high)) }
            start = Swift.max(start, cut.x1)
            if start >= high { return }
        }
        if start < high { body(start, high) }
    }
}
