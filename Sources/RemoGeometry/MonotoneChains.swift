/// The vertices of one or two rings cut into maximal chains that are monotone in
/// lexicographic (x, then y) order, and flattened for fast walking.
///
/// Chain `c` holds the flat positions `offsets[c] ..< offsets[c + 1]`, its points in
/// increasing order; consecutive positions form one edge of its ring. A turning
/// vertex (where the ring's direction in that order flips) ends one chain and starts
/// the next, so it appears twice. Vertex ids are global: the first ring's vertices
/// are `0..<n`, the second's `n..<n+m`.
struct MonotoneChains {
    var points: [Point] = []
    var vertex: [Int32] = []
    var offsets: [Int32] = [0]
    /// The number of vertices of each ring, and where its ids start.
    var ringCounts: [Int] = []
    var ringStarts: [Int] = []

    var chainCount: Int { offsets.count - 1 }

    init(rings: [ContiguousArray<Point>]) {
        let total = rings.reduce(0) { $0 + $1.count }
        points.reserveCapacity(total + total / 8 + 4)
        vertex.reserveCapacity(total + total / 8 + 4)
        var start = 0
        for ring in rings {
            ringStarts.append(start)
            ringCounts.append(ring.count)
            ring.withUnsafeBufferPointer { append($0, idBase: start) }
            start += ring.count
        }
    }

    /// Appends the chains of one ring (at least 3 vertices, no consecutive duplicates).
    private mutating func append(_ v: UnsafeBufferPointer<Point>, idBase: Int) {
        let n = v.count
        guard n >= 2 else { return }
        @inline(__always) func increasing(_ i: Int) -> Bool { v[i] < v[i + 1 == n ? 0 : i + 1] }
        // Find a turning vertex: the lexicographically smallest vertex always is one.
        var first = 0
        for i in 1..<n where v[i] < v[first] { first = i }
        var chainStart = first
        var direction = increasing(first)
        var i = first
        repeat {
            let j = i + 1 == n ? 0 : i + 1
            let jDirection = increasing(j)
            if jDirection != direction || j == first {
                emit(v, from: chainStart, to: j, forward: direction, idBase: idBase)
                chainStart = j
                direction = jDirection
            }
            i = j
        } while i != first
    }

    /// Appends the chain from ring vertex `a` to `b` (ring order), increasing if `forward`.
    private mutating func emit(_ v: UnsafeBufferPointer<Point>, from a: Int, to b: Int, forward: Bool, idBase: Int) {
        let n = v.count
        let length = (b - a + n) % n + 1
        if forward {
            var k = a
            for _ in 0..<length {
                points.append(v[k])
                vertex.append(Int32(idBase + k))
                k = k + 1 == n ? 0 : k + 1
            }
        } else {
            var k = b
            for _ in 0..<length {
                points.append(v[k])
                vertex.append(Int32(idBase + k))
                k = k == 0 ? n - 1 : k - 1
            }
        }
        offsets.append(Int32(points.count))
    }

    /// The ring (0 or 1) of a global vertex id.
    @inline(__always) func ring(of id: Int32) -> Int { ringStarts.count > 1 && Int(id) >= ringStarts[1] ? 1 : 0 }

    /// The ring edge (global id of its first vertex in ring order) between the flat
    /// positions `s` and `s + 1`.
    @inline(__always) func edge(at s: Int) -> Int {
        let a = Int(vertex[s]), b = Int(vertex[s + 1])
        let r = ring(of: vertex[s])
        let base = ringStarts[r], count = ringCounts[r]
        let aNext = a + 1 == base + count ? base : a + 1
        return aNext == b ? a : b
    }
}
