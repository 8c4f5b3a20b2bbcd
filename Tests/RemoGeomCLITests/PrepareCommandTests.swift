import Foundation
import RemoImage
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom prepare, end to end")
struct PrepareCommandTests {
    @Test(
        "shrinks as OpenCV's area average, turns as Pillow reads EXIF, converts Display P3 as Little CMS, decodes JPEGs at Pillow's draft scale"
    )
    func againstReferences() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Repository.url("Tests/RemoGeomCLITests/Oracles/prepare_against_pillow.py").path
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", script, CLIRunner.executable.path, folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONParser.parse(Array(result.stdout.utf8))
        #expect(report["cases"]?.numberValue ?? 0 >= 50)
        #expect(report["failures"] == .array([]), "\(result.stdout)")
    }

    @Test("the result names what was done; standard output takes the image alone; a thumbnail is a JPEG of 256 pixels")
    func resultAndThumbnail() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("thumb.jpg").path
        let run = try CLIRunner.run(["prepare", "SampleScans/photos/sharp.jpg", "--output", out, "--max-side", "256"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try JSONParser.parse(Array(run.stdout.utf8))
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(result["output"]?.stringValue == out && result["format"]?.stringValue == "jpeg")
        #expect(result["width"]?.numberValue == 256 && result["height"]?.numberValue == 171)
        #expect(result["sourceWidth"]?.numberValue == 1225 && result["sourceHeight"]?.numberValue == 816)
        #expect(result["bytes"]?.numberValue == Double(written.count) && ImageFormat.sniff(written) == .jpeg)
        #expect(result["sha256"]?.stringValue == (try CLIRunner.runProgram("/usr/bin/sha256sum", [out])).stdout.prefix(64).description)
        let decoded = try ImageDecoder.decode(written, maximumPixels: 1 << 20, samples: .rgba)
        #expect(decoded.width == 256 && decoded.height == 171)
        let piped = try CLIRunner.runBytes([
            "prepare", "SampleScans/photos/sharp.jpg", "--output", "-", "--max-side", "256", "--format", "jpeg",
        ])
        #expect(piped == written)
        // A HEIC is read too; a PNG source stays PNG when the name says nothing.
        let heic = try CLIRunner.run(["prepare", "SampleScans/photos/sharp.heic", "--output", folder.appendingPathComponent("h.png").path])
        #expect(heic.status == 0 && heic.stdout.contains("\"format\":\"png\""), "\(heic.stderr)")
    }

    @Test(
        "bad input: exit 2 with the input and the problem named, and nothing written",
        arguments: [
            (["/etc/hostname"], "not a PNG, JPEG or HEIC image"),
            (["SampleScans/photos/sharp.jpg", "--max-pixels", "1000"], "over the limit of 1000"),
            (["SampleScans/photos/sharp.jpg", "--quality", "0"], "--quality: expected a whole number from 1 to 100"),
            (["SampleScans/photos/sharp.jpg", "--max-side", "1.5"], "--max-side: expected a whole number from 1 to"),
            (["SampleScans/photos/sharp.jpg", "--format", "webp"], "--format: expected png or jpeg"),
            (["Tests/RemoImageTests/Fixtures/truncated.jpg"], "truncated"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.jpg").path
        let run = try CLIRunner.run(["prepare"] + arguments + ["--output", out])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("the output's name and --format must agree, and an output over the input is refused without --overwrite")
    func outputNames() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mismatch = try CLIRunner.run([
            "prepare", "SampleScans/photos/sharp.jpg", "--output", folder.appendingPathComponent("a.png").path, "--format", "jpeg",
        ])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("the format is jpeg but --output"))
        let unnamed = try CLIRunner.run([
            "prepare", "SampleScans/photos/sharp.jpg", "--output", folder.appendingPathComponent("a.webp").path,
        ])
        #expect(unnamed.status == 2 && unnamed.stderr.contains("must end in .png, .jpg or .jpeg, or the format must be given"))
        let input = folder.appendingPathComponent("in.jpg")
        try FileManager.default.copyItem(at: Repository.url("SampleScans/photos/sharp.jpg"), to: input)
        let over = try CLIRunner.run(["prepare", input.path, "--output", input.path])
        #expect(over.status == 2 && over.stderr.contains("--overwrite"))
        #expect(try CLIRunner.run(["prepare", input.path, "--output", input.path, "--overwrite", "--max-side", "100"]).status == 0)
        #expect(try ImageDecoder.decode(Array(Data(contentsOf: input)), maximumPixels: 1 << 20, samples: .rgba).width == 100)
    }
}

extension JSONValue {
    fileprivate var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    fileprivate var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}
