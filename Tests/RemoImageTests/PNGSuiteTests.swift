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
