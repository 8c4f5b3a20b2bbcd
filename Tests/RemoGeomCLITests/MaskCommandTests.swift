import Foundation
import RemoImage
import RemoRender
import RemoTestSupport
import Testing

@Suite("remo-geom mask, end to end")
struct MaskCommandTests {
    @Test("writes an image-sized mask of the regions in both styles, or of one region; same bytes on standard output")
    func masks() throws {
        let folder = try CLIRunner.temporaryFolder()
        let document = "SampleScans/regions/valid.json"
        let alphaPath = folder.appendingPathComponent("alpha.png").path
        let greyPath = folder.appendingPathComponent("grey.png").path
        #expect(try CLIRunner.run(["mask", "--regions", document, "--output", alphaPath]).status == 0)
        #expect(try CLIRunner.run(["mask", "--regions", document, "--output", greyPath, "--style", "white-on-black"]).status == 0)
        let alpha = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: alphaPath))))
        let grey = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: greyPath))))
        #expect(alpha.width == 1024 && alpha.height == 768 && grey.width == 1024)
        let painted = (0..<(1024 * 768)).filter { grey.pixels[4 * $0] > 0 }
        #expect(painted.count > 10_000)
        #expect(painted.allSatisfy { alpha.pixels[4 * $0 + 3] == 255 - grey.pixels[4 * $0] })
        // One region only: a part of the whole.
        let lampPath = folder.appendingPathComponent("lamp.png").path
        #expect(
            try CLIRunner.run(["mask", "--regions", document, "--output", lampPath, "--region", "lamp", "--style", "white-on-black"]).status
                == 0)
        let lamp = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: lampPath))))
        let lampPainted = (0..<(1024 * 768)).filter { lamp.pixels[4 * $0] > 0 }
        #expect(lampPainted.count > 1_000 && lampPainted.count < painted.count)
        #expect(lampPainted.allSatisfy { lamp.pixels[4 * $0] == grey.pixels[4 * $0] })
        // Standard output: the same bytes as the file.
        let piped = try CLIRunner.runBytes(["mask", "--regions", document, "--output", "-"])
        #expect(piped == Array(try Data(contentsOf: URL(fileURLWithPath: alphaPath))))
    }

    @Test("grow and feather widen and soften the mask")
    func growAndFeather() throws {
        let folder = try CLIRunner.temporaryFolder()
        let document = "SampleScans/regions/valid.json"
        func painted(_ arguments: [String]) throws -> (solid: Int, partial: Int) {
            let path = folder.appendingPathComponent("m.png").path
            #expect(
                try CLIRunner.run(
                    ["mask", "--regions", document, "--output", path, "--style", "white-on-black", "--overwrite"] + arguments
                ).status == 0)
            let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            let values = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
            return (values.filter { $0 == 255 }.count, values.filter { $0 > 0 && $0 < 255 }.count)
        }
        let plain = try painted([])
        let grown = try painted(["--grow", "10"])
        let feathered = try painted(["--feather", "12"])
        #expect(grown.solid > plain.solid + 5_000)
        #expect(feathered.partial > plain.partial * 5)
    }

    @Test("bad options, an unknown region and unreadable documents exit 2 with a message naming them")
    func refusals() throws {
        let document = "SampleScans/regions/valid.json"
        for (arguments, message) in [
            (["--style", "pink"], "--style: expected alpha or white-on-black"), (["--grow=-1"], "--grow: expected a number from 0 to 200"),
            (["--feather", "nan"], "--feather: expected a number from 0 to 200"),
            (["--region", "nope"], #"has no region "nope" (it has: sofa, lamp, rug)"#),
            (["--max-pixels", "1000"], "over the limit of 1000 pixels"),
        ] {
            let result = try CLIRunner.run(["mask", "--regions", document, "--output", "/tmp/remo-mask-refused.png"] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        // A growth too far for the outline: 20,000 points grown by 2,000 pixels each.
        let circle = (0..<20_000).map { k in
            let t = Double(k) / 20_000 * 2 * Double.pi
            return "[\(2_000 + 1_500 * cos(t)),\(2_000 + 1_500 * sin(t))]"
        }
        let far =
            #"{"image": {"width": 4000, "height": 4000}, "scale": 10, "regions": [{"id": "a", "number": 1, "points": ["#
            + circle.joined(separator: ",") + "]}]}"
        let refused = try CLIRunner.run(
            ["mask", "--regions", "-", "--output", "/tmp/remo-mask-refused.png", "--grow", "200"], stdin: Data(far.utf8))
        #expect(refused.status == 2 && refused.stderr.contains("growing 20000 points by 200 points is too much work"))
        let broken = try CLIRunner.run(["mask", "--regions", "-", "--output", "/tmp/remo-mask-refused.png"], stdin: Data("[1]".utf8))
        #expect(broken.status == 2 && broken.stderr.contains("-:"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/remo-mask-refused.png"))
    }
}
