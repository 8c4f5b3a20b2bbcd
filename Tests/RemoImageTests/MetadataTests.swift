import RemoImage
import Testing

/// EXIF orientation and ICC descriptions, read from bytes built here in both byte orders
/// and both ICC versions.
@Suite("EXIF orientation and colour profiles")
struct MetadataTests {
    /// TIFF data with one IFD entry: the orientation tag as a SHORT.
    static func exif(orientation: Int, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        return (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8) + u16(1)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
    }

    @Test("the orientation tag in little- and big-endian EXIF; out of range, absent or cut short is upright")
    func orientationTag() {
        for value in 1...8 {
            #expect(ExifOrientation.exif(Self.exif(orientation: value, bigEndian: false)).rawValue == value)
            #expect(ExifOrientation.exif(Self.exif(orientation: value, bigEndian: true)).rawValue == value)
        }
        #expect(ExifOrientation.exif(Self.exif(orientation: 9, bigEndian: false)) == .up)
        #expect(ExifOrientation.exif(Array(Self.exif(orientation: 6, bigEndian: true).prefix(19))) == .up)
        #expect(ExifOrientation.exif([]) == .up)
        #expect(ExifOrientation.exif(Array("MM".utf8) + [0, 42, 0xFF, 0xFF, 0xFF, 0xF0]) == .up)
    }

    @Test("turning pixels: each orientation and its inverse give the stored image back")
    func turning() {
        let (w, h) = (5, 3)
        let stored = (0..<(w * h)).map { UInt8($0) }
        let inverse: [ExifOrientation: ExifOrientation] = [
            .up: .up, .upMirrored: .upMirrored, .down: .down, .downMirrored: .downMirrored, .leftMirrored: .leftMirrored,
            .right: .left, .rightMirrored: .rightMirrored, .left: .right,
        ]
        for orientation in ExifOrientation.allCases {
            let shown = orientation.apply(to: stored, width: w, height: h, channels: 1)
            #expect((shown.width, shown.height) == (orientation.swapsSides ? (h, w) : (w, h)))
            let back = inverse[orientation]!.apply(to: shown.pixels, width: shown.width, height: shown.height, channels: 1)
            #expect(back.pixels == stored, "\(orientation)")
        }
        // A quarter turn clockwise puts the stored top-left pixel at the top right.
        let right = ExifOrientation.right.apply(to: stored, width: w, height: h, channels: 1)
        #expect(right.pixels[right.width - 1] == stored[0])
    }

    /// An ICC profile whose tag table holds one `desc` tag of the given body.
    static func profile(desc body: [UInt8]) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let header = [UInt8](repeating: 0, count: 128)
        return header + u32(1) + Array("desc".utf8) + u32(144) + u32(body.count) + body
    }

    @Test("ICC descriptions: v2 desc and v4 mluc; Display P3, sRGB, another profile, garbage")
    func iccDescriptions() {
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func v2(_ text: String) -> [UInt8] { Array("desc".utf8) + u32(0) + u32(text.utf8.count + 1) + Array(text.utf8) + [0] }
        func v4(_ text: String) -> [UInt8] {
            let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            return Array("mluc".utf8) + u32(0) + u32(1) + u32(12) + Array("enUS".utf8) + u32(utf16.count) + u32(28) + utf16
        }
        #expect(ColourProfile.icc(Self.profile(desc: v4("Display P3"))) == .displayP3)
        #expect(ColourProfile.icc(Self.profile(desc: v2("sRGB IEC61966-2.1"))) == .sRGB)
        #expect(ColourProfile.icc(Self.profile(desc: v2("Adobe RGB (1998)"))).name == "Adobe RGB (1998)")
        #expect(ColourProfile.icc(Array(repeating: 0xFF, count: 200)) == .otherICC(""))
        #expect(ColourProfile.icc([]).name == "ICC profile")
    }
}
