import Foundation
import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Exact predicates")
struct PredicateTests {
    @Test("orient2d matches the 1000 reference signs of the orient2d corpus", TestData.needs(.orient2d))
    func referenceVectors() throws {
        let lines = try TestData.text(.orient2d, "orient2d.txt").split(separator: "\n")
        var checked = 0
        for line in lines {
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 8, let expected = Int(f[7]) else { continue }
            let v = f[1...6].map { Double($0)! }
            let sign = Predicates.orient2d(Point(v[0], v[1]), Point(v[2], v[3]), Point(v[4], v[5]))
            #expect(sign == expected, "vector \(f[0])")
            checked += 1
        }
        #expect(checked == 1000)
    }

    /// Exact orientation of points whose coordinates are integers (times 2⁻⁵³).
    static func exactSign(_ a: (Int64, Int64), _ b: (Int64, Int64), _ c: (Int64, Int64)) -> Int {
        let d = Int128(a.0 - c.0) * Int128(b.1 - c.1) - Int128(a.1 - c.1) * Int128(b.0 - c.0)
        return d > 0 ? 1 : (d < 0 ? -1 : 0)
    }

    @Test("near-degenerate grid around (0.5, 0.5) on the line through (12, 12) and (24, 24)")
    func nearDegenerateGrid() {
        // Kettner et al.'s classic failure of naive orientation: points p a few ulps
        // from the line y = x. Naive double arithmetic gets many of these wrong.
        let ulp = 0x1p-53
        var naiveWrong = 0
        for i in 0..<64 {
            for j in 0..<64 {
                let p = Point(0.5 + Double(i) * ulp, 0.5 + Double(j) * ulp)
                let q = Point(12, 12)
                let r = Point(24, 24)
                func fixed(_ v: Double) -> Int64 { Int64(v * 0x1p53) }
                let exact = Self.exactSign((fixed(p.x), fixed(p.y)), (fixed(q.x), fixed(q.y)), (fixed(r.x), fixed(r.y)))
                #expect(Predicates.orient2d(p, q, r) == exact, "i=\(i) j=\(j)")
                let naive = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
                if (naive > 0 ? 1 : naive < 0 ? -1 : 0) != exact { naiveWrong += 1 }
            }
        }
        // The test is meaningful: plain doubles fail here.
        #expect(naiveWrong > 100)
    }

    @Test("orient2d is antisymmetric and invariant under cyclic rotation on random near-collinear triples")
    func symmetries() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<5000 {
            let a = Point(Double.random(in: -1e6...1e6, using: &rng), Double.random(in: -1e6...1e6, using: &rng))
            let b = Point(Double.random(in: -1e6...1e6, using: &rng), Double.random(in: -1e6...1e6, using: &rng))
            let t = Double.random(in: -2...2, using: &rng)
            let c = Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))  // nearly collinear after rounding
            let s = Predicates.orient2d(a, b, c)
            #expect(Predicates.orient2d(b, c, a) == s)
            #expect(Predicates.orient2d(c, a, b) == s)
            #expect(Predicates.orient2d(b, a, c) == -s)
        }
    }

    @Test("dotSign decides right angles exactly")
    func dotSign() {
        #expect(Predicates.dotSign(Point(0, 0), Point(1, 0), Point(0, 5)) == 0)
        #expect(Predicates.dotSign(Point(0, 0), Point(1, 0), Point(1, 5)) == 1)
        #expect(Predicates.dotSign(Point(0, 0), Point(1, 0), Point(-1, 5)) == -1)
        // (1 + u)(1 − u) + (−1)(1) = −u²: naive doubles round it to 0.
        let u = 0x1p-30
        #expect(Predicates.dotSign(Point(0, 0), Point(1 + u, 1), Point(1 - u, -1)) == -1)
        #expect(Predicates.dotSign(Point(3, 3), Point(3, 3), Point(7, 1)) == 0)
    }
}
