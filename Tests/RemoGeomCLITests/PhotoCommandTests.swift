import Foundation
import RemoJSON
import RemoTestSupport
import Testing

/// `remo-geom photo` as a user runs it (docs/commands.md).
@Suite("remo-geom photo")
struct PhotoCommandTests {
    @Test("exit 0 when no photo is rejected, 1 when one is; json, jsonl and text give one report per photo in order")
    func verdictsAndFormats() throws {
        let sharp = try CLIRunner.run(["photo", "SampleScans/photos/sharp.jpg", "SampleScans/photos/sharp.heic", "--format", "jsonl"])
        #expect(sharp.status == 0, "\(sharp.stderr)")
        let lines = sharp.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONParser.parse(Array(lines[0].utf8))
        #expect(first["file"] == .string("SampleScans/photos/sharp.jpg") && first["format"] == .string("jpeg"))
        #expect(first["verdict"] == .string("ok") && first["width"] == .number(1225) && first["height"] == .number(816))
        #expect(try JSONParser.parse(Array(lines[1].utf8))["format"] == .string("heic"))

        let mixed = try CLIRunner.run(["photo", "SampleScans/photos/blurred.jpg", "SampleScans/photos/dark.jpg", "--format", "json"])
        #expect(mixed.status == 1)
        guard case .array(let reports) = try JSONParser.parse(Array(mixed.stdout.utf8)) else {
            Issue.record("not an array: \(mixed.stdout)")
            return
        }
        func check(_ report: JSONValue, _ code: String) -> JSONValue? {
            guard case .array(let checks)? = report["checks"] else { return nil }
            return checks.first { $0["code"] == .string(code) }
        }
        #expect(check(reports[0], "blur")?["verdict"] == .string("reject"))
        #expect(check(reports[1], "exposure")?["verdict"] == .string("reject"))
        #expect(check(reports[1], "blur")?["verdict"] == .string("ok"))

        let text = try CLIRunner.run(["photo", "SampleScans/photos/blurred.jpg", "--format", "text"])
        #expect(text.stdout.hasPrefix("SampleScans/photos/blurred.jpg: reject (jpeg, 1225 × 816"))
        #expect(text.stdout.contains("\n  reject blur: the photo is blurred"))
    }

    @Test("a folder: every photo inside in sorted order; a broken one is reported by name with exit 2 and the others still checked")
    func folderWithABrokenPhoto() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: "SampleScans/photos/sharp.jpg", toPath: folder.appendingPathComponent("a.jpg").path)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: folder.appendingPathComponent("b.jpg"))
        try FileManager.default.copyItem(atPath: "SampleScans/photos/sharp.heic", toPath: folder.appendingPathComponent("c.HEIC").path)
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try CLIRunner.run(["photo", folder.path, "--format", "jsonl"])
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)) }
        #expect(lines.count == 3)
        #expect(lines[0]?["verdict"] == .string("ok") && lines[2]?["format"] == .string("heic"))
        #expect(lines[1]?["error"]?["code"] == .string("invalid-image"))
        #expect(result.stderr.contains("b.jpg: not a valid JPEG"))
        let empty = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try CLIRunner.run(["photo", empty.path])
        #expect(none.status == 2 && none.stderr.contains("holds no *.heic, *.heif, *.jpeg, *.jpg, *.png file"))
    }

    @Test("standard input, and --max-pixels refusing a photo from its header")
    func standardInputAndLimit() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "SampleScans/photos/sharp.jpg"))
        let piped = try CLIRunner.run(["photo", "-", "--format", "json"], stdin: bytes)
        #expect(piped.status == 0 && piped.stdout.hasPrefix(#"{"file":"-","format":"jpeg""#))
        let limited = try CLIRunner.run(["photo", "SampleScans/photos/sharp.jpg", "--max-pixels", "900000", "--format", "json"])
        #expect(limited.status == 2)
        #expect(limited.stdout.contains(#""code":"image-too-large""#))
        #expect(limited.stderr.contains("1225 x 816 pixels, over the limit of 900000"))
    }

    @Test("render takes a JPEG design image, turned upright, and writes a PNG of the upright size")
    func renderJPEG() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // orientation-6.jpg is stored 32 × 48 and shown 48 × 32.
        let document =
            #"{"image": {"width": 48, "height": 32}, "regions": [{"id": "a", "number": 1, "points": [[4, 4], [40, 4], [40, 28], [4, 28]]}]}"#
        let regions = folder.appendingPathComponent("regions.json")
        try Data(document.utf8).write(to: regions)
        let output = folder.appendingPathComponent("out.png")
        let result = try CLIRunner.run([
            "render", "--image", "Tests/RemoImageTests/Fixtures/orientation-6.jpg", "--regions", regions.path, "--output", output.path,
            "--no-chips",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let png = Array(try Data(contentsOf: output))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR: width and height at bytes 16 to 23.
        #expect(png[16..<20].elementsEqual([0, 0, 0, 48]) && png[20..<24].elementsEqual([0, 0, 0, 32]))
    }
}
