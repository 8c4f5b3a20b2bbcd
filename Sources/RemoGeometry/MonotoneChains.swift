/// The vertices of one or two rings cut into maximal chains that are monotone in
/// lexicographic (x, then y) order, and flattened for fast walking.
///
/// Chain `c` holds the flat positions `offsets[c] ..< offsets[c + 1]`, its points in
/// increasing order; consecutive positions form one edge of its ring. A turning
/// vertex (where the ring's direction in that order flips) ends one chain and starts
/// the next, so it appears twice. Vertex ids are global: the first ring's vertices
/// are `0..<n`, the second's `n..<n+m`.
final class MonotoneChains {
    let points: ContiguousArray<Point>
    let vertex: ContiguousArray<Int32>
    let offsets: ContiguousArray<Int32>
    /// The number of vertices of the first ring (the second ring's ids start there).
    let firstCount: Int
    let totalCount: Int

    var chainCount: Int { offsets.count - 1 }

    init(_ first: ContiguousArray<Point>, _ second: ContiguousArray<Point>? = nil) {
        firstCount = first.count
        totalCount = first.count + (second?.count ?? 0)
        // A ring of n vertices has at most n chains, hence at most 2n flat positions.
        let capacity = 2 * totalCount + 2
        var builder = Builder(capacity: capacity, chains: totalCount + 2)
        first.withUnsafeBufferPointer { builder.append($0, idBase: 0) }
        if let second {
            second.withUnsafeBufferPointer { builder.append($0, idBase: first.count) }
        }
        builder.points.removeLast(capacity - builder.used)
        builder.vertex.removeLast(capacity - builder.used)
        points = builder.points
        vertex = builder.vertex
        offsets = builder.offsets
    }

    /// Fills the flat arrays; kept apart so the class's storage can be immutable.
    private struct Builder {
        var points: ContiguousArray<Point>
        var vertex: ContiguousArray<Int32>
        var offsets: ContiguousArray<Int32> = [0]
        var used = 0

        init(capacity: Int, chains: Int) {
            points = ContiguousArray(repeating: Point(0, 0), count: capacity)
            vertex = ContiguousArray(repeating: 0, count: capacity)
            offsets.reserveCapacity(chains)
        }

        /// Appends the chains of one ring (no consecutive duplicates).
        mutating func append(_ v: UnsafeBufferPointer<Point>, idBase: Int) {
            let n = v.count
            guard n >= 2 else { return }
            var end = used
            var newOffsets: [Int32] = []
            points.withUnsafeMutableBufferPointer { p in
                vertex.withUnsafeMutableBufferPointer { ids in
                    // The lexicographically smallest vertex is always a turning vertex.
                    var first = 0
                    for i in 1..<n where v[i] < v[first] { first = i }
                    var chainStart = first
                    var previous = v[first]
                    var forward = true  // leaving the smallest vertex, the ring goes up
                    var i = first
                    repeat {
                        let j = i + 1 == n ? 0 : i + 1
                        let q = v[j]
                        let up = previous < q
                        if up != forward {
                            end = Self.emit(v, p, ids, from: chainStart, to: i, forward: forward, idBase: idBase, at: end)
                            newOffsets.append(Int32(end))
                            chainStart = i
                            forward = up
                        }
                        previous = q
                        i = j
                    } while i != first
                    end = Self.emit(v, p, ids, from: chainStart, to: first, forward: forward, idBase: idBase, at: end)
                    newOffsets.append(Int32(end))
                }
            }
            offsets.append(contentsOf: newOffsets)
            used = end
        }

        /// Writes the chain from ring vertex `a` to `b` (ring order), increasing if `forward`.
        private static func emit(
            _ v: UnsafeBufferPointer<Point>, _ p: UnsafeMutableBufferPointer<Point>, _ ids: UnsafeMutableBufferPointer<Int32>,
            from a: Int, to b: Int, forward: Bool, idBase: Int, at start: Int
        ) -> Int {
            let n = v.count
            let length = (b - a + n) % n + 1
            var k = forward ? a : b
            for s in start..<(start + length) {
                p[s] = v[k]
                ids[s] = Int32(idBase + k)
                if forward { k = k + 1 == n ? 0 : k + 1 } else { k = k == 0 ? n - 1 : k - 1 }
            }
            return start + length
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
