import RemoGeometry
import RemoShapes
import Testing

@Suite("Point in polygon")
struct PointLocationTests {
    let square = try! Ring([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])

    @Test("inside, outside, on edges and at vertices")
    func square_() {
        #expect(square.locate(Point(5, 5)) == .inside)
        #expect(square.locate(Point(15, 5)) == .outside)
        #expect(square.locate(Point(10, 5)) == .boundary)
        #expect(square.locate(Point(0, 0)) == .boundary)
        #expect(square.locate(Point(5, 10)) == .boundary)
        #expect(square.locate(Point(-1, 0)) == .outside)  // on the line of an edge, off it
        #expect(square.locate(Point(10.000000000000002, 5)) == .outside)
    }

    /// Exact winding-number oracle for integer coordinates.
    static func oracle(_ ring: [(Int, Int)], _ p: (Int, Int)) -> PointLocation {
        var winding = 0
        for i in 0..<ring.count {
            let a = ring[i]
            let b = ring[(i + 1) % ring.count]
            let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
            if cross == 0 && min(a.0, b.0) <= p.0 && p.0 <= max(a.0, b.0) && min(a.1, b.1) <= p.1 && p.1 <= max(a.1, b.1) {
                return .boundary
            }
            if a.1 <= p.1 {
                if b.1 > p.1 && cross > 0 { winding += 1 }
            } else if b.1 <= p.1 && cross < 0 {
                winding -= 1
            }
        }
        return winding != 0 ? .inside : .outside
    }

    @Test("agrees with an exact integer winding number on seeded grid lassos")
    func oracleAgreement() throws {
        var rng = SplitMix64(seed: 9)
        var checked = 0
        for seed in UInt64(0)..<60 {
            let points = Shapes.lasso(count: 60, center: Point(40, 40), radius: 30, seed: seed).map {
                (Int($0.x.rounded()), Int($0.y.rounded()))
            }
            let ring = try Ring(points.map { Point(Double($0.0), Double($0.1)) })
            guard ring.isSimple else { continue }
            for _ in 0..<200 {
                let p = (Int.random(in: 0...80, using: &rng), Int.random(in: 0...80, using: &rng))
                #expect(ring.locate(Point(Double(p.0), Double(p.1))) == Self.oracle(points, p), "seed \(seed) point \(p)")
                checked += 1
            }
            // Every vertex and every exact edge midpoint is on the boundary.
            for i in 0..<ring.count {
                let e = ring.edge(i)
                #expect(ring.locate(e.start) == .boundary)
                #expect(ring.locate(Point((e.start.x + e.end.x) / 2, (e.start.y + e.end.y) / 2)) == .boundary)
            }
        }
        #expect(checked > 5000)
    }
}
