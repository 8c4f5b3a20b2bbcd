import Foundation
import RemoImage
import RemoRender
import RemoTestSupport
import Testing

@Suite("remo-geom render, end to end")
struct RenderCommandTests {
    static let image = "SampleScans/design.png"
    static let valid = "SampleScans/regions/valid.json"

    @Test("renders the sample: exit 0, a PNG that keeps the size and the sRGB chunk, the same bytes every time")
    func sample() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.png").path
        let b = folder.appendingPathComponent("b.png").path
        let first = try CLIRunner.run(["render", "--image", Self.image, "--regions", Self.valid, "--output", a])
        #expect(first.status == 0, "\(first.stderr)")
        _ = try CLIRunner.run(["render", "--image", Self.image, "--regions", Self.valid, "--output", b])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: b))))
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(bytes.range(of: Data("sRGB".utf8)) != nil)
        // IHDR width and height.
        #expect(Array(bytes[16..<24]) == [0, 0, 4, 0, 0, 0, 3, 0])
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.png", "b.png"])
    }

    @Test("the image or the regions from standard input for -, the PNG to standard output for -: the same bytes; not both inputs")
    func standardStreams() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("expected.png")
        #expect(try CLIRunner.run(["render", "--image", Self.image, "--regions", Self.valid, "--output", expected.path]).status == 0)
        let want = try Data(contentsOf: expected)
        let picture = try Data(contentsOf: Repository.url(Self.image))
        let document = try Data(contentsOf: Repository.url(Self.valid))
        let fromImage = folder.appendingPathComponent("image.png")
        #expect(
            try CLIRunner.run(["render", "--image", "-", "--regions", Self.valid, "--output", fromImage.path], stdin: picture).status == 0)
        #expect(try Data(contentsOf: fromImage) == want)
        let fromRegions = folder.appendingPathComponent("regions.png")
        let regions = try CLIRunner.run(["render", "--image", Self.image, "--regions", "-", "--output", fromRegions.path], stdin: document)
        #expect(regions.status == 0, "\(regions.stderr)")
        #expect(try Data(contentsOf: fromRegions) == want)
        let both = try CLIRunner.run(["render", "--image", "-", "--regions", "-", "--output", fromImage.path], stdin: picture)
        #expect(both.status == 2)
        #expect(both.stderr.contains("cannot both read standard input"))
    }

    @Test("invalid regions are drawn anyway, with a warning and exit 1")
    func invalidRegions() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.png").path
        let result = try CLIRunner.run([
            "render", "--image", Self.image, "--regions", "SampleScans/regions/self-intersecting.json", "--output", out,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("warning: region sofa: self-intersection"))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test(
        "hostile inputs: a broken JPEG named .png (read as the JPEG it is), a missing output folder, a size mismatch, the input as output")
    func hostile() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("photo.png")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]).write(to: jpeg)
        let out = folder.appendingPathComponent("out.png").path
        let notPNG = try CLIRunner.run(["render", "--image", jpeg.path, "--regions", Self.valid, "--output", out])
        #expect(notPNG.status == 2)
        #expect(notPNG.stderr.contains("photo.png: not a valid JPEG: the JPEG data ends early"))
        #expect(!FileManager.default.fileExists(atPath: out))

        let missing = try CLIRunner.run(["render", "--image", Self.image, "--regions", Self.valid, "--output", "/nonexistent/dir/out.png"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/dir/out.png: the folder /nonexistent/dir does not exist"))

        let other = folder.appendingPathComponent("other.json")
        try Data(#"{"image": {"width": 640, "height": 480}, "regions": []}"#.utf8).write(to: other)
        let mismatch = try CLIRunner.run(["render", "--image", Self.image, "--regions", other.path, "--output", out])
        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains("is for a 640 × 480 image"))

        let overwrite = try CLIRunner.run(["render", "--image", Self.image, "--regions", Self.valid, "--output", Self.image])
        #expect(overwrite.status == 2)
        #expect(overwrite.stderr.contains("--overwrite"))
    }

    @Test("--no-chips, --stroke-width, --compression and --max-pixels each do what they say")
    func options() throws {
        let command = ["render", "--image", Self.image, "--regions", Self.valid, "--output", "-"]
        func render(_ arguments: [String]) throws -> [UInt8] { try CLIRunner.runBytes(command + arguments) }
        let source = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: Self.image))))
        /// The pixels whose colour the render changed (a flag for each pixel), and how many.
        func changed(_ bytes: [UInt8]) throws -> (flags: [Bool], count: Int) {
            let image = try PNGCodec.decode(bytes)
            var flags = [Bool](repeating: false, count: image.width * image.height)
            var count = 0
            image.pixels.withUnsafeBufferPointer { drawn in
                source.pixels.withUnsafeBufferPointer { original in
                    for k in flags.indices {
                        let base = 4 * k
                        if drawn[base] != original[base] || drawn[base + 1] != original[base + 1] || drawn[base + 2] != original[base + 2] {
                            flags[k] = true
                            count += 1
                        }
                    }
                }
            }
            return (flags, count)
        }
        func isSubset(_ a: [Bool], of b: [Bool]) -> Bool { !zip(a, b).contains { $0 && !$1 } }
        let fast = try render([])  // the default compression
        let plain = try changed(fast)
        // The sofa's chip is drawn at (585.41, 363.1) with a radius of 12 pixels.
        let chip = 363 * 1024 + 585
        let noChips = try changed(try render(["--no-chips"]))
        #expect(plain.flags[chip] && !noChips.flags[chip] && isSubset(noChips.flags, of: plain.flags))
        let wide = try changed(try render(["--stroke-width", "8", "--no-chips"]))
        #expect(wide.count > noChips.count + 1_000 && isSubset(noChips.flags, of: wide.flags))
        let small = try render(["--compression", "small"])
        let samePixels = try PNGCodec.decode(small).pixels == PNGCodec.decode(fast).pixels
        #expect(small.count < fast.count && samePixels)
        let limited = try CLIRunner.run(command + ["--max-pixels", "700000"])
        #expect(limited.status == 2 && limited.stdout.isEmpty && limited.stderr.contains("786432"))
    }

    @Test("a PNG declaring 1,000,000 × 1,000,000 pixels is refused before allocation")
    func huge() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 0x0F, 0x42, 0x40, 0, 0x0F, 0x42, 0x40, 8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for b in ihdr {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        ihdr += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        let file = folder.appendingPathComponent("huge.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr).write(to: file)
        let result = try CLIRunner.run([
            "render", "--image", file.path, "--regions", Self.valid, "--output", folder.appendingPathComponent("o.png").path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("above the limit"))
    }
}
