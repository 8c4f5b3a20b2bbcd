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

    var chainCount: Int { offsets.count - 1 }

    init(_ first: ContiguousArray<Point>, _ second: ContiguousArray<Point>? = nil) {
        firstCount = first.count
        totalCount = first.count + (second?.count ?? 0)
        // Turning vertices first: they fix the sizes, so the copy is one pass.
        var turns: [Int32] = []
        first.withUnsafeBufferPointer { Self.turningVertices($0, into: &turns, idBase: 0) }
        let firstTurns = turns.count
        second?.withUnsafeBufferPointer { Self.turningVertices($0, into: &turns, idBase: first.count) }
        let chainCount = turns.count
        let flatCount = totalCount + chainCount
        var offsets = [Int32](repeating: 0, count: chainCount + 1)
        var boxes = [BoundingBox](repeating: BoundingBox(min: Point(0, 0), max: Point(0, 0)), count: chainCount)
        var vertex = [Int32](repeating: 0, count: flatCount)
        points = [Point](unsafeUninitializedCapacity: flatCount) { p, initialized in
            vertex.withUnsafeMutableBufferPointer { ids in
                offsets.withUnsafeMutableBufferPointer { o in
                    boxes.withUnsafeMutableBufferPointer { b in
                        var end = 0
                        var chain = 0
                        first.withUnsafeBufferPointer { v in
                            Self.emit(v, turns: turns[0..<firstTurns], idBase: 0, p, ids, o, b, &end, &chain)
                        }
                        second?.withUnsafeBufferPointer { v in
                            Self.emit(v, turns: turns[firstTurns...], idBase: first.count, p, ids, o, b, &end, &chain)
                        }
                        initialized = end
                    }
                }
            }
        }
        self.vertex = vertex
        self.offsets = offsets
        self.boxes = boxes
    }

    /// Appends the turning vertices of a ring (as global ids) in ring order, starting
    /// from its lexicographically smallest vertex, which always turns.
    private static func turningVertices(_ v: UnsafeBufferPointer<Point>, into turns: inout [Int32], idBase: Int) {
        let n = v.count
        guard n >= 2 else { return }
        var first = 0
        for i in 1..<n where v[i] < v[first] { first = i }
        turns.append(Int32(idBase + first))
        var up = true  // leaving the smallest vertex, the ring goes up
        var i = first
        var p = v[first]
        for _ in 1..<n {
            i = i + 1 == n ? 0 : i + 1
            let q = v[i]
            let nextUp = q < v[i + 1 == n ? 0 : i + 1]
            if nextUp != up {
                turns.append(Int32(idBase + i))
                up = nextUp
            }
            p = q
        }
        _ = p
    }

    /// Writes the chains between consecutive turning vertices of one ring.
    private static func emit(
        _ v: UnsafeBufferPointer<Point>, turns: ArraySlice<Int32>, idBase: Int,
        _ p: UnsafeMutableBufferPointer<Point>, _ ids: UnsafeMutableBufferPointer<Int32>,
        _ offsets: UnsafeMutableBufferPointer<Int32>, _ boxes: UnsafeMutableBufferPointer<BoundingBox>,
        _ end: inout Int, _ chain: inout Int
    ) {
        let n = v.count
        guard let firstTurn = turns.first else { return }
        var start = Int(firstTurn) - idBase
        var up = true
        for t in 1...turns.count {
            let stop = t < turns.count ? Int(turns[turns.startIndex + t]) - idBase : Int(firstTurn) - idBase
            let length = (stop - start + n) % n + 1
            var k = up ? start : stop
            var low = v[k]
            var high = v[k]
            for s in end..<(end + length) {
                let q = v[k]
                p[s] = q
                ids[s] = Int32(idBase + k)
                if q.y < low.y { low.y = q.y }
                if q.y > high.y { high.y = q.y }
                if up { k = k + 1 == n ? 0 : k + 1 } else { k = k == 0 ? n - 1 : k - 1 }
            }
            low.x = p[end].x
            high.x = p[end + length - 1].x
            end += length
            boxes[chain] = BoundingBox(min: low, max: high)
            chain += 1
            offsets[chain] = Int32(end)
            start = stop
            up.toggle()
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
