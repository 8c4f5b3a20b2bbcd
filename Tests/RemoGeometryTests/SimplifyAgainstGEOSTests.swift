import Foundation
import RemoGEOS
import RemoGeometry
import RemoShapes
import Testing

/// Lasso simplification held to GEOS: `isValid` for simplicity, `relate` for regions kept
/// apart, the Hausdorff distance for the reported one, and `TopologyPreserveSimplify` as
/// the peer.
@Suite("Simplification against GEOS")
struct SimplifyTests {
    /// GEOS's Hausdorff distance between the original and the simplified ring: the farthest
    /// original point from the simplified ring (the simplified ring's points are original
    /// ones, and the chords between them are within the farthest vertex's distance).
    static func hausdorff(_ original: [Point], _ simplified: [Point]) throws -> Double {
        try GEOSGeometry.polygon(original).hausdorffDistance(to: GEOSGeometry.polygon(simplified))
    }

    /// Checks one outcome against GEOS and returns what is wrong with it.
    static func problems(_ original: [Point], _ outcome: RingSimplification.Outcome, maxPoints: Int, tolerance: Double? = nil)
        throws -> [String]
    {
        var found: [String] = []
        let result = try GEOSGeometry.polygon(outcome.points)
        if !(try result.isValid()) { found.append("not valid: \(try result.validity().reason ?? "")") }
        if !(try Ring(outcome.points).isSimple) { found.append("not simple") }
        if outcome.pointsAfter > maxPoints, tolerance == nil { found.append("\(outcome.pointsAfter) points") }
        // The reported distance bounds GEOS's from above, and by no more than the densifying can hide.
        let measured = try hausdorff(original, outcome.points)
        if measured > outcome.hausdorff * (1 + 1e-9) + 1e-9 { found.append("Hausdorff \(measured) > reported \(outcome.hausdorff)") }
        if let tolerance, outcome.hausdorff > tolerance { found.append("Hausdorff \(outcome.hausdorff) > tolerance \(tolerance)") }
        let (before, after) = (try GEOSGeometry.polygon(original).area(), try result.area())
        if (after / before - 1).magnitude > RingSimplification.maximumAreaChange + 1e-12 {
            found.append("area changed by \(after / before - 1)")
        }
        if ((after / before - 1) - outcome.areaChange).magnitude > 1e-9 {
            found.append("area change \(outcome.areaChange) reported, GEOS \(after / before - 1)")
        }
        return found
    }

    @Test(
        "dense jittery lassos of 2,000 to 100,000 points: simple, within the reported distance, area within 1 %",
        arguments: [2_000, 5_000, 20_000, 100_000])
    func denseLassos(count: Int) throws {
        let seeds: Range<UInt64> = count >= 100_000 ? 0..<2 : 0..<12
        var found: [String] = []
        for seed in seeds {
            let lasso = Shapes.lasso(count: count, seed: seed)
            for maxPoints in [500, 60] {
                let outcome = RingSimplification.simplify([lasso], maxPoints: maxPoints)[0]
                #expect(outcome.changed && outcome.pointsBefore == count)
                found += try Self.problems(lasso, outcome, maxPoints: maxPoints).map { "seed \(seed), \(maxPoints) points: \($0)" }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(8))")
    }

    @Test("a tolerance keeps every point within it, with about as few points as GEOS TopologyPreserveSimplify")
    func tolerance() throws {
        var found: [String] = []
        for seed in UInt64(0)..<20 {
            let lasso = Shapes.lasso(count: 5_000, seed: seed)
            for tolerance in [0.5, 2, 8] {
                let outcome = RingSimplification.simplify([lasso], maxPoints: 5_000, tolerance: tolerance)[0]
                found += try Self.problems(lasso, outcome, maxPoints: 5_000, tolerance: tolerance).map { "seed \(seed): \($0)" }
                let geos = try GEOSGeometry.polygon(lasso).topologyPreserveSimplify(tolerance: tolerance).exteriorPointCount() - 1
                // Douglas–Peucker's order, so about as many points as GEOS keeps (which
                // anchors the ring at other points).
                if Double(outcome.pointsAfter) > 1.05 * Double(geos) + 2 {
                    found.append("seed \(seed), tolerance \(tolerance): \(outcome.pointsAfter) points, GEOS \(geos)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(8))")
    }

    @Test("a long narrow peninsula stays simple however far it is simplified")
    func peninsula() throws {
        var found: [String] = []
        var brokenByPlainDouglasPeucker = 0
        for seed in UInt64(0)..<20 {
            let shape = Shapes.peninsula(count: 4_000, seed: seed)
            #expect(try Ring(shape).isSimple)
            for maxPoints in [200, 30, 8] {
                let outcome = RingSimplification.simplify([shape], maxPoints: maxPoints)[0]
                found += try Self.problems(shape, outcome, maxPoints: .max).map { "seed \(seed), \(maxPoints) points: \($0)" }
            }
            if !(try GEOSGeometry.closedLine(shape).simplify(tolerance: 6).isSimple()) { brokenByPlainDouglasPeucker += 1 }
        }
        #expect(found.isEmpty, "\(found.prefix(8))")
        // The shape is a real trap: plain Douglas–Peucker past the spike's width makes it cross itself.
        #expect(brokenByPlainDouglasPeucker > 10)
    }

    @Test("two regions a hair apart stay apart")
    func hairApart() throws {
        var found: [String] = []
        var brokenByPlainDouglasPeucker = 0
        for seed in UInt64(0)..<20 {
            let (left, right) = Shapes.hairApart(count: 3_000, seed: seed)
            for maxPoints in [300, 40] {
                let outcomes = RingSimplification.simplify([left, right], maxPoints: maxPoints)
                let a = try GEOSGeometry.polygon(outcomes[0].points)
                let b = try GEOSGeometry.polygon(outcomes[1].points)
                if try a.intersects(b) { found.append("seed \(seed), \(maxPoints) points: the regions meet") }
                found += try Self.problems(left, outcomes[0], maxPoints: .max).map { "seed \(seed) left: \($0)" }
                found += try Self.problems(right, outcomes[1], maxPoints: .max).map { "seed \(seed) right: \($0)" }
            }
            let plain = try [left, right].map { try GEOSGeometry.polygon($0).simplify(tolerance: 2) }
            if try plain[0].intersects(plain[1]) { brokenByPlainDouglasPeucker += 1 }
        }
        #expect(found.isEmpty, "\(found.prefix(8))")
        #expect(brokenByPlainDouglasPeucker > 10)
    }

    @Test("regions that share a stretch of boundary, point for point, do not come to overlap")
    func sharedBoundary() throws {
        var found: [String] = []
        var checked = 0
        for seed in UInt64(0)..<50 {
            // A lasso, and a cap on it: 300 of its points, reversed, and one point far out.
            let lasso = Shapes.lasso(count: 2_000, seed: seed)
            let k = Int(seed * 37) % 1_700
            let middle = lasso[k + 150]
            let cap = Array(lasso[k...k + 300].reversed()) + [Point(middle.x * 3, middle.y * 3)]
            let (a, b) = (try GEOSGeometry.polygon(lasso), try GEOSGeometry.polygon(cap))
            guard try b.isValid(), try a.relate(b).first == "F" else { continue }
            checked += 1
            for maxPoints in [200, 20] {
                let outcomes = RingSimplification.simplify([lasso, cap], maxPoints: maxPoints)
                let after = try GEOSGeometry.polygon(outcomes[0].points).relate(GEOSGeometry.polygon(outcomes[1].points))
                if after.first != "F" { found.append("seed \(seed), \(maxPoints) points: now \(after)") }
                found += try Self.problems(lasso, outcomes[0], maxPoints: .max).map { "seed \(seed): \($0)" }
            }
        }
        #expect(checked >= 40)
        #expect(found.isEmpty, "\(found.prefix(8))")
    }

    @Test("a spiral of 200,000 points, 50 turns of two arms 1.5 pixels apart, stays simple")
    func spiral() throws {
        // Out along one arm and back along another 1.5 pixels beside it: 50 turns, 25 apart.
        let n = 100_000
        let turns = 50.0
        func arm(_ offset: Double) -> [Point] {
            (0..<n).map { k in
                let theta = 2 * Double.pi * turns * Double(k) / Double(n - 1)
                let r = 10 + 4 * theta + offset
                return Point(2_000 + r * cos(theta), 2_000 + r * sin(theta))
            }
        }
        let shape = arm(0) + arm(1.5).reversed()
        #expect(try Ring(shape).isSimple)
        let outcome = RingSimplification.simplify([shape], maxPoints: 500)[0]
        #expect(outcome.changed && outcome.pointsAfter < 20_000)
        #expect(try Ring(outcome.points).isSimple)
        #expect(outcome.areaChange.magnitude <= RingSimplification.maximumAreaChange)
    }

    @Test("a ring that crosses itself is left as it was, and one already small enough too")
    func leftAlone() throws {
        let bowTie = [Point(0, 0), Point(10, 10), Point(10, 0), Point(0, 10)]
        let small = Shapes.lasso(count: 100, seed: 1)
        let outcomes = RingSimplification.simplify([bowTie, small, [Point(0, 0), Point(1, .nan), Point(2, 0)]], maxPoints: 500)
        #expect(outcomes[0].skipped == .notSimple && outcomes[0].points == bowTie)
        #expect(outcomes[1].skipped == nil && !outcomes[1].changed && outcomes[1].points == small)
        #expect(outcomes[2].skipped == .invalid)
    }

    @Test("the area budget holds: a lasso that would lose more than 1 % keeps its points")
    func areaBudget() throws {
        // A fine zigzag around a square: every tooth holds area, so a few points can not
        // carry the shape within 1 %.
        var saw: [Point] = []
        for k in 0..<400 { saw.append(Point(Double(k) * 5, k % 2 == 0 ? 0 : 40)) }
        let shape = saw + [Point(1995, 100), Point(0, 100)]
        let outcome = RingSimplification.simplify([shape], maxPoints: 10)[0]
        #expect(outcome.pointsAfter > 10)
        #expect(outcome.areaChange.magnitude <= RingSimplification.maximumAreaChange)
        #expect(try Self.problems(shape, outcome, maxPoints: .max).isEmpty)
    }
}
