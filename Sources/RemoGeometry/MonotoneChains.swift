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
    /// Whether the cut stopped at ``init(_:_:maximumMeanDepth:)``'s limit, leaving no chains.
    let isTooDeep: Bool

    var chainCount: Int { ends.count }

    /// Cuts the rings into chains.
    ///
    /// - Parameters:
    ///   - first: A closed vertex buffer (n + 1 points, the last equal to the first).
    ///   - second: Another one, or empty.
    ///   - maximumMeanDepth: When given, stops (with ``isTooDeep`` set and no chains)
    ///     if the chains overlap more than this many deep on average across the rings'
    ///     x-range (the sum of their widths over the whole width): a comb, which the
    ///     direct pairs would give up on anyway.
    init(_ first: ContiguousArray<Point>, _ second: ContiguousArray<Point> = [], maximumMeanDepth: Int? = nil) {
        self.first = first
        self.second = second
        firstCount = Swift.max(first.count - 1, 0)
        // Both rings' cuts in one buffer: at most n + 1 for a ring of n vertices.
        let cutBuffer = UnsafeMutablePointer<Int32>.allocate(capacity: first.count + second.count)
        defer { cutBuffer.deallocate() }
        let firstCuts = first.withUnsafeBufferPointer { Self.cuts($0, into: cutBuffer) }
        let secondCuts = second.withUnsafeBufferPointer { Self.cuts($0, into: cutBuffer + firstCuts.count) }
        // Fewer chains than the limit cannot overlap deeper than it.
        if let maximumMeanDepth, firstCuts.count + secondCuts.count > maximumMeanDepth {
            var depth = MeanDepth()
            first.withUnsafeBufferPointer { depth.add($0, cuts: firstCuts) }
            second.withUnsafeBufferPointer { depth.add($0, cuts: secondCuts) }
            if depth.widths > Double(maximumMeanDepth) * (depth.high - depth.low) {
                (ends, boxes, firstRingChainCount, isTooDeep) = (.allocate(capacity: 0), .allocate(capacity: 0), 0, true)
                return
            }
        }
        isTooDeep = false
        let firstChains = Swift.max(firstCuts.count - 1, 0)
        let total = firstChains + Swift.max(secondCuts.count - 1, 0)
        let ends = UnsafeMutableBufferPointer<ChainEnds>.allocate(capacity: total)
        let boxes = UnsafeMutableBufferPointer<BoundingBox>.allocate(capacity: total)
        first.withUnsafeBufferPointer { Self.describe($0, cuts: firstCuts, ends.baseAddress!, boxes.baseAddress!) }
        second.withUnsafeBufferPointer {
            Self.describe($0, cuts: secondCuts, ends.baseAddress! + firstChains, boxes.baseAddress! + firstChains)
        }
        self.ends = ends
        self.boxes = boxes
        firstRingChainCount = firstChains
    }

    deinit {
        ends.deallocate()
        boxes.deallocate()
    }

    /// The sum of the chains' widths and the x-range of their ends.
    private struct MeanDepth {
        var widths = 0.0
        var low = Double.infinity
        var high = -Double.infinity

        /// Adds the chains of one ring, given its cuts.
        mutating func add(_ p: UnsafeBufferPointer<Point>, cuts: UnsafeBufferPointer<Int32>) {
            guard var previous = cuts.first.map({ Axis.view(p[Int($0)]).x }) else { return }
            for cut in cuts {
                let x = Axis.view(p[Int(cut)]).x
                widths += (x - previous).magnitude
                low = Swift.min(low, x)
                high = Swift.max(high, x)
                previous = x
            }
        }
    }

    /// Whether `a` comes before `b` in lexicographic order, without branches (the
    /// direction of a jittery lasso flips unpredictably).
    @inline(__always)
    private static func precedes(_ a: Point, _ b: Point) -> UInt8 {
        let xLess = unsafeBitCast(a.x < b.x, to: UInt8.self)
        let xEqual = unsafeBitCast(a.x == b.x, to: UInt8.self)
        let yLess = unsafeBitCast(a.y < b.y, to: UInt8.self)
        return xLess | (xEqual & yLess)
    }

    /// The positions where one ring's chains meet, in order: 0, every turning vertex,
    /// and n (empty for fewer than three vertices). Each vertex is written to the
    /// next slot, and a turn keeps it: no branch on the direction, which flips
    /// unpredictably along a jittery lasso.
    private static func cuts(_ p: UnsafeBufferPointer<Point>, into cuts: UnsafeMutablePointer<Int32>) -> UnsafeBufferPointer<Int32> {
        let n = p.count - 1
        guard n >= 3 else { return UnsafeBufferPointer(start: cuts, count: 0) }
        var kept = 1
        cuts[0] = 0
        var previous = precedes(Axis.view(p[0]), Axis.view(p[1]))
        var x = Axis.view(p[1]).x
        for i in 1..<n {
            // Equal x (rare) falls back to y.
            let nextX = Axis.view(p[i + 1]).x
            let up = nextX != x ? unsafeBitCast(x < nextX, to: UInt8.self) : precedes(Axis.view(p[i]), Axis.view(p[i + 1]))
            cuts[kept] = Int32(truncatingIfNeeded: i)
            kept &+= Int(previous ^ up)
            previous = up
            x = nextX
        }
        cuts[kept] = Int32(truncatingIfNeeded: n)
        return UnsafeBufferPointer(start: cuts, count: kept + 1)
    }

    /// Writes the ends and box of the chain between each pair of consecutive cuts.
    private static func describe(
        _ p: UnsafeBufferPointer<Point>, cuts: UnsafeBufferPointer<Int32>, _ ends: UnsafeMutablePointer<ChainEnds>,
        _ boxes: UnsafeMutablePointer<BoundingBox>
    ) {
        guard cuts.count > 1 else { return }
        for j in 0..<(cuts.count - 1) {
            let s = Int(cuts[j])
            let e = Int(cuts[j + 1])
            var low = Axis.view(p[s]).y
            var high = low
            for i in (s + 1)...e {
                let y = Axis.view(p[i]).y
                low = y < low ? y : low
                high = y > high ? y : high
            }
            let up = precedes(Axis.view(p[s]), Axis.view(p[s + 1])) == 1
            let (start, stop) = up ? (s, e) : (e, s)
            ends[j] = ChainEnds(low: Int32(truncatingIfNeeded: start), high: Int32(truncatingIfNeeded: stop))
            boxes[j] = BoundingBox(min: Point(Axis.view(p[start]).x, low), max: Point(Axis.view(p[stop]).x, high))
        }
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

    /// The global vertex id at `position` of chain `c`'s ring.
    @inline(__always) func vertex(ofChain c: Int, at position: Int) -> Int32 {
        let ring = ring(ofChain: c)
        let count = ring == 0 ? firstCount : second.count - 1
        let local = position == count ? 0 : position
        return Int32(truncatingIfNeeded: local + (ring == 0 ? 0 : firstCount))
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
        let ring = ring(ofChain: c)
        let step = ends.high > ends.low ? 1 : -1
        return ChainCursor(
            points: ring == 0 ? points.0 : points.1, position: position, step: step, lastSegment: Int(ends.high) - step,
            edgeOffset: (step > 0 ? 0 : -1) + (ring == 0 ? 0 : firstCount))
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
