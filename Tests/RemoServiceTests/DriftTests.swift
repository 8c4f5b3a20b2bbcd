import Foundation
import RemoJSON
import RemoPhoto
import RemoService
import RemoTestSupport
import Testing

@Suite("drift on labelled pairs")
struct DriftTests {
    @Test("at least 97 % right in each class of the labelled pairs (SampleScans/drift/drift_set.py), made afresh for the run")
    func labelledPairs() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try CLIRunner.runProgram(
            "/usr/bin/env", ["python3", Repository.url("SampleScans/drift/drift_set.py").path, folder.path, "--per-class", "6"])
        try #require(made.status == 0, "drift_set.py: \(made.stderr)")
        let labels = try JSONParser.parse(Array(Data(contentsOf: folder.appendingPathComponent("labels.json"))))
        guard case .object(let pairs) = labels else {
            Issue.record("no labels")
            return
        }
        var right: [String: (Int, Int)] = [:]
        var wrong: [String] = []
        for (name, label) in pairs {
            guard case .string(let kind)? = label["class"], case .string(let expected)? = label["label"],
                case .string(let before)? = label["before"], case .string(let after)? = label["after"],
                case .string(let regions)? = label["regions"]
            else { continue }
            let read = { (file: String) in Array(try Data(contentsOf: folder.appendingPathComponent(file))) }
            let result = try Jobs.drift(before: try read(before), after: try read(after), regions: try read(regions))
            let verdict = result.report.kept ? "kept" : "drifted"
            var tally = right[kind] ?? (0, 0)
            tally.1 += 1
            if verdict == expected { tally.0 += 1 } else { wrong.append("\(name): \(verdict), \(JSONWriter.string(result.json))") }
            right[kind] = tally
        }
        #expect(right.count == 10, "\(right.keys.sorted())")
        for (kind, (good, all)) in right.sorted(by: { $0.key < $1.key }) {
            print("drift \(kind): \(good) of \(all) right")
            #expect(Double(good) >= 0.97 * Double(all), "\(kind): \(good) of \(all); wrong: \(wrong.filter { $0.hasPrefix(kind) })")
        }
    }

    @Test("a uniform cast of ΔE76 about 11 alone is kept (the overall shift is taken out before local changes); at 14 it is drifted")
    func uniformCast() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The cast made in CIE Lab by OpenCV (float RGB in [0, 1] gives Lab in its own units).
        let script = """
            import sys
            import cv2, numpy as np
            from PIL import Image
            rgb = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(np.float32) / 255
            lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2Lab)
            lab[..., 1] += float(sys.argv[3])
            out = np.clip(cv2.cvtColor(lab, cv2.COLOR_Lab2RGB), 0, 1)
            Image.fromarray((out * 255 + 0.5).astype(np.uint8)).save(sys.argv[2])
            """
        for (shift, expected) in [("11", "kept"), ("14", "drifted")] {
            let cast = folder.appendingPathComponent("cast-\(shift).png").path
            let made = try CLIRunner.runProgram("/usr/bin/env", ["python3", "-c", script, "SampleScans/design.png", cast, shift])
            try #require(made.status == 0, "\(made.stderr)")
            let result = try Jobs.drift(
                before: Array(Data(contentsOf: Repository.url("SampleScans/design.png"))),
                after: Array(Data(contentsOf: URL(fileURLWithPath: cast))),
                regions: Array(Data(contentsOf: Repository.url("SampleScans/regions/valid.json"))))
            #expect((result.report.kept ? "kept" : "drifted") == expected, "a cast of \(shift): \(JSONWriter.string(result.json))")
        }
    }

    @Test("exit status 0 kept, 1 drifted, 2 unreadable; the changed box is where the object was added")
    func commandLine() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let design = "SampleScans/design.png"
        let regions = "SampleScans/regions/valid.json"
        let same = try CLIRunner.run(["drift", "--before", design, "--after", design, "--regions", regions, "--format", "json"])
        #expect(same.status == 0 && same.stdout.contains(#""verdict":"kept","changedFraction":0,"meanDeltaE":0"#), "\(same.stdout)")
        // A white square of 80 × 80 pixels (0.8 % of the image) at the top left, far from the regions.
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert("RGB")
            image.paste((255, 255, 255), (40, 40, 120, 120))
            image.save(sys.argv[2])
            """
        let changed = folder.appendingPathComponent("changed.png").path
        #expect(try CLIRunner.runProgram("/usr/bin/env", ["python3", "-c", script, design, changed]).status == 0)
        let drifted = try CLIRunner.run(["drift", "--before", design, "--after", changed, "--regions", regions, "--format", "json"])
        #expect(drifted.status == 1, "\(drifted.stdout) \(drifted.stderr)")
        let report = try JSONParser.parse(Array(drifted.stdout.utf8))
        #expect(report["verdict"] == .string("drifted"))
        if case .array(let boxes)? = report["changedBoxes"], case .array(let box)? = boxes.first,
            case .number(let x) = box[0], case .number(let y) = box[1], case .number(let w) = box[2], case .number(let h) = box[3]
        {
            #expect(x <= 40 && y <= 40 && x + w >= 120 && y + h >= 120 && w <= 120 && h <= 120, "\(box)")
        } else {
            Issue.record("no changed box: \(drifted.stdout)")
        }
        let unreadable = try CLIRunner.run(["drift", "--before", design, "--after", "/etc/hostname", "--regions", regions])
        #expect(unreadable.status == 2 && unreadable.stderr.contains("/etc/hostname: not a PNG, JPEG or HEIC image"))
    }
}
