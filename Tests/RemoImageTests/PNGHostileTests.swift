import Foundation
import RemoImage
import RemoTestSupport
import Testing

@Suite("PNG decoding: hostile input")
struct PNGHostileTests {
    /// A PNG header (signature and IHDR with a correct CRC) declaring the given size.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = Array("IHDR".utf8)
        for v in [width, height] { ihdr += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        ihdr += [8, 6, 0, 0, 0]  // 8-bit RGBA, no interlace
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
        let crc = crc32(ihdr)
        bytes += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        return bytes
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("a PNG declaring 1,000,000 × 1,000,000 pixels is refused from its header")
    func hugeDeclared() {
        #expect(throws: PNGError.self) { try PNGCodec.decode(Self.header(width: 1_000_000, height: 1_000_000)) }
        do {
            _ = try PNGCodec.decode(Self.header(width: 1_000_000, height: 1_000_000))
        } catch {
            guard case .tooLarge(let message) = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
            #expect(message.contains("1000000 x 1000000"))
        }
    }

    @Test("a configurable pixel limit")
    func limit() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 100, height: 100))
        #expect(throws: PNGError.self) { try PNGCodec.decode(png, maximumPixels: 9_999) }
        #expect(try PNGCodec.decode(png, maximumPixels: 10_000).width == 100)
    }

    @Test("truncated files, a JPEG renamed .png and an empty file fail with a message")
    func broken() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 64, height: 64, fill: (200, 10, 10, 255)))
        for cut in [0, 7, 20, 40, png.count / 2, png.count - 13] {
            #expect(throws: PNGError.self, "cut at \(cut)") { try PNGCodec.decode(Array(png.prefix(cut))) }
        }
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
        do {
            _ = try PNGCodec.decode(jpeg)
            Issue.record("decoded a JPEG")
        } catch {
            #expect(error.description.contains("not a PNG"))
        }
        // A corrupt chunk in the middle: flip bytes of the image data.
        var corrupt = png
        for i in 60..<80 { corrupt[i] ^= 0x5A }
        #expect(throws: PNGError.self) { try PNGCodec.decode(corrupt) }
    }

    @Test("a header declaring about 2^32 × 2^32 pixels is refused, not an overflow (found by the PNG fuzzer)")
    func overflowingHeader() {
        let bytes: [UInt8] = [
            137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 255, 110, 0, 72, 120, 64, 129, 2, 15, 74, 135, 31, 194, 132, 7,
            20, 40, 240, 160, 116, 56, 35, 0, 0, 0, 0, 1, 134, 160, 49, 232, 150, 95, 0, 0, 0, 72, 120, 64, 129, 2, 15, 74, 135, 31, 194,
            132, 7, 20, 40, 240, 160, 116, 56, 35, 0, 0, 0, 1, 169, 64, 129, 187, 73, 69, 78, 68, 174, 66, 96, 130,
        ]
        #expect(throws: PNGError.self) { try PNGCodec.decode(bytes) }
    }

    @Test("a 141-byte PNG declaring a 2³¹ − 1 byte text chunk is refused as truncated, naming the length, at a plain photo's peak memory")
    func hugeChunkDeclared() throws {
        var bytes = Self.header(width: 16, height: 16)
        bytes += [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + Array("Comment\u{0}".utf8) + [UInt8](repeating: 0x78, count: 96)
        bytes = Array(bytes.prefix(141))
        do {
            _ = try PNGCodec.decode(bytes)
            Issue.record("decoded")
        } catch {
            #expect("\(error)".contains("the file is truncated (a chunk declares 2147483647 bytes where"), "\(error)")
        }
        // The peak resident memory of a process of its own, beside a 16 × 16 PNG that
        // decodes: the same (a large allocation would show only once touched).
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = folder.appendingPathComponent("hostile.png").path
        let plain = folder.appendingPathComponent("plain.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: hostile))
        try Data(try PNGCodec.encode(RGBAImage(width: 16, height: 16))).write(to: URL(fileURLWithPath: plain))
        let (refused, refusedPeak) = try CLIRunner.runMeasuringMemory(["photo", hostile])
        let (checked, checkedPeak) = try CLIRunner.runMeasuringMemory(["photo", plain])
        #expect(refused.status == 2 && refused.stderr.contains("truncated"), "\(refused.stderr)")
        #expect(checked.status != 2, "\(checked.stderr)")
        #expect(checkedPeak > 1 << 20, "no peak measured")
        #expect(refusedPeak - checkedPeak < 16 << 20, "the refusal's peak is \((refusedPeak - checkedPeak) >> 20) MB above a plain photo's")
    }
}
