import Foundation
import RemoImage
import RemoJSON
import RemoPhoto
import RemoTestSupport
import Testing

/// The photo check on a part of the labelled set (SampleScans/photos/photo_set.py): real
/// photographs, degraded in known ways, made afresh for the run.
@Suite("The photo check on labelled photos")
struct PhotoCheckTests {
    /// Makes photos with the set's script; their labels by file name.
    static func makeSet(sizes: String, variants: [String], scenes: [String], formats: String = "jpeg") throws -> (URL, [String: JSONValue])
    {
        let folder = try CLIRunner.temporaryFolder()
        let script = Repository.url("SampleScans/photos/photo_set.py").path
        let result = try CLIRunner.runProgram(
            "/usr/bin/env",
            [
                "python3", script, folder.path, "--sizes", sizes, "--formats", formats, "--variants", variants.joined(separator: ","),
                "--scenes", scenes.joined(separator: ","),
            ])
        #expect(result.status == 0, "photo_set.py: \(result.stderr)")
        let labels = try JSONParser.parse(Array(Data(contentsOf: folder.appendingPathComponent("labels.json"))))
        guard case .object(let members) = labels else { return (folder, [:]) }
        return (folder, Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))
    }

    static func verdict(_ report: PhotoReport, _ code: String) -> PhotoVerdict? { report.checks.first { $0.code == code }?.verdict }

    @Test("clear labels at 1 megapixel: blurred photos rejected, sharp ones not; dark, bright and small ones rejected for what is wrong")
    func labelledVerdicts() throws {
        let (folder, labels) = try Self.makeSet(
            sizes: "1", variants: ["sharp", "gauss-1", "gauss-2", "motion-2-0", "motion-2-90", "motion-4-45", "small", "dark", "bright"],
            scenes: ["astronaut", "coffee", "rocket", "brick"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(labels.count == 36)
        var wrong: [String] = []
        for (name, label) in labels.sorted(by: { $0.key < $1.key }) {
            let report = try PhotoCheck.check(Array(Data(contentsOf: folder.appendingPathComponent(name))))
            let blur = Self.verdict(report, "blur")
            switch label["blur"]?.stringValue {
            case "blurred" where blur != .reject: wrong.append("\(name): blur \(String(describing: blur))")
            case "sharp" where blur == .reject: wrong.append("\(name): blur rejected")
            default: break
            }
            if Self.verdict(report, "resolution")?.rawValue != label["resolution"]?.stringValue {
                wrong.append("\(name): resolution \(String(describing: Self.verdict(report, "resolution")))")
            }
            let exposure = Self.verdict(report, "exposure")
            if (label["exposure"]?.stringValue == "reject") != (exposure == .reject) {
                wrong.append("\(name): exposure \(String(describing: exposure))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test(
        "photos one or two pixels across, and a single pixel (the HEIC fuzzer found one pixel wide trapping): a verdict, no crash",
        arguments: [(1, 40), (40, 1), (2, 2), (1, 1), (3, 900)])
    func tinyPhotos(width: Int, height: Int) throws {
        let png = try PNGCodec.encode(RGBAImage(width: width, height: height, fill: (90, 120, 150, 255)))
        let report = try PhotoCheck.check(png)
        #expect(report.width == width && report.height == height)
        #expect(report.checks.first { $0.code == "resolution" }?.verdict == .reject)
        #expect(report.checks.first { $0.code == "blur" }?.verdict == .warn)
    }

    @Test("the same scene is rejected as blurred, or not, alike at 1, 3 and 12 megapixels, with nearly the same score")
    func sizeInvariance() throws {
        let (folder, labels) = try Self.makeSet(
            sizes: "1,3,12", variants: ["sharp", "gauss-1", "motion-2-0"], scenes: ["astronaut", "gravel"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var byScene: [String: [(String, PhotoVerdict?, Double)]] = [:]
        for name in labels.keys.sorted() {
            let report = try PhotoCheck.check(Array(Data(contentsOf: folder.appendingPathComponent(name))))
            let blur = report.checks.first { $0.code == "blur" }
            let key = name.components(separatedBy: "__").prefix(2).joined(separator: "__")
            byScene[key, default: []].append((name, blur?.verdict, blur?.score ?? -1))
        }
        #expect(byScene.count == 6)
        for (scene, results) in byScene {
            // Ok and warn may differ for a score at the warning threshold; whether the
            // photo is refused must not.
            #expect(Set(results.map { $0.1 == .reject }).count == 1, "\(scene): \(results)")
            let scores = results.map(\.2)
            #expect((scores.max() ?? 0) - (scores.min() ?? 0) < 0.05, "\(scene): \(results)")
        }
    }
}

extension JSONValue {
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
}
