import Foundation
import RemoImage
import RemoJSON
import RemoTestSupport
import Testing

/// PngSuite conformance against its reference decodings (the pngsuite and pngsuite-rgba corpora).
@Suite("PNG decoding: PngSuite")
struct PNGSuiteTests {
    static let folder = TestData.folder(.pngsuite)

    static var allFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// libpng's png_set_scale_16: the high byte corrected by the low byte, rounding
    /// like v × 255 / 65535. The reference is reduced the same way as the decoder does.
    static func scale16(_ v: Int) -> UInt8 {
        let high = v >> 8
        let low = v & 0xFF
        return UInt8(high + (((low - high + 128) * 65535) >> 24))
    }

    @Test("the 162 valid files decode to exactly the reference samples", TestData.needs(.pngsuiteRGBA, .pngsuite))
    func validFiles() throws {
        var checked = 0
        for name in Self.allFiles where !name.hasPrefix("x") {
            let base = String(name.dropLast(4))
            let image = try PNGCodec.decode([UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name))))
            let referenceURL = TestData.url(.pngsuiteRGBA, "\(base).json")
            guard FileManager.default.fileExists(atPath: referenceURL.path) else {
                // PngSuite.png (the suite's logo) has no reference: it must at least decode.
                #expect(image.width > 0, "\(name)")
                checked += 1
                continue
            }
            guard case .array(let values) = try JSONParser.parse([UInt8](Data(contentsOf: referenceURL))) else {
                Issue.record("\(base).json is not an array")
                continue
            }
            let sixteen = base.hasSuffix("16")
            let expected = values.map { value -> UInt8 in
                guard case .number(let d) = value else { return 0 }
                return sixteen ? Self.scale16(Int(d)) : UInt8(d)
            }
            #expect(image.pixels.count == expected.count, "\(name): \(image.pixels.count) samples, reference \(expected.count)")
            if image.pixels != expected {
                let first = zip(image.pixels, expected).enumerated().first { $0.element.0 != $0.element.1 }
                Issue.record("\(name): first differing sample \(first.map { "\($0.offset): \($0.element.0) vs \($0.element.1)" } ?? "-")")
            }
            checked += 1
        }
        #expect(checked == 162)
    }

    @Test("the 14 corrupt x* files fail with libpng's message, no crash", TestData.needs(.pngsuite))
    func corruptFiles() throws {
        var failed = 0
        for name in Self.allFiles where name.hasPrefix("x") {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
            do {
                _ = try PNGCodec.decode(bytes)
                Issue.record("\(name) decoded")
            } catch {
                #expect(!error.description.isEmpty)
                failed += 1
            }
        }
        #expect(failed == 14)
    }

    /// A PNG's samples read row by row, or its error's message.
    static func outcome(_ input: ImageInput) -> String {
        do throws(PNGError) {
            return try PNGCodec.withRows(input) { (rows) throws(PNGError) in
                var pixels = [UInt8](repeating: 0, count: rows.width * rows.height * 4)
                try pixels.withUnsafeMutableBufferPointer { (buffer) throws(PNGError) in
                    try rows.read(rows.height, into: buffer.baseAddress!)
                }
                return "\(rows.width) × \(rows.height), \(rows.colour), samples \(pixels.hashValue)"
            }
        } catch {
            return "error: \(error)"
        }
    }

    @Test(
        "read from its file as it is decoded, every file gives what its bytes give: the same samples and chunks, or the same error, cut anywhere",
        TestData.needs(.pngsuite))
    func fromFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remo-pngsuite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [(String, [UInt8])] = []
        for name in Self.allFiles {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
            cases.append((name, bytes))
            // Cut short at a few places: inside the header, a chunk's length, its data, its CRC.
            if name.hasPrefix("basn") || name.hasPrefix("bgai") {
                for cut in [7, 20, 33, 37, 41, bytes.count / 2, bytes.count - 13, bytes.count - 1] {
                    cases.append(("\(name) cut at \(cut)", Array(bytes.prefix(cut))))
                }
            }
        }
        // Files larger than the 64 KB the reader takes at a time, their chunks across its edges.
        let noise = try Self.noisePNG(width: 500, height: 400)
        for size in [997, 65_536 - 12, 65_536 + 5, 300_000] {
            let png = Self.rechunked(noise, idatSize: size)
            cases.append(("noise in IDATs of \(size)", png))
            for cut in [65_530, 65_540, 131_072 + 3, png.count - 5] {
                cases.append(("noise in IDATs of \(size) cut at \(cut)", Array(png.prefix(cut))))
            }
        }
        var errors = 0
        for (name, bytes) in cases {
            let url = folder.appendingPathComponent("case.png")
            try Data(bytes).write(to: url)
            let descriptor = open(url.path, O_RDONLY)
            try #require(descriptor >= 0)
            let fromFile = Self.outcome(.file(ImageFile(descriptor: descriptor, size: bytes.count)))
            #expect(fromFile == Self.outcome(.bytes(bytes)), "\(name)")
            if fromFile.hasPrefix("error") { errors += 1 }
        }
        #expect(cases.count > 300 && errors > 100)
    }

    /// A PNG of noise: it does not compress, so its data is about 4 bytes a pixel.
    static func noisePNG(width: Int, height: Int) throws -> [UInt8] {
        var state: UInt32 = 7
        let pixels = (0..<(width * height * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return try PNGCodec.encode(RGBAImage(width: width, height: height, pixels: pixels, hadTransparency: true))
    }

    /// `png` with its image data in IDAT chunks of `idatSize` bytes (the last shorter).
    static func rechunked(_ png: [UInt8], idatSize: Int) -> [UInt8] {
        var (before, data, after) = (Array(png.prefix(8)), [UInt8](), [UInt8]())
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let chunk = Array(png[offset..<(offset + 12 + length)])
            if chunk[4..<8].elementsEqual("IDAT".utf8) {
                data += chunk[8..<(8 + length)]
            } else if data.isEmpty {
                before += chunk
            } else {
                after += chunk
            }
            offset += 12 + length
        }
        var out = before
        for start in stride(from: 0, to: data.count, by: idatSize) {
            let body = Array("IDAT".utf8) + data[start..<min(start + idatSize, data.count)]
            let (length, crc) = (UInt32(body.count - 4), PNGHostileTests.crc32(body))
            out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
            out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        return out + after
    }

    @Test("write then read gives identical samples, and every colour chunk survives", TestData.needs(.pngsuite))
    func roundTrip() throws {
        var withChunks = 0
        for name in Self.allFiles where !name.hasPrefix("x") {
            let image = try PNGCodec.decode([UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name))))
            for compression in [PNGCompression.fast, .small] {
                let again = try PNGCodec.decode(try PNGCodec.encode(image, compression: compression))
                #expect(again.pixels == image.pixels || (!image.hadTransparency && Self.sameRGB(again, image)), "\(name)")
                #expect(again.colour == image.colour, "\(name): colour chunks changed")
                #expect(again.hadTransparency == image.hadTransparency, "\(name)")
            }
            if image.colour != ColourChunks() { withChunks += 1 }
        }
        #expect(withChunks >= 10)  // gAMA, cHRM, sRGB and iCCP files are in the suite
    }

    /// Without transparency the output is RGB: alpha reads back as 255.
    static func sameRGB(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.pixels.count == b.pixels.count else { return false }
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<(i + 3)] != b.pixels[i..<(i + 3)] { return false }
        return true
    }

    /// A structurally valid RGB display profile of 600 bytes with one tag (libpng checks
    /// the header and the tag table, and wants more compressed data than a bare header).
    static func minimalICCProfile() -> [UInt8] {
        var p = (0..<600).map { UInt8(truncatingIfNeeded: $0 * 131 + 7) }
        for i in 0..<160 { p[i] = 0 }
        func put(_ offset: Int, _ bytes: [UInt8]) { for (i, b) in bytes.enumerated() { p[offset + i] = b } }
        put(0, [0, 0, 0x02, 0x58])  // size 600
        put(8, [0x02, 0x10, 0, 0])  // version 2.1
        put(12, Array("mntr".utf8))
        put(16, Array("RGB ".utf8))
        put(20, Array("XYZ ".utf8))
        put(36, Array("acsp".utf8))
        put(68, [0, 0, 0xF6, 0xD6, 0, 1, 0, 0, 0, 0, 0xD3, 0x2D])  // D50
        put(128, [0, 0, 0, 1])  // one tag
        put(132, Array("cprt".utf8) + [0, 0, 0, 144, 0, 0, 1, 200])
        put(144, Array("text".utf8))
        return p
    }

    @Test("an ICC profile and sRGB, gAMA, cHRM chunks made here survive a round trip")
    func colourChunks() throws {
        var image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 255))
        image.colour = ColourChunks(
            srgbIntent: nil, gamma: 45455, chromaticities: [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000],
            iccProfile: ICCProfile(name: "Display P3", data: Self.minimalICCProfile()))
        let again = try PNGCodec.decode(try PNGCodec.encode(image))
        #expect(again.colour.gamma == 45455)
        #expect(again.colour.chromaticities == image.colour.chromaticities)
        #expect(again.colour.iccProfile?.name == "Display P3")
        #expect(again.pixels == image.pixels)
        #expect(!again.hadTransparency)
    }
}
