@testable import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Relation of two rings")
struct RelationTests {
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Ring {
        try! Ring([Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)])
    }

    @Test(
        "crafted cases",
        arguments: [
            (rect(0, 0, 10, 10), rect(20, 0, 30, 10), RingRelation.disjoint),
            (rect(0, 0, 10, 10), rect(10, 0, 20, 10), .touching),  // shared edge, outside each other
            (rect(0, 0, 10, 10), rect(10, 10, 20, 20), .touching),  // corner to corner
            (rect(0, 0, 10, 10), rect(10, 3, 20, 6), .touching),  // edge against part of an edge
            (rect(0, 0, 10, 10), rect(5, 5, 15, 15), .overlapping),  // crossing
            (rect(0, 0, 10, 10), rect(2, 2, 8, 8), .overlapping),  // containment, no contact
            (rect(0, 0, 10, 10), rect(0, 0, 5, 5), .overlapping),  // containment sharing a corner and edges
            (rect(0, 0, 10, 10), rect(0, 0, 10, 10), .overlapping),  // equal
            (rect(0, 0, 10, 10), rect(0, 0, 10, 5), .overlapping),  // shared edges, same side
            (rect(0, 0, 10, 10), rect(3, 10, 6, 20), .touching),
            (rect(0, 0, 10, 10), rect(3, 9.999999999999998, 6, 20), .overlapping),
            (rect(0, 0, 10, 10), rect(3, 10.000000000000002, 6, 20), .disjoint),
        ])
    func crafted(a: Ring, b: Ring, expected: RingRelation) {
        for strategy in [ContactStrategy.pairs, .transposedPairs, .sweep] {
            #expect(a.relation(to: b, strategy: strategy) == expected)
            #expect(b.relation(to: a, strategy: strategy) == expected)
        }
    }

    @Test("a triangle touching a square's edge with its tip from inside overlaps; from outside touches")
    func tips() throws {
        let square = Self.rect(0, 0, 10, 10)
        let inside = try Ring([Point(5, 0), Point(8, 5), Point(2, 5)])  // tip on the bottom edge, body inside
        let outside = try Ring([Point(5, 0), Point(8, -5), Point(2, -5)])
        #expect(square.relation(to: inside) == .overlapping)
        #expect(square.relation(to: outside) == .touching)
        // A star-shaped ring with a reflex vertex touching a convex vertex of another
        // that lies inside it (the case only a vertex-level test catches).
        let big = try Ring([Point(0, 0), Point(10, 5), Point(0, 10), Point(5, 5)])  // reflex at (5, 5)
        let small = try Ring([Point(5, 5), Point(3, 3), Point(3, 7)])  // to the left of (5,5): outside big
        #expect(big.relation(to: small) == .touching)
        let inner = try Ring([Point(5, 5), Point(7, 4.5), Point(7, 5.5)])  // to the right: inside big
        #expect(big.relation(to: inner) == .overlapping)
    }

    /// The O(nm) reference, independent of the sweep's wedge test: with no
    /// crossing, the interiors meet exactly when a piece of one boundary (between
    /// consecutive contacts) lies inside the other region, or a shared piece has
    /// both interiors on the same side. Piece midpoints are rounded, which is safe on
    /// small integer grids: a midpoint off the other boundary is far from it.
    static func bruteForce(_ a: Ring, _ b: Ring) -> RingRelation {
        var touched = false
        for i in 0..<a.count {
            for j in 0..<b.count {
                switch SegmentIntersection.classify(a.edge(i), b.edge(j)) {
                case .crossing: return .overlapping
                case .disjoint: break
                default: touched = true
                }
            }
        }
        if !touched {
            return a.locate(b.vertices[0]) == .inside || b.locate(a.vertices[0]) == .inside ? .overlapping : .disjoint
        }
        if piecesMeetInterior(a, b) || piecesMeetInterior(b, a) { return .overlapping }
        return .touching
    }

    static func piecesMeetInterior(_ a: Ring, _ b: Ring) -> Bool {
        let turnA = a.orientation
        let turnB = b.orientation
        for i in 0..<a.count {
            let e = a.edge(i)
            let dx = e.end.x - e.start.x
            let dy = e.end.y - e.start.y
            func parameter(_ p: Point) -> Double { ((p.x - e.start.x) * dx + (p.y - e.start.y) * dy) / (dx * dx + dy * dy) }
            var cuts: [Double] = [0, 1]
            for j in 0..<b.count {
                let f = b.edge(j)
                for p in [f.start, f.end] where e.contains(p) { cuts.append(parameter(p)) }
            }
            cuts.sort()
            for (t0, t1) in zip(cuts, cuts.dropFirst()) where t1 > t0 {
                let t = (t0 + t1) / 2
                let m = Point(e.start.x + t * dx, e.start.y + t * dy)
                if let j = (0..<b.count).first(where: { b.edge($0).contains(m) }) {
                    // A shared piece: interiors on the same side when the edges run the
                    // same way and the rings turn the same way, or both opposite.
                    let f = b.edge(j)
                    let sameDirection = dx * (f.end.x - f.start.x) + dy * (f.end.y - f.start.y) > 0
                    if sameDirection == (turnA == turnB) { return true }
                } else if b.locate(m) == .inside {
                    return true
                }
            }
        }
        return false
    }

    @Test("agrees with the brute force on seeded pairs of small integer-grid rings")
    func bruteForcePairs() throws {
        var rng = SplitMix64(seed: 77)
        var counts: [RingRelation: Int] = [:]
        var pairs = 0
        while pairs < 3000 {
            func gridRing() -> Ring? {
                let n = Int.random(in: 3...7, using: &rng)
                let pts = (0..<n).map { _ in Point(Double(Int.random(in: 0...6, using: &rng)), Double(Int.random(in: 0...6, using: &rng))) }
                guard let r = try? Ring(pts), r.isSimple else { return nil }
                return r
            }
            guard let a = gridRing(), let b = gridRing() else { continue }
            pairs += 1
            let expected = Self.bruteForce(a, b)
            for strategy in [ContactStrategy.pairs, .transposedPairs, .sweep] {
                #expect(a.relation(to: b, strategy: strategy) == expected, "\(strategy): \(a.vertices) vs \(b.vertices)")
            }
            counts[expected, default: 0] += 1
        }
        // The generator exercises all three answers.
        #expect(counts[.touching, default: 0] > 100 && counts[.disjoint, default: 0] > 100 && counts[.overlapping, default: 0] > 100)
    }
}
