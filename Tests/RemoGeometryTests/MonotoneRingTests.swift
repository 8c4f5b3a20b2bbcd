@_spi(Testing) @testable import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Monotone rings")
struct MonotoneRingTests {
    static func ring(_ coordinates: [(Double, Double)]) -> Ring {
        try! Ring(coordinates.map { Point($0.0, $0.1) })
    }

    /// Whether the walk along x or along y shows the ring simple.
    static func walkShowsSimple(_ ring: Ring) -> Bool {
        ring.isMonotoneAndSimple(along: AlongX.self) || ring.isMonotoneAndSimple(along: AlongY.self)
    }

    /// A ring of two sides between (0, w0) and (`top`, w1), each with its u never
    /// decreasing, on a small integer grid: many equal u (runs across the axis),
    /// touching and crossing sides, shared points. Interior u lie strictly between
    /// 0 and `top` when `strictInside`. `apart` keeps the sides' w from 1 and −1
    /// outwards (2), from 0 (1, so they may touch there) or lets them mix (0). With
    /// `swap`, x and y are exchanged.
    static func twoSided(_ rng: inout SplitMix64, strictInside: Bool, apart: Int, swap: Bool) -> [Point] {
        let top = Double(Int.random(in: 2...12, using: &rng))
        func side(_ sign: Int) -> [Point] {
            let range = strictInside ? 1...(Int(top) - 1) : 0...Int(top)
            let us = (0..<Int.random(in: 1...10, using: &rng)).map { _ in Double(Int.random(in: range, using: &rng)) }.sorted()
            let ws = apart == 0 ? -6...6 : (apart - 1)...6
            return us.map { Point($0, Double(sign * Int.random(in: ws, using: &rng))) }
        }
        let (start, end) = (Point(0, Double(Int.random(in: -3...3, using: &rng))), Point(top, Double(Int.random(in: -3...3, using: &rng))))
        let points = [start] + side(1) + [end] + side(-1).reversed()
        return swap ? points.map { Point($0.y, $0.x) } : points
    }

    @Test("on thousands of seeded two-sided grid rings: shown simple only when simple, and always when simple with no side along the ends")
    func againstBruteForce() throws {
        var rng = SplitMix64(seed: 2026)
        var (shown, simple, strictSimple) = (0, 0, 0)
        for seed in 0..<6000 {
            let strict = seed % 2 == 0
            let points = Self.twoSided(&rng, strictInside: strict, apart: seed % 3, swap: seed % 5 < 2)
            let ring = try Ring(points)
            guard ring.count >= 3 else { continue }
            let brute = ring.simplicityByBruteForce().isSimple
            let walk = Self.walkShowsSimple(ring)
            if walk { shown += 1 }
            if brute { simple += 1 }
            #expect(!walk || brute, "seed \(seed): shown simple but is not: \(points)")
            // Two sides strictly inside are monotone along the axis: the walk is complete there.
            if strict && brute {
                strictSimple += 1
                #expect(walk, "seed \(seed): simple and monotone but not shown: \(points)")
            }
        }
        // The families do what they say: enough of each kind.
        #expect(shown > 1000 && strictSimple > 500 && simple < 5000, "shown \(shown), simple \(simple), strict \(strictSimple)")
    }

    @Test("no seeded ring of any family is shown simple when it is not", arguments: RingFamily.allCases)
    func families(family: RingFamily) throws {
        for seed in UInt64(0)..<120 {
            let ring = try Ring(family.points(seed: seed, maximumCount: 300))
            if Self.walkShowsSimple(ring) {
                #expect(ring.simplicityByBruteForce().isSimple, "family \(family) seed \(seed)")
            }
        }
    }

    @Test("combs, rooms and staircases are shown simple, whichever way round and wherever they start")
    func monotoneShapes() throws {
        let shapes: [[(Double, Double)]] = [
            [(0, 0), (10, 0), (10, 10), (0, 10)],
            [(0, 0), (10, 0), (10, 2), (2, 2), (2, 10), (0, 10)],  // an L
            [(0, 0), (3, 0), (3, 1), (6, 1), (6, 2), (9, 2), (9, 5), (0, 5)],  // a staircase
            Shapes.comb(count: 400).map { ($0.x, $0.y) },
            Shapes.comb(count: 400).map { ($0.y, $0.x) },
        ]
        for shape in shapes {
            for k in [0, 1, shape.count / 2, shape.count - 1] {
                let rotated = Array(shape[k...] + shape[..<k])
                #expect(Self.walkShowsSimple(Self.ring(rotated)), "start \(k) of \(shape.prefix(4))")
                #expect(Self.walkShowsSimple(Self.ring(rotated.reversed())), "reversed, start \(k) of \(shape.prefix(4))")
            }
        }
    }

    @Test("sides that touch or run over each other, and a side that doubles back, are not shown simple")
    func touching() {
        let cases: [[(Double, Double)]] = [
            // A vertex of the upper side on the lower side's edge.
            [(0, 0), (10, 0), (10, 5), (5, 0), (0, 5)],
            // Both sides leave the lowest vertex along x = 0.
            [(0, 0), (0, 4), (5, 5), (10, 5), (0, 2)],
            // A tooth's edge doubling back on itself at one x.
            [(0, 0), (10, 0), (10, 6), (10, 3), (10, 8), (0, 8)],
            // Two sides meeting at a vertex halfway.
            [(0, 0), (5, 3), (10, 0), (10, 6), (5, 3), (0, 6)],
        ]
        for shape in cases {
            let ring = Self.ring(shape)
            #expect(!Self.walkShowsSimple(ring), "\(shape)")
            #expect(!ring.isSimple, "\(shape)")
        }
    }
}
