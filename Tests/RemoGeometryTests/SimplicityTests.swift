@_spi(Testing) @testable import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Simplicity")
struct SimplicityTests {
    static func ring(_ coordinates: [(Double, Double)]) -> Ring {
        try! Ring(coordinates.map { Point($0.0, $0.1) })
    }

    @Test("a square, a triangle and a concave lasso are simple")
    func simpleShapes() throws {
        #expect(Self.ring([(0, 0), (10, 0), (10, 10), (0, 10)]).isSimple)
        #expect(Self.ring([(0, 0), (10, 0), (5, 7)]).isSimple)
        #expect(Self.ring([(0, 0), (10, 0), (10, 10), (5, 2), (0, 10)]).isSimple)
        #expect(try Ring(Shapes.lasso(count: 2000, seed: 1)).isSimple)
    }

    @Test("a figure eight reports its crossing edges and point")
    func figureEight() {
        let result = Self.ring([(0, 0), (10, 10), (10, 0), (0, 10)]).simplicity()
        guard case .selfIntersection(let hit) = result else {
            Issue.record("expected a self-intersection, got \(result)")
            return
        }
        #expect(hit.kind == .crossing)
        #expect(hit.firstEdge == 0 && hit.secondEdge == 2)
        #expect(hit.point == Point(5, 5))
    }

    @Test("a pinch (a vertex repeated far apart) is a touching self-intersection at that point")
    func pinch() {
        // Bow-tie through (5, 5) given twice.
        let result = Self.ring([(0, 0), (5, 5), (10, 0), (10, 10), (5, 5), (0, 10)]).simplicity()
        guard case .selfIntersection(let hit) = result else {
            Issue.record("expected a self-intersection")
            return
        }
        #expect(hit.kind == .touching)
        #expect(hit.point == Point(5, 5))
        Self.confirm(hit, in: Self.ring([(0, 0), (5, 5), (10, 0), (10, 10), (5, 5), (0, 10)]))
    }

    @Test("every start of a pinched bow-tie and of a simple ring gives the same verdict on every path")
    func everyStart() {
        // Chains are cut at vertex 0 as well as at turns: the contact must be found
        // wherever the ring starts, also when it starts at the pinch or mid-chain.
        let shapes: [([(Double, Double)], Bool)] = [
            ([(0, 0), (5, 5), (10, 0), (10, 10), (5, 5), (0, 10)], false),
            ([(0, 0), (4, 1), (8, 0), (9, 4), (8, 8), (4, 9), (0, 8), (1, 4)], true),
            ([(0, 0), (6, 0), (6, 6), (3, 0), (0, 6)], false),  // a vertex on an edge
        ]
        for (shape, simple) in shapes {
            for k in shape.indices {
                let rotated = Array(shape[k...] + shape[..<k])
                let ring = Self.ring(rotated)
                for strategy in [ContactStrategy.automatic, .pairs, .transposedPairs, .sweep] {
                    let found = ring.simplicity(strategy: strategy)
                    #expect(found.isSimple == simple, "start \(k), \(strategy): \(found)")
                    if case .selfIntersection(let hit) = found { Self.confirm(hit, in: ring) }
                }
            }
        }
    }

    @Test("a vertex touching another edge, a spike and a zero-area ring are self-intersections")
    func degenerateContacts() {
        // Vertex (5, 0) of the notch touches the bottom edge.
        #expect(!Self.ring([(0, 0), (10, 0), (10, 10), (5, 0), (0, 10)]).isSimple)
        // Spike: out along the top edge and back.
        #expect(!Self.ring([(0, 0), (10, 0), (10, 10), (15, 10), (5, 10), (0, 10)]).isSimple)
        // Gore: collinear back-track at a vertex.
        #expect(!Self.ring([(0, 0), (10, 0), (20, 0), (15, 0), (15, 10)]).isSimple)
        // All collinear: zero area.
        #expect(!Self.ring([(0, 0), (1, 1), (2, 2)]).isSimple)
        #expect(!Self.ring([(0, 0), (4, 0), (2, 0), (3, 0)]).isSimple)
    }

    @Test("findings name input indices, not normalised ones")
    func inputIndices() {
        // Duplicates before the crossing shift the input indices.
        let result = Self.ring([(0, 0), (0, 0), (0, 0), (10, 10), (10, 0), (0, 10)]).simplicity()
        guard case .selfIntersection(let hit) = result else {
            Issue.record("expected a self-intersection")
            return
        }
        #expect(hit.firstEdge == 0 && hit.secondEdge == 4)
    }

    @Test(
        "combs of long teeth along x, along y and sheared are simple; a planted crossing deep inside is found by every path",
        arguments: ["along x", "along y", "sheared"])
    func combs(orientation: String) throws {
        // Exact maps: a swap, or a shear by 1/2 of small integers.
        func place(_ p: Point) -> Point {
            switch orientation {
            case "along y": return Point(p.y, p.x)
            case "sheared": return Point(p.x, p.y + p.x / 2)
            default: return p
            }
        }
        let comb = Shapes.comb(count: 4000).map(place)
        let whole = try Ring(comb)
        for strategy in [ContactStrategy.automatic, .pairs, .transposedPairs, .sweep] {
            #expect(whole.simplicity(strategy: strategy).isSimple, "\(strategy)")
        }
        var broken = comb
        // Swap two spine corners far apart: their edges now cut across many teeth.
        broken.swapAt(1999, 3)
        let ring = try Ring(broken)
        #expect(!ring.simplicityByBruteForce().isSimple)
        for strategy in [ContactStrategy.automatic, .pairs, .transposedPairs, .sweep] {
            let found = ring.simplicity(strategy: strategy)
            #expect(!found.isSimple, "\(strategy)")
            if case .selfIntersection(let hit) = found { Self.confirm(hit, in: ring) }
        }
    }

    /// Checks that a reported contact is real: the two edges meet at the point.
    static func confirm(_ hit: SelfIntersection, in ring: Ring) {
        guard let a = ring.inputIndices.firstIndex(of: hit.firstEdge), let b = ring.inputIndices.firstIndex(of: hit.secondEdge)
        else {
            Issue.record("reported edges \(hit.firstEdge), \(hit.secondEdge) are not vertices of the ring")
            return
        }
        let meeting = SegmentIntersection.classify(ring.edge(a), ring.edge(b))
        #expect(meeting.meets, "reported edges do not meet: \(hit)")
        if hit.kind != .crossing {
            #expect(ring.edge(a).contains(hit.point) && ring.edge(b).contains(hit.point), "\(hit)")
        }
    }

    @Test("the sweep agrees with the O(n²) brute force on seeded degenerate rings", arguments: RingFamily.allCases)
    func bruteForce(family: RingFamily) throws {
        for seed in UInt64(0)..<120 {
            let points = family.points(seed: seed, maximumCount: 300)
            let ring = try Ring(points)
            let brute = ring.simplicityByBruteForce()
            // Every way of finding contacts, each against the brute force.
            for strategy in [ContactStrategy.automatic, .pairs, .transposedPairs, .sweep] {
                let found = ring.simplicity(strategy: strategy)
                #expect(found.isSimple == brute.isSimple, "family \(family) seed \(seed) \(strategy): \(found), brute \(brute)")
                if case .selfIntersection(let hit) = found { Self.confirm(hit, in: ring) }
            }
        }
    }

    @Test("the verdict is invariant under reversal, rotation, translation, scaling by 2^k and mirroring", arguments: RingFamily.allCases)
    func invariances(family: RingFamily) throws {
        for seed in UInt64(1000)..<1040 {
            let points = family.points(seed: seed, maximumCount: 400)
            let verdict = try Ring(points).isSimple
            #expect(try Ring(points).simplicity(strategy: .sweep).isSimple == verdict)
            let k = Int(seed % UInt64(points.count))
            let rotated = Array(points[k...] + points[..<k])
            let variants: [(String, [Point])] = [
                ("reversed", points.reversed()),
                ("rotated", rotated),
                ("mirrored", points.map { Point(-$0.x, $0.y) }),
                ("swapped axes", points.map { Point($0.y, $0.x) }),
                ("scaled by 2^-7", points.map { Point($0.x * 0x1p-7, $0.y * 0x1p-7) }),
                ("scaled by 2^5", points.map { Point($0.x * 32, $0.y * 32) }),
            ]
            for (name, variant) in variants {
                #expect(try Ring(variant).isSimple == verdict, "family \(family) seed \(seed): \(name)")
            }
            if family == .integerGrid || family == .vertexOnEdge || family == .spike {
                // Integer translations are exact on integer grids.
                #expect(try Ring(points.map { Point($0.x + 1024, $0.y - 4096) }).isSimple == verdict)
            }
        }
    }
}
