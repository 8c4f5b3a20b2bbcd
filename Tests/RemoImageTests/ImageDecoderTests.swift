import Foundation
import RemoImage
import RemoShapes
import RemoTestSupport
import Testing

/// The decoders on files written by Pillow and pillow-heif (Fixtures/make_fixtures.py):
/// each shows red, green, blue and white quadrants when displayed upright.
@Suite("Decoding PNG, JPEG and HEIC")
struct ImageDecoderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = Repository.url("Tests/RemoImageTests/Fixtures").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    /// The colour at the centre of each quadrant, as displayed.
    static func quadrants(_ image: DecodedImage) -> [String: (Int, Int, Int)] {
        func at(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * image.width + x) * image.channels
            return image.channels == 1
                ? (Int(image.pixels[i]), Int(image.pixels[i]), Int(image.pixels[i]))
                : (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        let (w, h) = (image.width, image.height)
        return [
            "top-left": at(w / 4, h / 4), "top-right": at(3 * w / 4, h / 4), "bottom-left": at(w / 4, 3 * h / 4),
            "bottom-right": at(3 * w / 4, 3 * h / 4),
        ]
    }

    static func expectUpright(_ image: DecodedImage, _ comment: Comment) {
        #expect(image.width == 48 && image.height == 32, comment)
        let q = quadrants(image)
        func near(_ c: (Int, Int, Int)?, _ e: (Int, Int, Int)) -> Bool {
            guard let c else { return false }
            return abs(c.0 - e.0) < 40 && abs(c.1 - e.1) < 40 && abs(c.2 - e.2) < 40
        }
        #expect(near(q["top-left"], (255, 0, 0)), "\(comment): top left \(String(describing: q["top-left"]))")
        #expect(near(q["top-right"], (0, 255, 0)), "\(comment): top right")
        #expect(near(q["bottom-left"], (0, 0, 255)), "\(comment): bottom left")
        #expect(near(q["bottom-right"], (255, 255, 255)), "\(comment): bottom right")
    }

    @Test("every EXIF orientation (1 to 8) is applied: the picture comes out upright, in RGBA and in luma", arguments: 1...8)
    func orientations(orientation: Int) throws {
        let bytes = try Self.fixture("orientation-\(orientation).jpg")
        let image = try ImageDecoder.decode(bytes, maximumPixels: 1_000_000, samples: .rgba)
        #expect(image.orientation.rawValue == orientation)
        #expect(image.format == .jpeg)
        Self.expectUpright(image, "orientation \(orientation)")
        let luma = try ImageDecoder.decode(bytes, maximumPixels: 1_000_000, samples: .luma(shortSide: 8))
        #expect(luma.fullWidth == 48 && luma.fullHeight == 32)
        // Red is darker than green in luma: the left half of the top row is darker.
        let q = Self.quadrants(luma)
        #expect((q["top-left"]?.0 ?? 0) < (q["top-right"]?.0 ?? 0), "orientation \(orientation)")
    }

    @Test("Adobe's inverted CMYK and progressive JPEGs decode to the same colours")
    func cmykAndProgressive() throws {
        Self.expectUpright(try ImageDecoder.decode(Self.fixture("cmyk-adobe.jpg"), maximumPixels: 1_000_000, samples: .rgba), "CMYK")
        Self.expectUpright(
            try ImageDecoder.decode(Self.fixture("progressive.jpg"), maximumPixels: 1_000_000, samples: .rgba), "progressive")
    }

    @Test("a HEIC from pillow-heif decodes upright, in RGBA and in luma")
    func heic() throws {
        let bytes = try Self.fixture("upright.heic")
        let image = try ImageDecoder.decode(bytes, maximumPixels: 1_000_000, samples: .rgba)
        #expect(image.format == .heic)
        Self.expectUpright(image, "HEIC")
        let luma = try ImageDecoder.decode(bytes, maximumPixels: 1_000_000, samples: .luma(shortSide: 8))
        #expect(luma.channels == 1 && luma.width == 48)
    }

    @Test("colour profiles: an ICC profile named Display P3, and none")
    func profiles() throws {
        let p3 = try ImageDecoder.decode(Self.fixture("display-p3.jpg"), maximumPixels: 1_000_000, samples: .rgba)
        #expect(p3.profile == .displayP3)
        #expect(p3.iccProfile != nil)
        let plain = try ImageDecoder.decode(Self.fixture("orientation-1.jpg"), maximumPixels: 1_000_000, samples: .rgba)
        #expect(plain.profile == .unspecified)
    }

    @Test("a PNG named .jpg is read as the PNG it is")
    func pngNamedJPEG() throws {
        let image = try ImageDecoder.decode(Self.fixture("png-named.jpg"), maximumPixels: 1_000_000, samples: .rgba)
        #expect(image.format == .png)
        Self.expectUpright(image, "PNG")
    }

    @Test("JPEGs declaring 65,535 × 65,535 and 60,000 × 60,000 pixels are refused from their headers, before any image memory")
    func hugeDeclared() throws {
        // libjpeg itself refuses sides over 65,500; under that the pixel limit refuses.
        for (side, code) in [(65_535, "invalid-image"), (60_000, "image-too-large")] {
            var bytes = try Self.fixture("huge-declared.jpg")
            let frame = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
            for at in [frame + 5, frame + 7] { (bytes[at], bytes[at + 1]) = (UInt8(side >> 8), UInt8(side & 0xFF)) }
            #expect {
                try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .rgba)
            } throws: { error in
                guard let error = error as? ImageError else { return false }
                return error.code == code && (error.message.contains("\(side) x \(side)") || error.message.contains("65500"))
            }
        }
    }

    @Test("a progressive JPEG of 300 copies of its scans is refused past 64 scans; EXIF pointing past its end reads as upright")
    func scansAndBrokenEXIF() throws {
        #expect {
            try ImageDecoder.decode(Self.fixture("many-scans.jpg"), maximumPixels: 1_000_000, samples: .luma(shortSide: 8))
        } throws: { error in
            (error as? ImageError)?.message.contains("more than 64 scans") == true
        }
        let image = try ImageDecoder.decode(Self.fixture("broken-exif.jpg"), maximumPixels: 1_000_000, samples: .rgba)
        #expect(image.orientation == .up && image.width == 64 && image.height == 48)
        #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Self.fixture("truncated.heic"), maximumPixels: 1_000_000, samples: .rgba)
        }
    }

    @Test("a HEIC's own thumbnail is decoded instead of its image when it is at least the size asked for, and only then")
    func heicThumbnail() throws {
        let bytes = try Self.fixture("with-thumbnail.heic")  // 192 x 128, holding a 96 x 64 thumbnail
        let cases: [((width: Int, height: Int)?, Int)] = [((64, 43), 96), ((96, 64), 96), ((97, 65), 192), ((96, 65), 192), (nil, 192)]
        for (atLeast, width) in cases {
            let image = try ImageDecoder.heic(bytes, maximumPixels: 1_000_000, samples: .rgba, atLeast: atLeast)
            let asked = String(describing: atLeast)
            #expect(image.width == width && image.height == width * 2 / 3, "at least \(asked): \(image.width) x \(image.height)")
            #expect(image.fullWidth == 192 && image.fullHeight == 128, "at least \(asked)")
            let q = Self.quadrants(image)
            for (name, colour) in [("top-left", (255, 0, 0)), ("top-right", (0, 255, 0)), ("bottom-left", (0, 0, 255))] {
                let c = q[name] ?? (-99, -99, -99)
                #expect(abs(c.0 - colour.0) < 40 && abs(c.1 - colour.1) < 40 && abs(c.2 - colour.2) < 40, "at least \(asked): \(name)")
            }
        }
        // The pixel limit is the image's, whatever is decoded.
        #expect(throws: ImageError.self) {
            try ImageDecoder.heic(bytes, maximumPixels: 192 * 128 - 1, samples: .rgba, atLeast: (64, 43))
        }
        let prepared = try ImagePreparation.prepare(bytes, maxSide: 64, format: .png, quality: 85, maximumPixels: 1_000_000)
        #expect((prepared.width, prepared.height, prepared.sourceWidth, prepared.sourceHeight) == (64, 43, 192, 128))
        // The HEIC fuzzer's finding: the file mutated until its image declares 0 x 0 pixels
        // (it decodes at 192 x 128) made a target of 0 x 0. The size decoded is the one that
        // counts, and the thumbnail is not taken for a copy of an image of no size.
        let undeclared = try Self.fixture("no-declared-size.heic")
        let fromUndeclared = try ImagePreparation.prepare(undeclared, maxSide: 24, format: .png, quality: 85, maximumPixels: 1_000_000)
        #expect((fromUndeclared.width, fromUndeclared.height, fromUndeclared.sourceWidth) == (24, 16, 192))
    }

    @Test(
        "a HEIC whose colour box libheif reads with an error (found leaking by the HEIC fuzzer) decodes, and no HEIC fixture leaks under LeakSanitizer"
    )
    func nclxErrorDoesNotLeak() throws {
        let image = try ImageDecoder.decode(Self.fixture("nclx-error.heic"), maximumPixels: 1_000_000, samples: .rgba)
        #expect(image.format == .heic && image.width == 48)
        // CRemoHEIF built with AddressSanitizer in a process of its own, over every HEIC
        // fixture: LeakSanitizer fails it if a decode leaves anything unfreed (52 bytes per
        // decode of nclx-error.heic before the fix). This process runs other suites in
        // parallel, so its own memory cannot show such a leak.
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = Repository.root.path
        let checker = folder.appendingPathComponent("heif-leak-check").path
        let build = try CLIRunner.runProgram(
            "/usr/bin/env",
            [
                "clang", "-g", "-fsanitize=address", "-I", "\(root)/Sources/CRemoHEIF/include",
                "\(root)/Tests/RemoImageTests/LeakCheck/heif_leak_check.c", "\(root)/Sources/CRemoHEIF/remo_heif.c", "-lheif", "-o",
                checker,
            ])
        #expect(build.status == 0, "\(build.stderr)")
        let fixtures = ["nclx-error.heic", "upright.heic", "truncated.heic", "with-thumbnail.heic"].map {
            "\(root)/Tests/RemoImageTests/Fixtures/\($0)"
        }
        let run = try CLIRunner.runProgram(checker, fixtures)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("LeakSanitizer"))
        #expect(run.stdout.contains("nclx-error.heic, 4 channels: status 0"))
        #expect(run.stdout.contains("with-thumbnail.heic, 4 channels (a thumbnail): status 0"))
    }

    @Test(
        "hostile bytes: truncated data, a bare signature, random bytes after a JPEG or HEIC start: an error with a message, never a crash",
        arguments: ["truncated", "closed-early", "signature", "garbage-jpeg", "garbage-heic", "empty"])
    func hostile(kind: String) throws {
        var rng = SystemRandomNumberGenerator()
        let bytes: [UInt8] =
            switch kind {
            case "truncated": try Self.fixture("truncated.jpg")
            // A photo cut short and closed with an end-of-image marker: libjpeg warns that
            // the data ends early and would fill the rest with grey.
            case "closed-early":
                try Array(Repository.bytes("SampleScans/photos/sharp.jpg").prefix(upTo: 60_000)) + [0xFF, 0xD9]
            case "signature": [0xFF, 0xD8, 0xFF]
            case "garbage-jpeg": [0xFF, 0xD8, 0xFF, 0xE0] + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
            case "garbage-heic": [0, 0, 0, 24] + Array("ftypheic".utf8) + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
            default: []
            }
        do {
            _ = try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .rgba)
            Issue.record("\(kind) was decoded")
        } catch {
            #expect(error.code == "invalid-image")
            #expect(!error.message.isEmpty)
            // libheif ends its messages with a line break, which an error object must not carry.
            #expect(error.message.last?.isNewline != true, "\(kind): \(error.message)")
        }
        if kind == "truncated" || kind == "closed-early" {
            #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .luma(shortSide: 8)) }
        }
    }

    /// A HEIF file whose primary item is a grid of the given output size, its descriptor in
    /// `idat`, claiming nothing else (no tiles: libheif could not decode it).
    static func gridHEIF(width: Int, height: Int) -> [UInt8] {
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + content.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 255), UInt8(size >> 8 & 255), UInt8(size & 255)] + Array(type.utf8) + content
        }
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }
        let wide = width > 0xFFFF || height > 0xFFFF
        let descriptor: [UInt8] = [0, wide ? 1 : 0, 0, 0] + (wide ? u32(width) + u32(height) : u16(width) + u16(height))
        let pitm = box("pitm", [0, 0, 0, 0] + u16(1))
        let infe = box("infe", [2, 0, 0, 0] + u16(1) + u16(0) + Array("grid".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0] + u16(1) + infe)
        // Version 1: offsets and lengths of 4 bytes, no base offset; construction method 1 (idat).
        let iloc = box("iloc", [1, 0, 0, 0, 0x44, 0x00] + u16(1) + u16(1) + u16(1) + u16(0) + u16(1) + u32(0) + u32(descriptor.count))
        let meta = box("meta", [0, 0, 0, 0] + pitm + iinf + iloc + box("idat", descriptor))
        return box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8)) + meta
    }

    @Test("a HEIF grid is held to the pixel limit by the size it decodes to, from its own descriptor, before libheif decodes it")
    func gridOverTheLimit() throws {
        for (width, height) in [(20_000, 20_000), (40_000, 40_000), (100_000, 2_000), (0xFFFF_FFFF, 0xFFFF_FFFF)] {
            do {
                _ = try ImageDecoder.decode(Self.gridHEIF(width: width, height: height), maximumPixels: 100_000_000, samples: .rgba)
                Issue.record("a \(width) × \(height) grid was decoded")
            } catch {
                #expect(error.code == "image-too-large" && error.message.contains("grid is \(width) x \(height)"), "\(error.message)")
            }
        }
        // Every truncation and 500 byte flips of such a file: an error, never a trap.
        let grid = Self.gridHEIF(width: 20_000, height: 20_000)
        var rng = SplitMix64(seed: 3)
        let broken =
            (0..<grid.count).map { Array(grid.prefix($0)) }
            + (0..<500).map { _ in
                var bytes = grid
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                return bytes
            }
        for bytes in broken {
            #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .rgba) }
        }
        // Within the limit the grid goes on to libheif, which finds no tiles.
        do {
            _ = try ImageDecoder.decode(Self.gridHEIF(width: 1_000, height: 1_000), maximumPixels: 100_000_000, samples: .rgba)
            Issue.record("a grid without tiles was decoded")
        } catch {
            #expect(error.code == "invalid-image", "\(error.message)")
        }
    }
}
