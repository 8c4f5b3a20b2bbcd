import Foundation
import RemoGeometry
import RemoShapes
import Testing

@testable import RemoLasso

/// Documents within every limit that would cost minutes or gigabytes without the work budgets: each
/// now does work bounded by a documented function of its size. The bounds are asserted
/// on work counters, never on time.
@Suite("Bounded work on hostile documents")
struct BoundedWorkTests {
    static func square(_ x: Double, _ y: Double, _ side: Double) -> [Point] {
        [Point(x, y), Point(x + side, y), Point(x + side, y + side), Point(x, y + side)]
    }

    static func document(_ rings: [[Point]], ids: [String]? = nil, width: Double = 1024, height: Double = 1024) -> RegionDocument {
        RegionDocument(
            image: ImageSize(width: width, height: height),
            regions: rings.enumerated().map { Region(id: ids?[$0] ?? "r\($0)", number: $0 + 1, points: $1) })
    }

    @Test("1,000 small squares (a 90 KB document, 7 minutes before): only pairs whose boxes meet are related, and no chips")
    func thousandSquares() {
        let squares: [[Point]] = (0..<1000).map { (k: Int) -> [Point] in
            let (column, row) = (Double(k % 100), Double(k / 100))
            return Self.square(10 * column, 10 * row, 5)
        }
        let report = LassoValidator().validate(Self.document(squares))
        #expect(!report.valid && report.findings.contains { $0.code == FindingCode.tooManyRegions })
        #expect(report.chips.isEmpty, "a document over the region limit gets no chips")
        let codes = Set(report.findings.map(\.code))
        #expect(!codes.contains(.chipUnplaceable) && !codes.contains(.overlap))
        let overlaps = RegionOverlaps(report.regions, budget: RegionOverlaps.workBudget)
        // Squares 5 apart on a grid of 10: no two boxes meet, so no pair is related.
        #expect(overlaps.pairsTested == 0 && overlaps.complete)
    }

    @Test("600 copies of one square with 1 KB ids (745 MB of findings before): 16 overlaps, the last saying more were found")
    func identicalSquares() {
        let ids = (0..<600).map { String(format: "%04d", $0) + String(repeating: "x", count: 1020) }
        let report = LassoValidator().validate(Self.document(Array(repeating: Self.square(100, 100, 400), count: 600), ids: ids))
        let overlaps = report.findings.filter { $0.code == .overlap }
        #expect(overlaps.count == RegionOverlaps.maximumFindings)
        #expect(overlaps.last?.message.contains("at most 16 overlaps are reported") == true)
        #expect(overlaps.dropLast().allSatisfy { !$0.message.contains("at most") })
        let check = RegionOverlaps(report.regions, budget: RegionOverlaps.workBudget)
        #expect(check.pairsTested == RegionOverlaps.maximumFindings + 1, "the check stops at the first overlap past the cap")
    }

    @Test("within the region limit every overlapping pair is reported, in the order of the regions")
    func allPairsWithinTheLimit() {
        let rings = [Self.square(100, 100, 300), Self.square(350, 350, 300), Self.square(200, 200, 300)]
        let report = LassoValidator().validate(Self.document(rings))
        #expect(report.findings.filter { $0.code == .overlap }.map(\.regions) == [["r0", "r1"], ["r0", "r2"], ["r1", "r2"]])
    }

    @Test("nested lassos over the region limit: relation tests stop at the work budget, and too-many-regions says so")
    func nestedLassosBudget() {
        // Forty nested 2,000-point lassos: every box meets every other, and no two overlap
        // is not known until each pair is related.
        let rings = (0..<40).map { k in
            Shapes.lasso(count: 2_000, center: Point(512, 512), radius: 100 + 9 * Double(k), seed: UInt64(k))
        }
        let document = Self.document(rings)
        let report = LassoValidator(rules: LassoRules()).validate(document)
        let simple = report.regions.filter { $0.area != nil }
        let budget = 100_000
        let limited = RegionOverlaps(report.regions, budget: budget)
        #expect(!limited.complete)
        #expect(limited.pointsExamined < budget + 2 * 2_000, "at most one pair past the budget")
        let unlimited = RegionOverlaps(report.regions, budget: nil)
        #expect(unlimited.pairsTested <= simple.count * (simple.count - 1) / 2)
        // Through the validator (a budget of 8 million points): 780 pairs fit, so the
        // check is complete and the 16 findings cap is what stops it.
        #expect(report.findings.filter { $0.code == .overlap }.count == RegionOverlaps.maximumFindings)
    }

    @Test("the work budget is named in too-many-regions when it cuts the check short")
    func budgetNamedInFinding() {
        // 26 nested L shapes of 20,000 points: every box holds the next one, no two
        // shapes overlap, so every pair must be related (13 million points in all).
        let rings = (0..<26).map { k -> [Point] in
            let c = Double(10 * k)
            let corners = [Point(c, c), Point(1000, c), Point(1000, c + 5), Point(c + 5, c + 5), Point(c + 5, 1000), Point(c, 1000)]
            return (0..<corners.count).flatMap { i -> [Point] in
                let (a, b) = (corners[i], corners[(i + 1) % corners.count])
                let steps = 20_000 / corners.count
                return (0..<steps).map { t in
                    Point(a.x + (b.x - a.x) * Double(t) / Double(steps), a.y + (b.y - a.y) * Double(t) / Double(steps))
                }
            }
        }
        let report = LassoValidator().validate(Self.document(rings, width: 1024, height: 1024))
        let finding = report.findings.first { $0.code == .tooManyRegions }
        let check = RegionOverlaps(report.regions, budget: RegionOverlaps.workBudget)
        #expect(!report.findings.contains { $0.code == .overlap })
        #expect(!check.complete && check.pointsExamined <= RegionOverlaps.workBudget + 40_000)
        #expect(finding?.message.contains("overlap was checked for the first \(check.pairsTested) pairs") == true)
    }

    @Test("three 8,000-point regions tiling the image leave no room: each chip stops at the candidate budget, with a warning")
    func tilingRegionsChipBudget() {
        func strip(_ x0: Double, _ x1: Double) -> [Point] {
            let corners = [Point(x0, 0), Point(x1, 0), Point(x1, 768), Point(x0, 768)]
            return (0..<4).flatMap { i -> [Point] in
                let (a, b) = (corners[i], corners[(i + 1) % 4])
                return (0..<2_000).map { k in Point(a.x + (b.x - a.x) * Double(k) / 2_000, a.y + (b.y - a.y) * Double(k) / 2_000) }
            }
        }
        let document = Self.document([strip(0, 341), strip(341, 682), strip(682, 1024)], width: 1024, height: 768)
        let placement = ChipPlacer().placeCounting(document)
        #expect(placement.chips.count == 3)
        #expect(placement.warnings.count == 3 && placement.warnings.allSatisfy { $0.code == .chipUnplaceable })
        #expect(placement.candidatesMeasured <= 3 * ChipPlacer.candidateBudget)
        // Deterministic: the same chips again.
        #expect(ChipPlacer().place(document).chips == placement.chips)
    }

    @Test(
        "a dozen regions whose boxes dwarf the canvas (found by schemathesis: 17 s per request): the candidates looked at per chip are capped too"
    )
    func hugeBoxesChipLimit() {
        // Each box is 10^16 wide; every ring of candidates around it has 16,384 points, all
        // off the canvas, so none is measured and only the limit on candidates looked at
        // ends the search.
        let triangles = (0..<12).map { k -> [Point] in
            let shift = Double(k) * 1e15
            return [Point(-5e15 + shift, -5e15), Point(5e15 + shift, -4e15), Point(shift, 5e15)]
        }
        let placement = ChipPlacer().placeCounting(Self.document(triangles, width: 1024, height: 768))
        #expect(placement.chips.count == 12)
        #expect(placement.candidatesConsidered <= 12 * ChipPlacer.candidateLimit)
        #expect(placement.candidatesMeasured <= 12 * ChipPlacer.candidateBudget)
    }

    @Test("a ring that goes back and forth between two points (A, B, A, B) has too few points, not a self-intersection")
    func twoPointsRepeated() {
        let a = Point(100, 100)
        let b = Point(400, 300)
        for points in [[a, b, a, b], [a, b, a, b, a, b, a], [b, a, b, a, b]] {
            let report = LassoValidator().validate(Self.document([points]))
            let codes = report.regions[0].findings.map(\.code)
            #expect(codes == [.tooFewPoints], "\(points.count) points")
            #expect(report.regions[0].findings.first?.message.contains("only 2 distinct points") == true)
        }
        // Three distinct points going back on themselves are still a self-intersection.
        let spike = LassoValidator().validate(Self.document([[a, b, Point(700, 100), b]]))
        #expect(spike.regions[0].findings.map(\.code) == [.selfIntersection])
    }
}
