import RemoGeometry

/// Cuts polygons into horizontal slabs for ``FreeFloorRectangles``, reusing its
/// working memory from one polygon to the next.
struct SlabCutter {
    /// An edge across a slab: its x at the slab's bottom and top.
    struct Crossing {
        var bottom: Double
        var top: Double
        /// The range of x it covers in the slab.
        var low: Double { min(bottom, top) }
        var high: Double { max(bottom, top) }
        /// For sorting left to right: the sum of its x at the bottom and top.
        var middle: Double { bottom + top }

        /// Its x a `fraction` of the way up the slab (exact at the bottom and top).
        @inline(__always)
        func x(at fraction: Double) -> Double { fraction == 1 ? top : bottom + (top - bottom) * fraction }
    }

    /// An edge that is not horizontal, its ends by height.
    private struct Edge {
        var low: Point
        var high: Point
    }

    private var heights: [Double] = []
    private var edges: [Edge] = []
    private var crossings: [Crossing] = []

    /// Calls `body` for each slab [y0, y1] of the polygon, between consecutive vertex
    /// heights, with the range of x each edge across it covers there, sorted left to
    /// right: the inside lies between the first and second, the third and fourth, and
    /// so on.
    mutating func forEach(of polygon: ArraySlice<Point>, _ body: (Double, Double, Slice<UnsafeMutableBufferPointer<Crossing>>) -> Void) {
        guard polygon.count >= 3 else { return }
        // The working arrays only grow; counts say how much of them is in use (emptying
        // an array keeping its capacity costs more than the work here).
        let n = polygon.count
        if heights.count < n {
            heights += repeatElement(0, count: n - heights.count)
            edges += repeatElement(Edge(low: Point(0, 0), high: Point(0, 0)), count: n - edges.count)
            crossings += repeatElement(Crossing(bottom: 0, top: 0), count: n - crossings.count)
        }
        heights.withUnsafeMutableBufferPointer { heights in
            edges.withUnsafeMutableBufferPointer { edges in
                crossings.withUnsafeMutableBufferPointer { crossings in
                    var edgeCount = 0
                    var p = polygon[polygon.endIndex - 1]
                    for (k, q) in polygon.enumerated() {
                        heights[k] = q.y
                        if p.y != q.y {
                            edges[edgeCount] = p.y < q.y ? Edge(low: p, high: q) : Edge(low: q, high: p)
                            edgeCount += 1
                        }
                        p = q
                    }
                    UnsafeMutableBufferPointer(rebasing: heights[0..<n]).sortFew(by: { $0 < $1 })
                    for s in 1..<n where heights[s] > heights[s - 1] {
                        let (ya, yb) = (heights[s - 1], heights[s])
                        var count = 0
                        for e in 0..<edgeCount {
                            let (low, high) = (edges[e].low, edges[e].high)
                            guard low.y <= ya && high.y >= yb else { continue }
                            let (xa, xb) = (Self.x(of: low, high, at: ya), Self.x(of: low, high, at: yb))
                            crossings[count] = Crossing(bottom: xa, top: xb)
                            count += 1
                        }
                        UnsafeMutableBufferPointer(rebasing: crossings[0..<count]).sortFew(by: { $0.middle < $1.middle })
                        body(ya, yb, crossings[0..<count])
                    }
                }
            }
        }
    }

    /// The x of the edge from `low` to `high` at height `y`, exact at its ends.
    private static func x(of low: Point, _ high: Point, at y: Double) -> Double {
        if y == low.y { return low.x }
        if y == high.y { return high.x }
        return low.x + (y - low.y) * (high.x - low.x) / (high.y - low.y)
    }

    /// [low, high] pulled in by ``FitTolerance/pullIn``, so that a box of the sure cover
    /// stays inside what it covers in spite of rounding.
    static func pulledIn(_ low: Double, _ high: Double) -> (Double, Double) {
        let hair = FitTolerance.relative(FitTolerance.pullIn, to: max(abs(low), abs(high)))
        return (low + hair, high - hair)
    }
}
