import Foundation
import RemoImage
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom composite, end to end")
struct CompositeCommandTests {
    @Test(
        "every pixel is the blend of before and after by the mask command's coverage; 0 is before's bytes, 255 after's; the feather reaches no farther than --feather"
    )
    func againstReferences() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Repository.url("Tests/RemoGeomCLITests/Oracles/composite_against_numpy.py").path
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", script, CLIRunner.executable.path, folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONParser.parse(Array(result.stdout.utf8))
        if case .number(let cases)? = report["cases"] { #expect(cases >= 30) } else { Issue.record("no case count: \(result.stdout)") }
        #expect(report["failures"] == .array([]), "\(result.stdout)")
    }

    @Test(
        "a document for an image of 1.35e307 × 5.5e16 pixels (schemathesis's: its size once trapped converting to Int): size-mismatch, exit 2, for composite, drift and bundle"
    )
    func sizePastIntRange() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("huge.json")
        try Data(#"{"image": {"width": 1.35e307, "height": 5.5e16}, "regions": []}"#.utf8).write(to: document)
        let design = "SampleScans/design.png"
        for arguments in [
            [
                "composite", "--before", design, "--after", design, "--regions", document.path, "--output",
                folder.appendingPathComponent("c.png").path,
            ],
            ["drift", "--before", design, "--after", design, "--regions", document.path],
            ["bundle", "--image", design, "--regions", document.path, "--output-dir", folder.appendingPathComponent("round").path],
        ] {
            let run = try CLIRunner.run(arguments)
            #expect(
                run.status == 2 && run.stderr.contains("is for a 1.35e+307 × 5.5e+16 image"), "\(arguments[0]): \(run.status) \(run.stderr)"
            )
        }
    }

    @Test(
        "a named FIFO as --before is read to its end as a pipe is: the composite the file gives",
        .timeLimit(.minutes(1)))
    func namedFIFO() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (design, regions) = (Repository.url("SampleScans/design.png").path, Repository.url("SampleScans/regions/valid.json").path)
        let annotated = folder.appendingPathComponent("annotated.png").path
        #expect(try CLIRunner.run(["render", "--image", design, "--regions", regions, "--output", annotated]).status == 0)
        let fromFile = folder.appendingPathComponent("from-file.png").path
        let fromFIFO = folder.appendingPathComponent("from-fifo.png").path
        let common = ["--after", annotated, "--regions", regions, "--output"]
        #expect(try CLIRunner.run(["composite", "--before", design] + common + [fromFile]).status == 0)
        let fifo = folder.appendingPathComponent("design.fifo").path
        let script = #"mkfifo "$1" && { cat "$2" > "$1" & } && exec "$3" composite --before "$1" --after "$4" --regions "$5" --output "$6""#
        let run = try CLIRunner.runProgram(
            "/bin/sh", ["-c", script, "sh", fifo, design, CLIRunner.executable.path, annotated, regions, fromFIFO])
        #expect(run.status == 0, "\(run.stderr)")
        let same = try Data(contentsOf: URL(fileURLWithPath: fromFIFO)) == Data(contentsOf: URL(fileURLWithPath: fromFile))
        #expect(same)
    }

    @Test("a 300 MB file that is no image is refused from its first bytes, not read whole")
    func largeNonImage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zeros = folder.appendingPathComponent("zeros.png").path
        #expect(FileManager.default.createFile(atPath: zeros, contents: nil))
        #expect(truncate(zeros, 300 << 20) == 0)  // sparse: no disk used
        let out = folder.appendingPathComponent("out.png").path
        let (run, peak) = try CLIRunner.runMeasuringMemory([
            "composite", "--before", "SampleScans/design.png", "--after", zeros, "--regions", "SampleScans/regions/valid.json",
            "--output", out,
        ])
        #expect(run.status == 2 && run.stderr.contains("\(zeros): not a PNG, JPEG or HEIC image"), "\(run.stderr)")
        #expect(peak < 150 << 20, "peak \(peak >> 20) MB")
    }

    @Test(
        "bad input: exit 2 naming the input, nothing written",
        arguments: [
            (["--before", "/etc/hostname"], "/etc/hostname: not a PNG, JPEG or HEIC image"),
            (["--before", "SampleScans/photos/sharp.jpg"], "size-mismatch"),
            (["--after", "Tests/RemoImageTests/Fixtures/truncated.jpg"], "truncated"),
            (["--grow", "300"], "--grow: expected a number from 0 to 200"),
            (["--regions", "/etc/hostname"], "/etc/hostname"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var given = [
            "--before": "SampleScans/design.png", "--after": "SampleScans/design.png", "--regions": "SampleScans/regions/valid.json",
        ]
        for pair in stride(from: 0, to: arguments.count, by: 2) { given[arguments[pair]] = arguments[pair + 1] }
        let out = folder.appendingPathComponent("out.png").path
        let run = try CLIRunner.run(["composite"] + given.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] } + ["--output", out])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(message) || message == "size-mismatch" && run.stderr.contains("is for a 1024 × 768 image"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
