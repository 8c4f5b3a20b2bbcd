import Foundation
import RemoGEOS
import RemoGeometry
import RemoJSON
import RemoShapes
import RemoTestSupport
import Testing

@Suite("remo-geom simplify, end to end")
struct SimplifyCommandTests {
    /// A document of two dense lassos side by side, a small square and a bow-tie.
    static func document() -> String {
        func list(_ points: [Point]) -> String { "[" + points.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]" }
        let left = Shapes.lasso(count: 3_000, center: Point(700, 700), radius: 500, seed: 7)
        let right = Shapes.lasso(count: 3_000, center: Point(1_800, 700), radius: 500, seed: 8)
        return """
            {"image": {"width": 2400, "height": 1400}, "scale": 1, "regions": [
             {"id": "left", "number": 1, "points": \(list(left))},
             {"id": "right", "number": 2, "points": \(list(right))},
             {"id": "square", "number": 3, "points": [[10,10],[60,10],[60,60],[10,60]]},
             {"id": "tie", "number": 4, "points": [[100,1100],[300,1300],[300,1100],[100,1300]]}]}
            """
    }

    @Test("cuts the dense lassos to the count asked, leaves the square and the bow-tie, reports each, exit 1 for the bow-tie")
    func simplifies() throws {
        let folder = try CLIRunner.temporaryFolder()
        let input = folder.appendingPathComponent("doc.json").path
        let text = Self.document()
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let result = try CLIRunner.run(["simplify", input, "--max-points", "200"])
        #expect(result.status == 1)
        let output = try JSONParser.parse(result.stdout)
        let original = try JSONParser.parse(text)
        for k in 0..<2 {
            let points = RepairCommandTests.points(output, region: k)
            #expect(try points.count <= 200 && points.count > 190 && Ring(points).isSimple)
            let before = try Ring(RepairCommandTests.points(original, region: k)).area
            #expect((try Ring(points).area / before - 1).magnitude <= 0.01)
        }
        #expect(RepairCommandTests.points(output, region: 2) == RepairCommandTests.points(original, region: 2))
        #expect(RepairCommandTests.points(output, region: 3) == RepairCommandTests.points(original, region: 3))
        guard case .array(let entries)? = output["simplifications"] else {
            Issue.record("no simplifications in \(result.stdout.prefix(300))")
            return
        }
        #expect(entries.map { $0["pointsBefore"] } == [.number(3000), .number(3000), .number(4), .number(4)])
        #expect(entries.map { $0["pointsAfter"] }.suffix(2) == [.number(4), .number(4)])
        #expect(entries.map { $0["skipped"] } == [nil, nil, nil, .string("not-simple")])
        #expect(result.stderr.contains("region left: 3000 → 200 points, within ") || result.stderr.contains("region left: 3000 → 19"))
        #expect(result.stderr.contains("region tie: left as it was: it crosses or touches itself (repair it first)"))
        // The output validates, and --output writes the same bytes.
        let again = folder.appendingPathComponent("simplified.json").path
        #expect(try CLIRunner.run(["simplify", input, "--max-points", "200", "-o", again]).status == 1)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == result.stdout)
        #expect(try CLIRunner.run(["validate", again, "--format", "json"]).stdout.contains(#""id":"left","number":1,"valid":true"#))
    }

    @Test("a tolerance keeps every original point within it, as GEOS measures the distance, and the report says so")
    func tolerance() throws {
        let result = try CLIRunner.run(
            ["simplify", "-", "--tolerance", "0.75", "--max-points", "100000"], stdin: Data(Self.document().utf8))
        #expect(result.status == 1, "the bow-tie is invalid: \(result.stderr)")
        let output = try JSONParser.parse(result.stdout)
        let original = try JSONParser.parse(Self.document())
        guard case .array(let entries)? = output["simplifications"] else {
            Issue.record("no simplifications in \(result.stdout.prefix(300))")
            return
        }
        #expect(entries.count == 4)
        for (k, entry) in entries.prefix(2).enumerated() {
            let before = RepairCommandTests.points(original, region: k)
            let after = RepairCommandTests.points(output, region: k)
            #expect(after.count < 1_000 && entry["pointsAfter"] == .number(Double(after.count)), "region \(k): \(after.count) points")
            // The farthest any original point lies from the simplified outline, by GEOS.
            let outline = try GEOSGeometry.closedLine(after)
            let farthest = try before.map { try GEOSGeometry.point($0).distance(to: outline) }.max() ?? .infinity
            guard case .number(let reported)? = entry["hausdorff"] else {
                Issue.record("region \(k): no hausdorff in \(entry)")
                continue
            }
            #expect(
                farthest <= 0.75 && farthest <= reported + 1e-9 && reported <= 0.75,
                "region \(k): \(farthest) by GEOS, \(reported) reported")
        }
    }

    @Test("bad options and unreadable documents exit 2 with a message naming them")
    func refusals() throws {
        for (arguments, message) in [
            (["--max-points", "2"], "--max-points: expected a whole number of at least 3"),
            (["--tolerance=-1"], "--tolerance: expected a number of at least 0"),
            (["--tolerance", "nan"], "--tolerance: expected a number of at least 0"),
        ] {
            let result = try CLIRunner.run(["simplify", "SampleScans/regions/valid.json"] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let broken = try CLIRunner.run(["simplify", "-"], stdin: Data("{\"image\": 3}".utf8))
        #expect(broken.status == 2 && broken.stderr.contains("-: image: expected an object"))
        let same = try CLIRunner.run(["simplify", "SampleScans/regions/valid.json", "-o", "SampleScans/regions/valid.json"])
        #expect(same.status == 2 && same.stderr.contains("--overwrite"))
    }
}
