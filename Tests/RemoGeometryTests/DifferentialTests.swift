import RemoGEOS
@testable import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

/// remo-geom against GEOS on seeded rings: every verdict must agree.
@Suite("Differential against GEOS")
struct DifferentialTests {
    /// GEOS's validity of the polygon whose shell runs through the points as given.
    static func geosValid(_ points: [Point]) throws -> Bool {
        guard let polygon = try? GEOSGeometry.polygon(points) else { return false }  // GEOS refuses too few points
        return try polygon.isValid()
    }

    static let seedsPerFamily: UInt64 = 900

    @Test("simplicity equals GEOS isValid and areas match, 900 rings per family", arguments: RingFamily.allCases)
    func simplicityAndArea(family: RingFamily) throws {
        var disagreements: [String] = []
        var invalid = 0
        for seed in UInt64(0)..<Self.seedsPerFamily {
            let points = family.points(seed: seed)
            let ring = try? Ring(points)
            let ours = ring?.isSimple ?? false
            let theirs = try Self.geosValid(points)
            // The paths the usual one leaves to comb-like inputs must agree too.
            for strategy in [ContactStrategy.transposedPairs, .sweep] {
                if let ring, ring.simplicity(strategy: strategy).isSimple != theirs {
                    disagreements.append("seed \(seed): remo-geom \(strategy) \(!theirs), GEOS \(theirs)")
                }
            }
            if ours != theirs {
                let reason = (try? GEOSGeometry.polygon(points).validity().reason) ?? nil
                disagreements.append("seed \(seed): remo-geom \(ours), GEOS \(theirs) (\(reason ?? "-"))")
            }
            if !ours { invalid += 1 }
            if let ring, ours, theirs {
                let geosArea = try GEOSGeometry.polygon(points).area()
                let relative = (ring.area - geosArea).magnitude / Swift.max(geosArea, .leastNormalMagnitude)
                if relative > 1e-9 { disagreements.append("seed \(seed): area \(ring.area) vs GEOS \(geosArea)") }
            }
        }
        #expect(disagreements.isEmpty, "family \(family): \(disagreements.prefix(5).joined(separator: "; "))")
        // Each family does what it says: lassos are valid, the broken families mostly invalid.
        switch family {
        case .lasso, .hugeCoordinates, .tinyCoordinates: #expect(invalid == 0)
        case .exactPinch, .vertexOnEdge, .spike: #expect(invalid == Int(Self.seedsPerFamily))
        default: break
        }
    }

    /// Our relation in GEOS's terms, from a DE-9IM matrix.
    static func relation(fromMatrix m: String) -> RingRelation {
        let c = Array(m)
        if c[0] != "F" { return .overlapping }
        return [c[1], c[3], c[4]].contains(where: { $0 != "F" }) ? .touching : .disjoint
    }

    @Test("relation equals GEOS relate on pairs of valid rings: grids, lassos near each other, exact touches")
    func relations() throws {
        var rng = SplitMix64(seed: 2024)
        var counts: [RingRelation: Int] = [:]
        var disagreements: [String] = []
        var pairs = 0
        func check(_ a: [Point], _ b: [Point], _ label: String) throws {
            guard let ra = try? Ring(a), let rb = try? Ring(b), ra.isSimple, rb.isSimple else { return }
            let ours = ra.relation(to: rb)
            let theirs = Self.relation(fromMatrix: try GEOSGeometry.polygon(a).relate(GEOSGeometry.polygon(b)))
            if ours != theirs { disagreements.append("\(label): remo-geom \(ours), GEOS \(theirs)") }
            for strategy in [ContactStrategy.transposedPairs, .sweep] {
                let other = ra.relation(to: rb, strategy: strategy)
                if other != theirs { disagreements.append("\(label): remo-geom \(strategy) \(other), GEOS \(theirs)") }
            }
            counts[theirs, default: 0] += 1
            pairs += 1
        }
        // Small integer grids: touches, shared edges and containment are common.
        for i in 0..<3000 {
            func grid() -> [Point] {
                (0..<Int.random(in: 3...8, using: &rng)).map { _ in
                    Point(Double(Int.random(in: 0...6, using: &rng)), Double(Int.random(in: 0...6, using: &rng)))
                }
            }
            try check(grid(), grid(), "grid pair \(i)")
        }
        // Lassos at random offsets: apart, crossing, nested.
        for i in 0..<600 {
            let n = Int.random(in: 100...600, using: &rng)
            let a = Shapes.lasso(count: n, center: Point(0, 0), radius: 300, seed: rng.next())
            let offset = Point(Double.random(in: -700...700, using: &rng), Double.random(in: -700...700, using: &rng))
            let scale = [1.0, 0.3, 0.5][i % 3]
            let b = Shapes.lasso(count: n, center: offset, radius: 300 * scale, seed: rng.next())
            try check(a, b, "lasso pair \(i)")
        }
        // Integer lassos touching at a vertex or along an edge, from inside and outside.
        for i in 0..<600 {
            let a = Shapes.lasso(count: 200, center: Point(0, 0), radius: 100, seed: rng.next()).map {
                Point($0.x.rounded(), $0.y.rounded())
            }
            let k = Int.random(in: 0..<a.count, using: &rng)
            let v = a[k]
            let w = a[(k + 1) % a.count]
            let outward = Point(v.x * 2, v.y * 2)
            let inward = Point((v.x / 2).rounded(), (v.y / 2).rounded())
            let side = Point(v.x + (w.y - v.y), v.y - (w.x - v.x))
            try check(a, [v, outward, Point(outward.x + 7, outward.y + 3)], "vertex touch outside \(i)")
            try check(a, [v, inward, Point(inward.x + 3, inward.y - 2)], "vertex touch inside \(i)")
            try check(a, [v, w, side], "shared edge \(i)")
            try check(a, [w, v, side], "shared edge reversed \(i)")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(pairs): \(disagreements.prefix(5).joined(separator: "; "))")
        #expect(pairs > 3000)
        #expect(counts[.touching, default: 0] > 300 && counts[.disjoint, default: 0] > 300 && counts[.overlapping, default: 0] > 300)
    }
}
