import Foundation
import RemoFiles
import RemoGeometry
import RemoImage
import RemoRender
import RemoShapes
import RemoTestSupport
import Testing

@Suite("remo-geom render, interrupted")
struct InterruptedRenderTests {
    /// How the temporary file an output is written to starts (`AtomicFile`).
    static let temporaryPrefix = ".remo-geom-"

    /// A noisy 12-megapixel photo (so that writing takes a while) and a document for it.
    static func inputs(in folder: URL) throws -> (image: String, regions: String) {
        var rng = SplitMix64(seed: 4)
        var image = RGBAImage(width: 4000, height: 3000)
        image.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let r = rng.next()
                p[i] = UInt8(truncatingIfNeeded: r)
                p[i + 1] = UInt8(truncatingIfNeeded: r >> 8)
                p[i + 2] = UInt8(truncatingIfNeeded: r >> 16)
                p[i + 3] = 255
                i += 4
            }
        }
        let png = folder.appendingPathComponent("photo.png")
        try Data(try PNGCodec.encode(image)).write(to: png)
        let lasso = Shapes.lasso(count: 500, center: Point(2000, 1500), radius: 900, seed: 1).map { "[\($0.x), \($0.y)]" }
        let document =
            #"{"image": {"width": 4000, "height": 3000}, "regions": [{"id": "r1", "number": 1, "points": ["#
            + lasso.joined(separator: ",") + "]}]}"
        let regions = folder.appendingPathComponent("regions.json")
        try Data(document.utf8).write(to: regions)
        return (png.path, regions.path)
    }

    @Test("SIGTERM at any moment, even mid-write: never a partial output, never a temporary file left")
    func interrupted() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, regions) = try Self.inputs(in: folder)
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        var caughtWriting = 0
        // Interrupt early (decoding), and as soon as the temporary file appears (writing).
        for attempt in 0..<4 {
            let output = outputs.appendingPathComponent("annotated-\(attempt).png")
            var writing = false
            let process = Process()
            // Started as from a shell: the test runner's threads block SIGTERM, and a
            // child inherits that mask, so a small launcher clears it first.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                CLIRunner.executable.path, "render", "--image", image, "--regions", regions, "--output", output.path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if attempt == 0 {
                Thread.sleep(forTimeInterval: 0.05)
            } else {
                // Poll for the temporary file; stop polling if the process ends first.
                let deadline = Date().addingTimeInterval(120)
                while process.isRunning && Date() < deadline {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
                    if names.contains(where: { $0.hasPrefix(Self.temporaryPrefix) }) {
                        caughtWriting += 1
                        writing = true
                        break
                    }
                    usleep(200)
                }
            }
            process.terminate()
            process.waitUntilExit()
            let names = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
            #expect(!names.contains { $0.hasPrefix(Self.temporaryPrefix) }, "attempt \(attempt): a temporary file was left: \(names)")
            if names.contains(output.lastPathComponent) {
                // Finished before the signal: then the file is whole.
                #expect(process.terminationReason == .exit && process.terminationStatus == 0)
                let bytes = [UInt8](try Data(contentsOf: output))
                #expect((try? PNGCodec.decode(bytes))?.width == 4000, "attempt \(attempt): a partial PNG")
            } else {
                #expect(process.terminationReason == .uncaughtSignal, "attempt \(attempt)")
            }
            // Caught mid-write, it must not have finished: no output at all.
            if writing { #expect(!names.contains(output.lastPathComponent), "attempt \(attempt): finished though caught mid-write") }
        }
        print("interrupted render: the signal arrived mid-write in \(caughtWriting) of 3 attempts")
        // Else the test would not have tried what it is about.
        #expect(caughtWriting >= 1, "the signal never arrived while the output was being written")
    }
}
