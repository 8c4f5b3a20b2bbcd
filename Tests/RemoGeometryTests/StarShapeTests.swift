import Foundation
@_spi(Testing) @testable import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Star-shaped rings")
struct StarShapeTests {
    static func ring(_ coordinates: [(Double, Double)]) -> Ring {
        try! Ring(coordinates.map { Point($0.0, $0.1) })
    }

    @Test("a ring found star-shaped from any of several points is simple by the brute force", arguments: RingFamily.allCases)
    func neverWrong(family: RingFamily) throws {
        var found = 0
        for seed in UInt64(0)..<120 {
            let ring = try Ring(family.points(seed: seed, maximumCount: 300))
            guard let box = ring.boundingBox, let centre = ring.boxCentre else { continue }
            var rng = SplitMix64(seed: seed)
            let vertices = Array(ring.vertices)
            let centroid = Point(
                vertices.reduce(0) { $0 + $1.x } / Double(vertices.count), vertices.reduce(0) { $0 + $1.y } / Double(vertices.count))
            let inBox = Point(
                Double.random(in: box.min.x...box.max.x, using: &rng), Double.random(in: box.min.y...box.max.y, using: &rng))
            // Vertices and midpoints of edges lie on the ring: never a centre to see it from.
            let onRing = [vertices[0], Point(vertices[0].x / 2 + vertices[1].x / 2, vertices[0].y / 2 + vertices[1].y / 2)]
            let brute = ring.simplicityByBruteForce().isSimple
            for c in [centre, centroid, inBox] where ring.isStarShaped(around: c) {
                found += 1
                #expect(brute, "family \(family) seed \(seed): star-shaped around \(c) but not simple")
            }
            for c in onRing { #expect(!ring.isStarShaped(around: c), "family \(family) seed \(seed) around \(c)") }
        }
        // Lassos are star-shaped around the middle of their box: the fast path is taken.
        if family == .lasso { #expect(found >= 120) }
    }

    @Test(
        "near misses are refused: lassos that turn one way but go around twice, and lassos with an exact gore along a ray from the centre",
        arguments: UInt64(0)..<40)
    func nearMisses(seed: UInt64) throws {
        let centre = Point(0, 0)
        // Around twice: the radius swells and shrinks once per turn, so the turns cross.
        var rng = SplitMix64(seed: seed)
        let n = Int.random(in: 40...400, using: &rng)
        let twice = (0..<n).map { k -> Point in
            let t = 4 * Double.pi * Double(k) / Double(n)
            let r = 300 * (1 + 0.3 * cos(t / 2 + Double(seed)))
            return Point(r * cos(t), r * sin(t))
        }
        // A gore: out along the ray from the centre through a vertex and back part of the
        // way (four and two times the vertex: exact, so exactly on the ray).
        var gored = Shapes.lasso(count: n, center: centre, radius: 300, seed: seed)
        let i = Int.random(in: 0..<gored.count, using: &rng)
        gored.insert(contentsOf: [Point(4 * gored[i].x, 4 * gored[i].y), Point(2 * gored[i].x, 2 * gored[i].y)], at: i + 1)
        for (name, points) in [("around twice", twice), ("gore", gored)] {
            let ring = try Ring(points)
            #expect(!ring.simplicityByBruteForce().isSimple, "seed \(seed) \(name): the case is not the near miss meant")
            #expect(!ring.isStarShaped(around: centre), "seed \(seed) \(name): star-shaped but not simple")
            #expect(!ring.isSimple, "seed \(seed) \(name)")
        }
        // Without its gore the lasso is star-shaped: the refusal is the gore's.
        gored.removeSubrange((i + 1)...(i + 2))
        #expect(try Ring(gored).isStarShaped(around: centre), "seed \(seed)")
    }

    @Test("a pentagram turns one way around its centre but goes around it twice: not star-shaped, not simple")
    func pentagram() {
        let star = (0..<5).map { k -> (Double, Double) in
            let angle = Double(2 * k) * 2 * .pi / 5
            return (100 * cos(angle), 100 * sin(angle))
        }
        let ring = Self.ring(star)
        #expect(!ring.isStarShaped(around: Point(0, 0)))
        #expect(!ring.isSimple)
        // The pentagon through the same points goes around once.
        let pentagon = (0..<5).map { k -> (Double, Double) in
            let angle = Double(k) * 2 * .pi / 5
            return (100 * cos(angle), 100 * sin(angle))
        }
        #expect(Self.ring(pentagon).isStarShaped(around: Point(0, 0)))
        #expect(Self.ring(pentagon.reversed()).isStarShaped(around: Point(0, 0)))
    }

    @Test("a centre outside the ring, on an edge's line or seeing an edge backwards is refused")
    func refusals() {
        let square = Self.ring([(0, 0), (10, 0), (10, 10), (0, 10)])
        #expect(square.isStarShaped(around: Point(5, 5)))
        #expect(!square.isStarShaped(around: Point(15, 5)))
        #expect(!square.isStarShaped(around: Point(5, 0)))
        // An L seen from inside its corner square sees everything; from the far end of a leg, not.
        let ell = Self.ring([(0, 0), (10, 0), (10, 2), (2, 2), (2, 10), (0, 10)])
        #expect(ell.isStarShaped(around: Point(1, 1)))
        #expect(!ell.isStarShaped(around: Point(9, 1)))
        #expect(ell.isSimple)
    }

    @Test("centres a few ulps off an edge's line are decided exactly, where plain doubles err")
    func nearDegenerate() {
        // The triangle's first edge lies on y = x; the centre c is i and j ulps from
        // (0.5, 0.5): strictly inside exactly when j > i (above the line).
        let ulp = 0x1p-53
        let triangle = Self.ring([(-12, -12), (24, 24), (-24, 24)])
        var naiveWrong = 0
        for i in 0..<48 {
            for j in 0..<48 {
                let c = Point(0.5 + Double(i) * ulp, 0.5 + Double(j) * ulp)
                #expect(triangle.isStarShaped(around: c) == (j > i), "i=\(i) j=\(j)")
                let naive = (-12 - c.x) * (24 - c.y) - (-12 - c.y) * (24 - c.x)
                if (naive > 0) != (j > i) { naiveWrong += 1 }
            }
        }
        #expect(naiveWrong > 100)
    }

    @Test("lassos of every size are simple through the star path, and a crossing planted in one is found by the chains")
    func lassos() throws {
        for (n, seed) in [(10, 1), (500, 2), (20_000, 3)] {
            var points = Shapes.lasso(count: n, seed: UInt64(seed))
            let ring = try Ring(points)
            #expect(ring.isStarShaped(around: try #require(ring.boxCentre)))
            #expect(ring.simplicity() == .simple)
            // One vertex moved out beyond the opposite side: its edges cross the ring.
            let c = try #require(ring.boxCentre)
            let k = n / 3
            points[k] = Point(c.x + 1.5 * (c.x - points[k].x), c.y + 1.5 * (c.y - points[k].y))
            let broken = try Ring(points)
            #expect(!broken.simplicity().isSimple)
            #expect(!broken.simplicity(strategy: .sweep).isSimple)
            if n <= 500 { #expect(!broken.simplicityByBruteForce().isSimple) }
        }
    }
}
