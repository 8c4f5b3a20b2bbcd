import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom validate, end to end")
struct ValidateCommandTests {
    static let valid = "SampleScans/regions/valid.json"
    static let samples = "SampleScans/regions"

    @Test("a valid document: exit 0, and the JSON result object of the contract")
    func validJSON() throws {
        let result = try CLIRunner.run(["validate", Self.valid, "--format", "json"])
        #expect(result.status == 0)
        let value = try JSONParser.parse(result.stdout)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(result.stdout.prefix(200))")
            return
        }
        #expect(members.map(\.key) == ["file", "valid", "image", "regions", "findings", "chips"])
        #expect(value["valid"] == .bool(true))
        guard case .array(let regions)? = value["regions"], case .object(let region)? = regions.first else {
            Issue.record("no regions")
            return
        }
        #expect(region.map(\.key) == ["id", "number", "valid", "area", "areaFraction", "orientation", "vertexCount", "findings"])
        guard case .array(let chips)? = value["chips"], case .object(let chip)? = chips.first else {
            Issue.record("no chips")
            return
        }
        #expect(chips.count == 3)
        #expect(chip.map(\.key) == ["region", "number", "center", "radius"])
    }

    @Test("a folder: every document in sorted order, an array in JSON, exit 1 when one is invalid")
    func folder() throws {
        let result = try CLIRunner.run(["validate", Self.samples, "--format", "json"])
        #expect(result.status == 1)
        guard case .array(let items) = try JSONParser.parse(result.stdout) else {
            Issue.record("not an array")
            return
        }
        let files = items.compactMap { if case .string(let f)? = $0["file"] { return f } else { return nil } }
        #expect(files == files.sorted() && files.count == 6)
        let selfIntersecting = items.first { $0["file"] == .string("SampleScans/regions/self-intersecting.json") }
        guard case .array(let regions)? = selfIntersecting?["regions"], case .array(let findings)? = regions.first?["findings"],
            let finding = findings.first
        else {
            Issue.record("no finding")
            return
        }
        #expect(finding["code"] == .string("self-intersection"))
        guard case .array(let edges)? = finding["edges"], case .array(let point)? = finding["point"] else {
            Issue.record("self-intersection without edges and point")
            return
        }
        #expect(edges.count == 2 && point.count == 2)
    }

    @Test("jsonl prints one object per line; text prints a verdict line per file and a summary")
    func otherFormats() throws {
        let jsonl = try CLIRunner.run(["validate", Self.samples, "--format", "jsonl"])
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        for line in lines { #expect(throws: Never.self) { try JSONParser.parse(String(line)) } }
        let text = try CLIRunner.run(["validate", Self.samples, "--format", "text"])
        #expect(text.stdout.contains("SampleScans/regions/valid.json: valid (3 regions)"))
        #expect(text.stdout.contains("too-small.json: INVALID (1 problem)"))
        #expect(text.stdout.contains("region vase (#1): too-small:"))
        #expect(text.stdout.contains("6 files: 1 valid, 5 invalid, 0 unreadable"))
    }

    @Test("standard input is read for -")
    func standardInput() throws {
        let document =
            #"{"image": {"width": 100, "height": 100}, "regions": [{"id": "a", "number": 1, "points": [[10, 10], [90, 10], [90, 90], [10, 90]]}]}"#
        let result = try CLIRunner.run(["validate", "-", "--format", "json"], stdin: Data(document.utf8))
        #expect(result.status == 0)
        #expect(try JSONParser.parse(result.stdout)["file"] == .string("-"))
    }

    @Test("rule options change the verdict")
    func options() throws {
        let result = try CLIRunner.run(["validate", "SampleScans/regions/four-regions.json", "--max-regions", "4", "--format", "json"])
        #expect(result.status == 0)
        let strict = try CLIRunner.run(["validate", Self.valid, "--min-area-fraction", "0.5", "--format", "json"])
        #expect(strict.status == 1)
        let usage = try CLIRunner.run(["validate", Self.valid, "--min-area-fraction", "2"])
        #expect(usage.status == 2)
        #expect(!usage.stderr.isEmpty)
    }

    @Test("hostile input: each bad file gets its own error object, the good ones are still checked, exit 2")
    func hostile() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try write("a-empty.json", "")
        try write(
            "b-truncated.json", #"{"image": {"width": 100, "height": 100}, "regions": [{"id": "a", "number": 1, "points": [[10, 10], [90"#)
        try write(
            "c-strings.json", #"{"image": {"width": 100, "height": 100}, "regions": [{"id": "a", "number": 1, "points": [[10, "10"]]}]}"#)
        try write(
            "d-huge-number.json",
            #"{"image": {"width": 100, "height": 100}, "regions": [{"id": "a", "number": 1, "points": [[10, 10], [1e400, 10], [90, 90]]}]}"#
        )
        try write(
            "e-good.json",
            #"{"image": {"width": 100, "height": 100}, "regions": [{"id": "a", "number": 1, "points": [[10, 10], [90, 10], [90, 90], [10, 90]]}]}"#
        )
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("f-folder.json"), withIntermediateDirectories: true)
        let result = try CLIRunner.run(
            ["validate", folder.path, folder.appendingPathComponent("f-folder.json").path, "/nonexistent/x.json", "--format", "jsonl"])
        #expect(result.status == 2)
        let objects = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(objects.count == 7)
        func errorCode(_ name: String) -> JSONValue? {
            objects.first { if case .string(let f)? = $0["file"] { return f.hasSuffix(name) } else { return false } }?["error"]?["code"]
        }
        #expect(errorCode("a-empty.json") == .string("invalid-json"))
        #expect(errorCode("b-truncated.json") == .string("invalid-json"))
        #expect(errorCode("c-strings.json") == .string("invalid-document"))
        #expect(errorCode("f-folder.json") == .string("not-a-file"))
        #expect(errorCode("x.json") == .string("not-found"))
        let huge = objects.first { if case .string(let f)? = $0["file"] { return f.hasSuffix("d-huge-number.json") } else { return false } }
        #expect(huge?["valid"] == .bool(false))
        let good = objects.first { if case .string(let f)? = $0["file"] { return f.hasSuffix("e-good.json") } else { return false } }
        #expect(good?["valid"] == .bool(true))
        // Each problem is named on standard error with its file.
        #expect(result.stderr.contains("b-truncated.json: not valid JSON: line 1"))
        #expect(result.stderr.contains("c-strings.json: regions[0].points[0][1]: expected a number, found a string"))
    }

    @Test("ten million points: reported as too many, without holding them all")
    func tenMillionPoints() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text =
            #"{"image": {"width": 100, "height": 100}, "regions": [{"id": "a", "number": 1, "points": [[1,1]"#
            + String(repeating: ",[1,1]", count: 9_999_999) + "]}]}"
        let file = folder.appendingPathComponent("many.json")
        try Data(text.utf8).write(to: file)
        let result = try CLIRunner.run(["validate", file.path, "--format", "json"])
        #expect(result.status == 1)
        let value = try JSONParser.parse(result.stdout)
        guard
            case .array(let findings)? = value["regions"].flatMap({ if case .array(let r) = $0 { return r.first } else { return nil } })?[
                "findings"]
        else {
            Issue.record("no findings")
            return
        }
        #expect(findings.contains { $0["code"] == .string("too-many-points") && $0["count"] == .number(10_000_000) })
    }

    @Test("--help describes the command")
    func help() throws {
        let result = try CLIRunner.run(["validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--max-regions") && result.stdout.contains("Exit status"))
    }
}
