import Foundation
import RemoGeometry
import RemoJSON
import RemoLasso
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Lasso rules")
struct ValidatorTests {
    static func square(_ x: Double, _ y: Double, _ side: Double) -> [Point] {
        [Point(x, y), Point(x + side, y), Point(x + side, y + side), Point(x, y + side)]
    }

    static func document(_ regions: [(String, [Point])], width: Double = 1000, height: Double = 800) -> RegionDocument {
        RegionDocument(
            image: ImageSize(width: width, height: height),
            regions: regions.enumerated().map { Region(id: $1.0, number: $0 + 1, points: $1.1) })
    }

    static func codes(_ report: ValidationReport) -> Set<FindingCode> {
        Set(report.findings.map(\.code) + report.regions.flatMap { $0.findings.map(\.code) })
    }

    @Test("a clean document is valid, with areas, orientation and one chip per region")
    func valid() {
        let report = LassoValidator().validate(Self.document([("a", Self.square(100, 100, 200)), ("b", Self.square(500, 400, 150))]))
        #expect(report.valid)
        #expect(report.regions.map(\.area) == [40_000, 22_500])
        #expect(report.regions[0].areaFraction == 0.05)
        #expect(report.regions[0].orientation == .clockwise)
        #expect(report.chips.count == 2)
    }

    @Test("every rule has its code")
    func codes() {
        let v = LassoValidator()
        #expect(Self.codes(v.validate(Self.document([("a", [Point(1, 1), Point(5, 5), Point(1, 1)])]))) == [.tooFewPoints])
        #expect(Self.codes(v.validate(Self.document([("a", Self.square(10, 10, 10))]))) == [.tooSmall])
        #expect(Self.codes(v.validate(Self.document([("a", Self.square(900, 100, 200))]))) == [.outOfBounds])
        let eight = [Point(100, 100), Point(400, 400), Point(400, 100), Point(100, 400)]
        #expect(Self.codes(v.validate(Self.document([("a", eight)]))) == [.selfIntersection])
        #expect(
            Self.codes(v.validate(Self.document([("a", Self.square(100, 100, 300)), ("b", Self.square(300, 300, 300))]))) == [.overlap])
        let four = (0..<4).map { ("r\($0)", Self.square(Double($0) * 240 + 10, 100, 200)) }
        #expect(Self.codes(v.validate(Self.document(four))) == [.tooManyRegions])
        var duplicate = Self.document([("a", Self.square(100, 100, 200)), ("a", Self.square(500, 400, 150))])
        #expect(Self.codes(v.validate(duplicate)) == [.duplicateId])
        duplicate.regions[1].id = "b"
        duplicate.regions[1].number = 1
        #expect(Self.codes(v.validate(duplicate)) == [.badNumbering])
        let invalid = Self.document([("a", [Point(100, 100), Point(.nan, 100), Point(300, 300)])])
        #expect(Self.codes(v.validate(invalid)) == [.invalidCoordinate])
        let many = Self.document([("a", Shapes.lasso(count: 200, center: Point(500, 400), radius: 200, seed: 1))])
        #expect(Self.codes(LassoValidator(rules: LassoRules(maximumPoints: 100)).validate(many)) == [.tooManyPoints])
    }

    @Test("bad and outside points are named by the first and counted, whether or not a ring could be built")
    func badAndOutsidePoints() throws {
        let v = LassoValidator()
        func finding(_ report: ValidationReport, _ code: FindingCode) -> Finding? {
            report.regions[0].findings.first { $0.code == code }
        }
        // No ring (a NaN): the points are scanned for both findings.
        let mixed = [Point(100, 100), Point(.nan, 5), Point(300, 300), Point(1200, 50), Point(-1, 700), Point(100, 600)]
        let noRing = v.validate(Self.document([("a", mixed)]))
        #expect(try #require(finding(noRing, .invalidCoordinate)).indices == [1])
        let outside = try #require(finding(noRing, .outOfBounds))
        #expect(outside.indices == [3] && outside.count == 2 && outside.point == Point(1200, 50))
        // A ring whose box leaves the image: the same outside points.
        var fine = mixed
        fine[1] = Point(500, 5)
        let withRing = try #require(finding(v.validate(Self.document([("a", fine)])), .outOfBounds))
        #expect(withRing.indices == [3] && withRing.count == 2)
        // Too many points for a ring: still scanned.
        let tooMany = LassoValidator(rules: LassoRules(maximumPoints: 4)).validate(Self.document([("a", fine)]))
        #expect(Self.codes(tooMany) == [.tooManyPoints, .outOfBounds])
        // A ring filling the image to its edges is inside; with the rule off nothing is outside.
        #expect(Self.codes(v.validate(Self.document([("a", Self.square(0, 0, 800))]))) == [])
        let off = LassoValidator(rules: LassoRules(requireInBounds: false)).validate(Self.document([("a", fine)]))
        #expect(finding(off, .outOfBounds) == nil)
    }

    @Test("numbers must be 1 to n in any order and ids distinct, for a few regions and for many")
    func numberingAndIds() {
        let v = LassoValidator(rules: LassoRules(maximumRegions: 100))
        func codes(numbers: [Int], ids: [String]? = nil) -> Set<FindingCode> {
            let regions = numbers.enumerated().map { i, number in
                Region(id: ids?[i] ?? "r\(i)", number: number, points: Self.square(Double(i % 10) * 90 + 5, Double(i / 10) * 90 + 5, 80))
            }
            let report = v.validate(RegionDocument(image: ImageSize(width: 1000, height: 1000), regions: regions))
            return Set(report.findings.map(\.code)).intersection([.badNumbering, .duplicateId])
        }
        #expect(codes(numbers: [2, 3, 1]) == [])
        for bad in [[1, 1, 3], [0, 1, 2], [2, 3, 4], [1, 2, 2], [1, 3]] { #expect(codes(numbers: bad) == [.badNumbering], "\(bad)") }
        #expect(codes(numbers: [1, 2, 3], ids: ["a", "b", "a"]) == [.duplicateId])
        let many = Array((1...70).reversed())
        #expect(codes(numbers: many) == [])
        var gap = many
        gap[5] = 71
        #expect(codes(numbers: gap) == [.badNumbering])
        var ids = many.map { "r\($0)" }
        ids[60] = "r3"
        let duplicate = LassoValidator(rules: LassoRules(maximumRegions: 100)).validate(
            RegionDocument(
                image: ImageSize(width: 1000, height: 1000),
                regions: many.enumerated().map { i, n in
                    Region(id: ids[i], number: n, points: Self.square(Double(i % 10) * 90 + 5, Double(i / 10) * 90 + 5, 80))
                }))
        let finding = duplicate.findings.first { $0.code == .duplicateId }
        #expect(finding?.regions == ["r3"] && finding?.count == 2)
    }

    @Test("the self-intersection finding carries both edges' input indices and the point")
    func selfIntersectionPayload() throws {
        let eight = [Point(100, 100), Point(100, 100), Point(400, 400), Point(400, 100), Point(100, 400)]
        let report = LassoValidator().validate(Self.document([("a", eight)]))
        let finding = try #require(report.regions[0].findings.first)
        #expect(finding.code == .selfIntersection)
        #expect(finding.indices == [0, 3])
        #expect(finding.point == Point(250, 250))
        #expect(report.regions[0].area == nil)
    }

    @Test("rules are independent: out of bounds and self-intersecting at once, overlap still checked for the others")
    func independence() {
        let crossingOutside = [Point(900, 100), Point(1100, 300), Point(1100, 100), Point(900, 300)]
        let report = LassoValidator().validate(
            Self.document([("a", crossingOutside), ("b", Self.square(100, 100, 300)), ("c", Self.square(200, 200, 300))]))
        #expect(Set(report.regions[0].findings.map(\.code)) == [.outOfBounds, .selfIntersection])
        #expect(report.findings.contains { $0.code == .overlap && $0.regions == ["b", "c"] })
    }

    @Test("regions that only touch do not overlap")
    func touching() {
        let report = LassoValidator().validate(Self.document([("a", Self.square(100, 100, 200)), ("b", Self.square(300, 100, 200))]))
        #expect(!Self.codes(report).contains(.overlap))
    }

    @Test("the sample documents give the verdicts their names promise")
    func samples() throws {
        let folder = Repository.url("SampleScans/regions")
        let expected: [String: Set<FindingCode>] = [
            "valid.json": [], "self-intersecting.json": [.selfIntersection], "overlapping.json": [.overlap],
            "too-small.json": [.tooSmall], "out-of-bounds.json": [.outOfBounds], "four-regions.json": [.tooManyRegions],
        ]
        for (name, codes) in expected {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let report = LassoValidator().validate(try RegionDocument.decode(bytes))
            #expect(Self.codes(report).subtracting([.chipUnplaceable]) == codes, "\(name)")
            #expect(report.valid == codes.isEmpty, "\(name)")
        }
    }

    @Test("the JSON Schema accepts every sample and rejects broken documents")
    func schema() throws {
        let schema = try JSONParser.parse(
            try String(contentsOf: Repository.url("schemas/region-document.schema.json"), encoding: .utf8))
        let folder = Repository.url("SampleScans/regions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 6)
        for name in names {
            let value = try JSONParser.parse([UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
            #expect(SchemaCheck.problems(value, against: schema).isEmpty, "\(name)")
        }
        let broken = try JSONParser.parse(#"{"image": {"width": 10}, "regions": [{"id": 1, "number": 1, "points": [[1, 2, 3]]}]}"#)
        #expect(SchemaCheck.problems(broken, against: schema).count == 3)
    }
}

@Suite("Fuzzer findings, kept as regression tests")
struct FuzzRegressionTests {
    @Test("a point at 8.9e84 and a tiny ring: chip placement must not overflow or hang (found by the region fuzzer)")
    func hugeCoordinateChip() throws {
        let document = try RegionDocument.decode(
            #"{"image": {"width": 1024, "height": 768}, "scale": 1, "regions": [{"id": "curtain", "number": 2, "points": [[13, 91.19], [8888888888888888888888888888888888888888888888888888888888888888888888888888888888888, 9.2], [13, 91.19]]}]}"#
        )
        let report = LassoValidator().validate(document)
        #expect(!report.valid)
        #expect(report.chips.count == 1)
    }

    @Test("extreme values everywhere a Double becomes an index: no trap", arguments: [1e300, -1e300, 1e120, 2.5e120])
    func extremes(value: Double) throws {
        let document = RegionDocument(
            image: ImageSize(width: value.magnitude, height: 768), scale: 1,
            regions: [Region(id: "a", number: 1, points: [Point(0, 0), Point(value, 0), Point(value, value), Point(0, value)])])
        let report = LassoValidator().validate(document)
        #expect(report.regions.count == 1)
    }
}
