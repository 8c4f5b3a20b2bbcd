import Foundation
import RemoGeometry
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom repair, end to end")
struct RepairCommandTests {
    /// A document with an overshoot (a 500 × 500 square drawn on past its start into a
    /// small loop above it), a simple square and a figure eight of two equal lobes.
    static let document = """
        {"image": {"width": 1000, "height": 1000}, "scale": 1, "regions": [
         {"id": "sofa", "number": 1, "points": [[100,100],[600,100],[600,600],[100,600],[100,50],[150,50],[150,120]]},
         {"id": "lamp", "number": 2, "points": [[700.25,700.0],[900,700],[900,900],[700,900]]},
         {"id": "eight", "number": 3, "points": [[100,650],[400,950],[400,650],[100,950]]}]}
        """

    static func points(_ value: JSONValue?, region k: Int) -> [Point] {
        guard case .array(let regions)? = value?["regions"], case .array(let list)? = regions[k]["points"] else { return [] }
        return list.compactMap { p in
            guard case .array(let xy) = p, case .number(let x) = xy[0], case .number(let y) = xy[1] else { return nil }
            return Point(x, y)
        }
    }

    @Test("repairs the overshoot and the figure eight, leaves the simple region as it was, and says which is ambiguous")
    func repairs() throws {
        let folder = try CLIRunner.temporaryFolder()
        let input = folder.appendingPathComponent("doc.json").path
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: input))
        let result = try CLIRunner.run(["repair", input])
        #expect(result.status == 1)  // the figure eight is ambiguous
        let output = try JSONParser.parse(result.stdout)
        let original = try JSONParser.parse(Self.document)
        let sofa = Self.points(output, region: 0)
        #expect(try Ring(sofa).isSimple)
        #expect(try Ring(sofa).area == 250_000 - 500)  // the square less the triangle the closing edge cuts off
        #expect(Self.points(output, region: 1) == Self.points(original, region: 1))
        #expect(try Ring(Self.points(output, region: 2)).area == 22_500)
        guard case .array(let repairs)? = output["repairs"] else {
            Issue.record("no repairs in \(result.stdout)")
            return
        }
        #expect(repairs.map { $0["region"] } == [.string("sofa"), .string("eight")])
        #expect(repairs.map { $0["ambiguous"] } == [.bool(false), .bool(true)])
        #expect(repairs.last?["droppedAreaFraction"] == .number(0.5))
        #expect(result.stderr.contains("region eight: repaired, 50.0 % of its area left out (ambiguous: redraw)"))
        // The output is a region document that validates.
        let again = folder.appendingPathComponent("repaired.json").path
        #expect(try CLIRunner.run(["repair", input, "--output", again]).status == 1)
        #expect(try CLIRunner.run(["validate", again, "--format", "json"]).status == 0)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == result.stdout)
    }

    @Test("a document with only simple regions comes back with an empty repairs list and exit 0")
    func nothingToRepair() throws {
        let result = try CLIRunner.run(["repair", "SampleScans/regions/valid.json"])
        #expect(result.status == 0)
        let output = try JSONParser.parse(result.stdout)
        #expect(output["repairs"] == .array([]))
        let original = try JSONParser.parse(String(contentsOfFile: "SampleScans/regions/valid.json", encoding: .utf8))
        for k in 0..<3 { #expect(Self.points(output, region: k) == Self.points(original, region: k)) }
    }

    @Test("a region with no area (no points, or all on a line) is left as it was, reported as not repaired, exit 1")
    func noArea() throws {
        let document =
            #"{"image": {"width": 10, "height": 10}, "regions": [{"id": "a", "number": 1, "points": []}, {"id": "b", "number": 2, "points": [[1,1],[2,2],[3,3]]}]}"#
        let result = try CLIRunner.run(["repair", "-"], stdin: Data(document.utf8))
        #expect(result.status == 1)
        let output = try JSONParser.parse(result.stdout)
        guard case .array(let repairs)? = output["repairs"] else {
            Issue.record("no repairs in \(result.stdout)")
            return
        }
        #expect(repairs.map { $0["failure"] } == [.string("it encloses no area"), .string("it encloses no area")])
        #expect(result.stderr.contains("region a: not repaired: it encloses no area"))
    }

    @Test("an unreadable document exits 2, and the output may not replace the input without --overwrite")
    func refusals() throws {
        let missing = try CLIRunner.run(["repair", "/nonexistent/doc.json"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/doc.json: no such file"))
        let broken = try CLIRunner.run(["repair", "-"], stdin: Data("{\"image\": 3}".utf8))
        #expect(broken.status == 2 && broken.stderr.contains("-: image: expected an object"))
        let folder = try CLIRunner.temporaryFolder()
        let input = folder.appendingPathComponent("doc.json").path
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: input))
        let same = try CLIRunner.run(["repair", input, "--output", input])
        #expect(same.status == 2 && same.stderr.contains("--overwrite"))
        #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.document)
    }
}
