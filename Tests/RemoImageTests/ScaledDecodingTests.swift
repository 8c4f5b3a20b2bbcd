import Foundation
import RemoImage
import RemoTestSupport
import Testing

/// Images brought to a smaller size as their rows are decoded (what `prepare`, `bundle` and
/// `drift` do, so that a 12-megapixel image is never held whole) must come out exactly as the
/// whole image decoded and then scaled.
@Suite("Decoding straight to a smaller size")
struct ScaledDecodingTests {
    /// The first differing sample of two buffers, or nil when they are equal (compared without
    /// printing the buffers).
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        guard a.count == b.count else { return "\(a.count) samples against \(b.count)" }
        let same = a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        if same { return nil }
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }!.offset
        return "sample \(i) (pixel \(i / 4)): \(a[i]) against \(b[i])"
    }

    /// Decoded row by row into the scaler, against decoded whole and scaled.
    static func check(_ png: [UInt8], toWidth: Int, toHeight: Int, premultiplied: Bool, name: String) throws {
        let streamed = try PNGCodec.withRows(png) { (rows) throws(PNGError) in
            try rows.readScaled(toWidth: toWidth, toHeight: toHeight, premultiplied: premultiplied)
        }
        let whole = try PNGCodec.decode(png)
        let expected = ImageScaling.scale(
            whole.pixels, width: whole.width, height: whole.height, toWidth: toWidth, toHeight: toHeight,
            premultiplied: premultiplied)
        if let difference = firstDifference(streamed, expected) {
            Issue.record("\(name) to \(toWidth) × \(toHeight)\(premultiplied ? ", premultiplied" : ""): \(difference)")
        }
    }

    @Test("a large image, shrunk and enlarged at whole and fractional ratios, is the whole image scaled")
    func largeImage() throws {
        let (width, height) = (1000, 700)
        let png = try PNGCodec.encode(
            RGBAImage(
                width: width, height: height, pixels: PNGEncoderTests.picture(width: width, height: height), hadTransparency: true))
        let sizes = [(500, 350), (333, 256), (256, 179), (999, 699), (1, 1), (1000, 1), (7, 700), (1500, 1050), (1001, 350)]
        for (w, h) in sizes {
            for premultiplied in [false, true] {
                try Self.check(png, toWidth: w, toHeight: h, premultiplied: premultiplied, name: "1000 × 700")
            }
        }
    }

    @Test("every valid PngSuite file (every colour type, depth and interlacing) scaled as it is read", TestData.needs(.pngsuite))
    func pngSuite() throws {
        var checked = 0
        for name in PNGSuiteTests.allFiles where !name.hasPrefix("x") {
            let png = try [UInt8](Data(contentsOf: PNGSuiteTests.folder.appendingPathComponent(name)))
            let (width, height) = try PNGCodec.withRows(png) { (rows) throws(PNGError) in (rows.width, rows.height) }
            for (w, h) in [((width + 2) / 3, (height + 1) / 2), (width + 5, height * 2 - 1)] {
                try Self.check(png, toWidth: w, toHeight: h, premultiplied: true, name: name)
            }
            checked += 1
        }
        #expect(checked == 162)
    }

    @Test("a PNG whose image data is damaged, read row by row, throws libpng's message, and so does every read after it")
    func damaged() throws {
        var png = try PNGCodec.encode(
            RGBAImage(width: 300, height: 200, pixels: PNGEncoderTests.picture(width: 300, height: 200), hadTransparency: false))
        // Bytes in the middle of the image data overwritten: the chunks still fit the file,
        // so the reader opens, and the damage is met while rows are read.
        for i in (png.count / 2)..<(png.count / 2 + 64) { png[i] = 0xFF }
        var thrown: [PNGError] = []
        var opened = false
        _ = try? PNGCodec.withRows(png) { (rows) throws(PNGError) in
            opened = true
            var row = [UInt8](repeating: 0, count: rows.width * 4)
            for _ in 0..<2 {
                do throws(PNGError) {
                    while rows.done < rows.height {
                        try row.withUnsafeMutableBufferPointer { (p) throws(PNGError) in try rows.read(1, into: p.baseAddress!) }
                    }
                } catch {
                    thrown.append(error)
                }
            }
        }
        #expect(opened)
        #expect(thrown.count == 2, "\(thrown)")
        if case .invalid(let message)? = thrown.first { #expect(!message.isEmpty) } else { Issue.record("not .invalid: \(thrown)") }
    }

    @Test("a turned JPEG is scaled as stored and then turned: its full size upright, its samples within 1 of turning first")
    func turnedJPEG() throws {
        let bytes = try ImageDecoderTests.fixture("orientation-6.jpg")
        let whole = try ImageDecoder.designImage(bytes, maximumPixels: 1 << 30)
        var asked: (Int, Int)?
        let scaled = try ImageDecoder.designImage(bytes, maximumPixels: 1 << 30, premultiplied: false) { width, height in
            asked = (width, height)
            return ((width + 2) / 3, (height + 2) / 3)
        }
        let upright: [Int] = [whole.width, whole.height]
        #expect(asked.map { [$0.0, $0.1] } == upright)
        #expect([scaled.fullWidth, scaled.fullHeight] == upright)
        let expected = ImageScaling.scale(
            whole.pixels, width: whole.width, height: whole.height, toWidth: scaled.image.width, toHeight: scaled.image.height,
            premultiplied: false)
        #expect(scaled.image.pixels.count == expected.count)
        let worst = zip(scaled.image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 99
        #expect(worst <= 1, "largest difference \(worst)")
    }
}
