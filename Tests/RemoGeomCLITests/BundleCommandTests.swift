import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom bundle, end to end")
struct BundleCommandTests {
    @Test(
        "one round consistent by construction: prepare's image, render's and mask's pictures of the scaled document byte for byte, keep regions unpainted, the chips' numbers in the instructions"
    )
    func consistentRound() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Repository.url("Tests/RemoGeomCLITests/Oracles/bundle_consistency.py").path
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", script, CLIRunner.executable.path, folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONParser.parse(Array(result.stdout.utf8))
        if case .number(let cases)? = report["cases"] { #expect(cases >= 20) } else { Issue.record("no case count: \(result.stdout)") }
        #expect(report["failures"] == .array([]), "\(result.stdout)")
    }

    @Test("an image that cannot be read: exit 2 naming it, nothing written")
    func unreadable() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("round").path
        let run = try CLIRunner.run([
            "bundle", "--image", "/etc/hostname", "--regions", "SampleScans/regions/valid.json", "--output-dir", out,
        ])
        #expect(run.status == 2 && run.stderr.contains("/etc/hostname: not a PNG, JPEG or HEIC image"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
