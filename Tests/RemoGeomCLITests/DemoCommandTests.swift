import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom demo, end to end")
struct DemoCommandTests {
    /// The messages and figures below are recorded from the program: what this test holds is
    /// that `demo` runs every job and says so. Each result has an independent oracle
    /// elsewhere: the repair's share in `RepairTests` (GEOS `MakeValid`), the mask in
    /// `MaskTests` (GEOS's areas), the badges in `FitTests` (GEOS-confirmed witnesses), the
    /// photo verdicts in `PhotoCheckTests` (the labelled set).
    @Test("runs the whole job on the samples and writes its outputs to one folder")
    func demo() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let result = try CLIRunner.run(["demo", "--output", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("6 files: 1 valid, 5 invalid, 0 unreadable"))
        #expect(result.stdout.contains("Wrote 13 files to \(out)"))
        #expect(result.stdout.contains("region sofa: the largest loop kept, 37.3 % of the area left out"))
        #expect(result.stdout.contains("SampleScans/photos/blurred.jpg: reject (jpeg"))
        #expect(result.stdout.contains("SampleScans/photos/sharp.heic: ok (heic"))
        #expect(result.stdout.contains("fit badges: armchair fits, big-sofa tight, wardrobe does-not-fit, mystery-lamp unknown"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(
            files == [
                "annotated.png", "chips.json", "fit.json", "mask.png", "photos.json", "plan-bedroom-narrow-door.png", "plan-l-shaped.png",
                "plan-living-room.png", "plan-walls-not-closed.png", "repaired.json", "repaired.png", "rooms.json", "validation.jsonl",
            ])
        // The README's pictures of the repair and the mask are these, byte for byte (so the
        // README shows what the program draws today).
        for (written, shown) in [("repaired.png", "SampleScans/repaired-annotated.png"), ("mask.png", "SampleScans/mask.png")] {
            let made = try Data(contentsOf: URL(fileURLWithPath: out + "/" + written))
            #expect(made == (try Data(contentsOf: Repository.url(shown))), "\(shown) is out of date")
        }
        let chips = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/chips.json"))))
        if case .array(let list)? = chips["chips"] { #expect(list.count == 3) } else { Issue.record("no chips") }
    }

    @Test("without the samples it says where it looked, exit 2")
    func missingSamples() throws {
        let result = try CLIRunner.run(["demo", "--samples", "/nonexistent", "--output", "/tmp/unused-demo"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/regions: not found"))
    }
}
