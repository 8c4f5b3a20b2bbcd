/// The vertices of one or two rings cut into maximal chains that are monotone in
/// lexicographic (x, then y) order, and flattened for fast walking.
///
/// Chain `c` holds the flat positions `offsets[c] ..< offsets[c + 1]`, its points in
/// increasing order; consecutive positions form one edge of its ring. A turning
/// vertex (where the ring's direction in that order flips) ends one chain and starts
/// the next, so it appears twice. Vertex ids are global: the first ring's vertices
/// are `0..<n`, the second's `n..<n+m`.
final class MonotoneChains {
    let points: [Point]
    let vertex: [Int32]
    let offsets: [Int32]
    /// Each chain's bounding box.
    let boxes: [BoundingBox]
    /// The number of vertices of the first ring (the second ring's ids start there).
    let firstCount: Int
    let totalCount: Int
    /// The number of chains of the first ring (the second ring's chains follow).
    let firstRingChainCount: Int

    var chainCount: Int { offsets.count - 1 }

    /// Whether the cut stopped at ``init(_:_:maximumMeanDepth:)``'s limit, leaving no chains.
    let isTooDeep: Bool

    /// Cuts the rings into chains.
    ///
    /// - Parameter maximumMeanDepth: When given, stops (before copying anything, with
    ///   ``isTooDeep`` set and no chains) if the chains overlap more than this many
    ///   deep on average across the rings' x-range (the sum of their widths over the
    ///   whole width): a comb, which the direct pairs would give up on anyway.
    init(_ first: ContiguousArray<Point>, _ second: ContiguousArray<Point>? = nil, maximumMeanDepth: Int? = nil) {
        firstCount = first.count
        totalCount = first.count + (second?.count ?? 0)
        // One scan finds the turning vertices and each chain's y-range; then the
        // chains are copied, each in increasing order. Both buffers have room for a
        // chain at every vertex (the scan writes one slot past the last turn).
        let capacity = totalCount + 2
        let turns = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
        defer { turns.deallocate() }
        var firstTurns = 0
        var chainCount = 0
        var boxes = [BoundingBox](unsafeUninitializedCapacity: capacity) { b, count in
            first.withUnsafeBufferPointer { v in
                firstTurns = Self.scan(v, turns: turns.baseAddress!, ranges: b.baseAddress!)
            }
            chainCount = firstTurns
            second?.withUnsafeBufferPointer { v in
                chainCount += Self.scan(v, turns: turns.baseAddress! + firstTurns, ranges: b.baseAddress! + firstTurns)
            }
            count = chainCount
        }
        if let maximumMeanDepth {
            var depth = Self.MeanDepth()
            first.withUnsafeBufferPointer { depth.add($0, turns: UnsafeBufferPointer(rebasing: turns[0..<firstTurns])) }
            second?.withUnsafeBufferPointer { depth.add($0, turns: UnsafeBufferPointer(rebasing: turns[firstTurns..<chainCount])) }
            if depth.widths > Double(maximumMeanDepth) * (depth.high - depth.low) {
                (points, vertex, offsets, self.boxes, firstRingChainCount, isTooDeep) = ([], [], [0], [], 0, true)
                return
            }
        }
        isTooDeep = false
        let flatCount = totalCount + chainCount
        var offsets = [Int32](repeating: 0, count: chainCount + 1)
        var vertex = [Int32](unsafeUninitializedCapacity: flatCount) { _, count in count = flatCount }
        points = [Point](unsafeUninitializedCapacity: flatCount) { p, initialized in
            vertex.withUnsafeMutableBufferPointer { ids in
                offsets.withUnsafeMutableBufferPointer { o in
                    boxes.withUnsafeMutableBufferPointer { b in
                        var end = 0
                        first.withUnsafeBufferPointer { v in
                            Self.emit(
                                v, turns: UnsafeBufferPointer(rebasing: turns[0..<firstTurns]), idBase: 0, chainBase: 0, p, ids, o, b, &end)
                        }
                        second?.withUnsafeBufferPointer { v in
                            Self.emit(
                                v, turns: UnsafeBufferPointer(rebasing: turns[firstTurns..<chainCount]), idBase: first.count,
                                chainBase: firstTurns, p, ids, o, b, &end)
                        }
                        initialized = end
                    }
                }
            }
        }
        self.vertex = vertex
        self.offsets = offsets
        self.boxes = boxes
        firstRingChainCount = firstTurns
    }

    /// The sum of the chains' widths and the x-range of their ends.
    private struct MeanDepth {
        var widths = 0.0
        var low = Double.infinity
        var high = -Double.infinity

        /// Adds the chains of one ring, given its turning vertices.
        mutating func add(_ v: UnsafeBufferPointer<Point>, turns: UnsafeBufferPointer<Int32>) {
            guard var previous = turns.last.map({ v[Int($0)].x }) else { return }
            for t in turns {
                let x = v[Int(t)].x
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

    /// Finds the turning vertices of a ring: where its direction in lexicographic
    /// order flips. Writes them in ring order to `turns` and returns how many there
    /// are (at least two for a ring without consecutive duplicates). Chain `t` of the
    /// ring ends at `turns[t]` and starts at the turn before it (chain 0 wraps around
    /// from the last turn); its y-range goes to `ranges[t]` (`min.y`, `max.y`).
    ///
    /// Branch-free: each vertex stores into the current slot, and a turn moves on.
    private static func scan(_ v: UnsafeBufferPointer<Point>, turns: UnsafeMutablePointer<Int32>, ranges: UnsafeMutablePointer<BoundingBox>)
        -> Int
    {
        let n = v.count
        guard n >= 2 else { return 0 }
        var count = 0
        var previous = precedes(v[n - 1], v[0])
        var low = v[0].y
        var high = low
        @inline(__always) func visit(_ i: Int, _ q: Point, _ next: Point) {
            let up = precedes(q, next)
            let turn = previous ^ up
            low = q.y < low ? q.y : low
            high = q.y > high ? q.y : high
            turns[count] = Int32(truncatingIfNeeded: i)
            ranges[count].min.y = low
            ranges[count].max.y = high
            count &+= Int(turn)
            // A turning vertex also starts the next chain.
            low = turn != 0 ? q.y : low
            high = turn != 0 ? q.y : high
            previous = up
        }
        var q = v[0]
        for i in 0..<(n - 1) {
            let next = v[i + 1]
            visit(i, q, next)
            q = next
        }
        visit(n - 1, q, v[0])
        guard count > 0 else { return 0 }
        // Chain 0 began at the last turn: add the vertices after it.
        ranges[0].min.y = Swift.min(ranges[0].min.y, low)
        ranges[0].max.y = Swift.max(ranges[0].max.y, high)
        return count
    }

    /// Copies the chains of one ring, each in increasing order, and completes their boxes.
    private static func emit(
        _ v: UnsafeBufferPointer<Point>, turns: UnsafeBufferPointer<Int32>, idBase: Int, chainBase: Int,
        _ p: UnsafeMutableBufferPointer<Point>, _ ids: UnsafeMutableBufferPointer<Int32>,
        _ offsets: UnsafeMutableBufferPointer<Int32>, _ boxes: UnsafeMutableBufferPointer<BoundingBox>, _ end: inout Int
    ) {
        let n = v.count
        let count = turns.count
        guard count > 0 else { return }
        var start = Int(turns[count - 1])
        // Directions alternate from chain to chain.
        var up = precedes(v[start], v[start + 1 == n ? 0 : start + 1]) == 1
        for t in 0..<count {
            let stop = Int(turns[t])
            let length = (stop - start + n) % n + 1
            // Up: ring indices start, start + 1, … (wrapping); down: stop, stop − 1, ….
            if up {
                let unwrapped = Swift.min(length, n - start)
                copy(v, from: start, count: unwrapped, to: end, p, ids, idBase)
                copy(v, from: 0, count: length - unwrapped, to: end + unwrapped, p, ids, idBase)
            } else {
                let unwrapped = Swift.min(length, stop + 1)
                copyReversed(v, from: stop, count: unwrapped, to: end, p, ids, idBase)
                copyReversed(v, from: n - 1, count: length - unwrapped, to: end + unwrapped, p, ids, idBase)
            }
            let chain = chainBase + t
            boxes[chain].min.x = p[end].x
            end += length
            boxes[chain].max.x = p[end - 1].x
            offsets[chain + 1] = Int32(truncatingIfNeeded: end)
            start = stop
            up.toggle()
        }
    }

    /// Copies ring vertices `from ..< from + count` to flat positions from `to` on.
    @inline(__always)
    private static func copy(
        _ v: UnsafeBufferPointer<Point>, from: Int, count: Int, to: Int, _ p: UnsafeMutableBufferPointer<Point>,
        _ ids: UnsafeMutableBufferPointer<Int32>, _ idBase: Int
    ) {
        guard count > 0 else { return }
        if count < 16 {
            for j in 0..<count { p[to + j] = v[from + j] }
        } else {
            (p.baseAddress! + to).update(from: v.baseAddress! + from, count: count)
        }
        let id = Int32(truncatingIfNeeded: idBase + from)
        for j in 0..<count { ids[to + j] = id &+ Int32(truncatingIfNeeded: j) }
    }

    /// Copies ring vertices `from, from − 1, …` (`count` of them) to flat positions from `to` on.
    @inline(__always)
    private static func copyReversed(
        _ v: UnsafeBufferPointer<Point>, from: Int, count: Int, to: Int, _ p: UnsafeMutableBufferPointer<Point>,
        _ ids: UnsafeMutableBufferPointer<Int32>, _ idBase: Int
    ) {
        let id = Int32(truncatingIfNeeded: idBase + from)
        for j in 0..<count {
            p[to + j] = v[from - j]
            ids[to + j] = id &- Int32(truncatingIfNeeded: j)
        }
    }

    /// The ring (0 or 1) of a global vertex id.
    @inline(__always) func ring(of id: Int32) -> Int { Int(id) >= firstCount ? 1 : 0 }

    /// The ring edge (global id of its first vertex in ring order) between the flat
    /// positions `s` and `s + 1`.
    @inline(__always) func edge(at s: Int) -> Int {
        let a = Int(vertex[s])
        let b = Int(vertex[s + 1])
        let (base, count) = a >= firstCount ? (firstCount, totalCount - firstCount) : (0, firstCount)
        let aNext = a + 1 == base + count ? base : a + 1
        return aNext == b ? a : b
    }
}
