/// Which way chains run: along x (points compared x first, then y) or along y
/// (points seen with x and y swapped). The chains read the rings' own points
/// through ``view(_:)``, so a pass along y needs no transposed copy.
protocol ChainAxis {
    /// The point as the chains see it.
    static func view(_ p: Point) -> Point
}

/// Chains along x: points as they are.
enum AlongX: ChainAxis {
    @inline(__always) static func view(_ p: Point) -> Point { p }
}

/// Chains along y: points with x and y swapped (a comb with teeth along x has few
/// chains across y).
enum AlongY: ChainAxis {
    @inline(__always) static func view(_ p: Point) -> Point { Point(p.y, p.x) }
}

/// The boundary of one or two rings cut into maximal chains that are monotone in
/// lexicographic (x, then y) order of the points as `Axis` views them, without
/// copying any point.
///
/// A chain is a stretch of positions in its ring's closed vertex buffer
/// (``Ring/closedVertices``: the vertices and the first one again), walked from
/// ``ChainEnds/low`` to ``ChainEnds/high`` in steps of +1 or −1 so that its points
/// increase. A turning vertex (where the ring's direction in that order flips) ends
/// one chain and starts the next; so does vertex 0, which is both the first and the
/// last position. Edge ids are global: the first ring's edges are `0..<n`, the
/// second's `n..<n+m`, and likewise vertex ids.
final class MonotoneChains<Axis: ChainAxis> {
    /// The rings' closed vertex buffers, as the rings hold them (the chains see them
    /// through `Axis`); the second is empty for one ring.
    let first: ContiguousArray<Point>
    let second: ContiguousArray<Point>
    /// Each chain's ends (owned: freed with the chains, as are the boxes).
    let ends: UnsafeMutableBufferPointer<ChainEnds>
    /// Each chain's bounding box, as `Axis` views the points.
    let boxes: UnsafeMutableBufferPointer<BoundingBox>
    /// The number of vertices of the first ring (the second ring's ids start there).
    let firstCount: Int
    /// The number of chains of the first ring (the second ring's chains follow).
    let firstRingChainCount: Int
    /// Whether the cut stopped at ``init(_:_:depthLimit:)``'s limit, leaving no chains.
    let isTooDeep: Bool

    var chainCount: Int { ends.count }

    /// Cuts the rings into chains, in one pass over each ring's points.
    ///
    /// - Parameters:
    ///   - first: A closed vertex buffer (n + 1 points, the last equal to the first).
    ///   - second: Another one, or empty.
    ///   - depthLimit: When given, stops (with ``isTooDeep`` set and no chains) as soon
    ///     as the chains overlap more than this many deep on average across the rings'
    ///     extent along the axis (the sum of their widths over that extent): a comb,
    ///     which the direct pairs would give up on anyway.
    init(_ first: ContiguousArray<Point>, _ second: ContiguousArray<Point> = [], depthLimit: DepthLimit? = nil) {
        self.first = first
        self.second = second
        firstCount = Swift.max(first.count - 1, 0)
        // A smooth lasso has a chain per ten or so vertices; more grow the buffers.
        var builder = Builder(capacity: Swift.max(16, (first.count + second.count) / 8))
        let widthLimit = depthLimit.map { Double($0.depth) * $0.extent } ?? .infinity
        var widths = 0.0
        var complete = first.withUnsafeBufferPointer { Self.cut($0, into: &builder, widths: &widths, limit: widthLimit) }
        builder.endFirstRing()
        if complete {
            complete = second.withUnsafeBufferPointer { Self.cut($0, into: &builder, widths: &widths, limit: widthLimit) }
        }
        isTooDeep = !complete
        if !complete { builder.removeAll() }
        (ends, boxes, firstRingChainCount) = builder.finish()
    }

    deinit {
        ends.deallocate()
        boxes.deallocate()
    }

    /// How deep the chains may overlap: `depth` chains on average across `extent`,
    /// the rings' extent along the axis.
    struct DepthLimit {
        var depth: Int
        var extent: Double
    }

    /// The chains' ends and boxes as they are cut, in buffers that grow.
    private struct Builder {
        var ends: UnsafeMutableBufferPointer<ChainEnds>
        var boxes: UnsafeMutableBufferPointer<BoundingBox>
        var count = 0
        var firstRingCount: Int? = nil

        init(capacity: Int) {
            ends = .allocate(capacity: capacity)
            boxes = .allocate(capacity: capacity)
        }

        /// Appends the chain from position `start` (x `startX`) to `stop` (x `stopX`),
        /// increasing when `up`, whose points' y-range is `low`…`high`; returns its width.
        @inline(__always)
        mutating func append(
            from start: Int, _ startX: Double, to stop: Int, _ stopX: Double, up: Bool, low: Double, high: Double
        ) -> Double {
            if count == ends.count { grow() }
            let (lowEnd, highEnd) = up ? (start, stop) : (stop, start)
            ends[count] = ChainEnds(low: Int32(truncatingIfNeeded: lowEnd), high: Int32(truncatingIfNeeded: highEnd))
            boxes[count] = BoundingBox(min: Point(up ? startX : stopX, low), max: Point(up ? stopX : startX, high))
            count += 1
            return (stopX - startX).magnitude
        }

        @inline(never)
        mutating func grow() {
            let (oldEnds, oldBoxes) = (ends, boxes)
            ends = .allocate(capacity: 2 * oldEnds.count)
            boxes = .allocate(capacity: 2 * oldBoxes.count)
            ends.baseAddress!.initialize(from: oldEnds.baseAddress!, count: count)
            boxes.baseAddress!.initialize(from: oldBoxes.baseAddress!, count: count)
            oldEnds.deallocate()
            oldBoxes.deallocate()
        }

        mutating func endFirstRing() { firstRingCount = count }

        mutating func removeAll() { (count, firstRingCount) = (0, 0) }

        /// The buffers cut to the chains there are (same allocations), and the first
        /// ring's chain count.
        func finish() -> (UnsafeMutableBufferPointer<ChainEnds>, UnsafeMutableBufferPointer<BoundingBox>, Int) {
            (
                UnsafeMutableBufferPointer(start: ends.baseAddress, count: count),
                UnsafeMutableBufferPointer(start: boxes.baseAddress, count: count), firstRingCount ?? count
            )
        }
    }

    /// Whether `a` comes before `b` in lexicographic order, without branches (the
    /// direction of a jittery lasso flips unpredictably).
    @inline(__always)
    private static func precedes(_ a: Point, _ b: Point) -> Bool {
        let xLess = unsafeBitCast(a.x < b.x, to: UInt8.self)
        let xEqual = unsafeBitCast(a.x == b.x, to: UInt8.self)
        let yLess = unsafeBitCast(a.y < b.y, to: UInt8.self)
        return xLess | (xEqual & yLess) != 0
    }

    /// Cuts one ring into chains at vertex 0 and at every turning vertex (where the
    /// ring's direction in lexicographic order flips), appending each chain's ends and
    /// box to `builder` as soon as its last vertex is read. Adds the chains' widths to
    /// `widths` and stops, returning `false`, once they pass `limit`.
    private static func cut(
        _ p: UnsafeBufferPointer<Point>, into builder: inout Builder, widths: inout Double, limit: Double
    ) -> Bool {
        let n = p.count - 1
        guard n >= 3 else { return true }
        var start = 0
        var startX = Axis.view(p[0]).x
        var low = Axis.view(p[0]).y
        var high = low
        var up = precedes(Axis.view(p[0]), Axis.view(p[1]))
        var v = Axis.view(p[1])
        for i in 1..<n {
            let next = Axis.view(p[i + 1])
            // Equal x (rare) falls back to y.
            let nextUp = next.x != v.x ? v.x < next.x : precedes(v, next)
            low = v.y < low ? v.y : low
            high = v.y > high ? v.y : high
            if nextUp != up {
                widths += builder.append(from: start, startX, to: i, v.x, up: up, low: low, high: high)
                if widths > limit { return false }
                (start, startX, low, high) = (i, v.x, v.y, v.y)
                up = nextUp
            }
            v = next
        }
        // v is the last point, vertex 0 again.
        low = v.y < low ? v.y : low
        high = v.y > high ? v.y : high
        widths += builder.append(from: start, startX, to: n, v.x, up: up, low: low, high: high)
        return widths <= limit
    }

    /// The ring (0 or 1) of chain `c`.
    @inline(__always) func ring(ofChain c: Int) -> Int { c < firstRingChainCount ? 0 : 1 }

    /// Whether chains `a` and `c` follow each other along their ring (the last chain
    /// of a ring and its first meet at vertex 0).
    @inline(__always) func areNeighbours(_ a: Int, _ c: Int) -> Bool {
        let (low, high) = a < c ? (a, c) : (c, a)
        guard ring(ofChain: low) == ring(ofChain: high) else { return false }
        if high - low == 1 { return true }
        let (first, last) = low < firstRingChainCount ? (0, firstRingChainCount - 1) : (firstRingChainCount, chainCount - 1)
        return low == first && high == last
    }

    /// What turns a position in chain `c`'s ring into a global vertex or edge id.
    @inline(__always) func idOffset(ofChain c: Int) -> Int { ring(ofChain: c) == 0 ? 0 : firstCount }

    /// Chain `c`'s ring's points, of the two rings' `points`.
    @inline(__always)
    func points(ofChain c: Int, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) -> UnsafePointer<Point> {
        ring(ofChain: c) == 0 ? points.0 : points.1
    }

    /// The global vertex id at `position` of chain `c`'s ring.
    @inline(__always) func vertex(ofChain c: Int, at position: Int) -> Int32 {
        let count = ring(ofChain: c) == 0 ? firstCount : second.count - 1
        let local = position == count ? 0 : position
        return Int32(truncatingIfNeeded: local + idOffset(ofChain: c))
    }

    /// Calls `body` with the two rings' points (the second is the first for one ring).
    @inline(__always)
    func withPoints<R>(_ body: (UnsafePointer<Point>, UnsafePointer<Point>) throws -> R) rethrows -> R {
        try first.withUnsafeBufferPointer { a in
            if second.isEmpty { return try body(a.baseAddress!, a.baseAddress!) }
            return try second.withUnsafeBufferPointer { b in try body(a.baseAddress!, b.baseAddress!) }
        }
    }

    /// A cursor on chain `c`'s segment starting at `position`, over the rings' points.
    @inline(__always)
    func cursor(_ c: Int, at position: Int, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) -> ChainCursor<Axis> {
        let ends = ends[c]
        let step = ends.high > ends.low ? 1 : -1
        return ChainCursor(
            points: self.points(ofChain: c, points), position: position, step: step, lastSegment: Int(ends.high) - step,
            edgeOffset: (step > 0 ? 0 : -1) + idOffset(ofChain: c))
    }

    /// A cursor on chain `c`'s segment that reaches `q`: the last whose start is
    /// before `q` (or the first segment).
    @inline(__always)
    func cursor(_ c: Int, reaching q: Point, _ points: (UnsafePointer<Point>, UnsafePointer<Point>)) -> ChainCursor<Axis> {
        var cursor = cursor(c, at: Int(ends[c].low), points)
        cursor.moveToSegment(reaching: q)
        return cursor
    }
}

/// Where a chain starts and stops in its ring's closed vertex buffer: its points in
/// increasing order are at `low`, `low ± 1`, …, `high`.
struct ChainEnds {
    var low: Int32
    var high: Int32
}

/// One segment of a monotone chain, from ``start`` to ``end`` (increasing, as `Axis`
/// views the points), during a walk.
struct ChainCursor<Axis: ChainAxis> {
    let points: UnsafePointer<Point>
    /// The position of the segment's first point (in increasing order).
    var position: Int
    /// +1 or −1: the direction of increasing points in the ring.
    let step: Int
    /// The position of the chain's last segment.
    let lastSegment: Int
    /// What turns a position into the global id of the ring edge it starts.
    let edgeOffset: Int

    @inline(__always) var start: Point { Axis.view(points[position]) }
    @inline(__always) var end: Point { Axis.view(points[position + step]) }
    /// The global id of the ring edge under the cursor.
    @inline(__always) var edge: Int { position + edgeOffset }
    @inline(__always) var isLast: Bool { position == lastSegment }
    @inline(__always) mutating func advance() { position += step }

    /// Moves to the segment that reaches `q`, searching from the current one to the
    /// last: the last whose start is before `q` (or the current one).
    @inline(__always)
    mutating func moveToSegment(reaching q: Point) {
        // Usually q is where the chain starts.
        guard position != lastSegment, Axis.view(points[position + step]) < q else { return }
        // Binary search on the number of steps from here.
        var low = 1
        var high = (lastSegment - position) * step
        while low < high {
            let mid = (low + high + 1) >> 1
            if Axis.view(points[position + mid * step]) < q { low = mid } else { high = mid - 1 }
        }
        position += low * step
    }
}
