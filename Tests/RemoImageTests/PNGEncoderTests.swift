import Foundation
import RemoImage
import Testing

/// The encoder's image data is filtered and compressed in stripes on several threads and
/// joined into one zlib stream: libpng, a decoder that checks every chunk's CRC and the
/// stream's Adler-32, must read back the very pixels, at every compression and layout.
@Suite("PNG encoding in stripes")
struct PNGEncoderTests {
    static let (width, height) = (1700, 1300)
    static let pixels = picture(width: width, height: height)

    /// Gradients, noise and flat areas, so that every filter is chosen somewhere.
    static func picture(width: Int, height: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { pixels, count in
            fill(pixels, width: width, height: height)
            count = width * height * 4
        }
    }

    static func fill(_ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        var state: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = UInt8(truncatingIfNeeded: state >> 24)
                let i = (y * width + x) * 4
                let flat = (x / 200 + y / 150) % 3 == 0
                pixels[i] = flat ? 200 : UInt8(truncatingIfNeeded: x &+ y)
                pixels[i + 1] = flat ? 30 : UInt8(truncatingIfNeeded: x * 3) ^ (noise & 7)
                pixels[i + 2] = y % 97 < 40 ? noise : UInt8(truncatingIfNeeded: y)
                pixels[i + 3] = x % 400 < 300 ? 255 : UInt8(truncatingIfNeeded: x)
            }
        }
    }

    /// The number of IDAT chunks in a PNG.
    static func idatChunks(_ png: [UInt8]) -> Int {
        var offset = 8
        var count = 0
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[offset + 4..<offset + 8]) == Array("IDAT".utf8) { count += 1 }
            offset += length + 12
        }
        return count
    }

    /// The first sample that differs, as "sample i: a ≠ b", or nil when none does.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        guard a.count == b.count else { return "\(a.count) samples, not \(b.count)" }
        let same = a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 } }
        return same ? nil : a.indices.first { a[$0] != b[$0] }.map { "sample \($0): \(a[$0]) ≠ \(b[$0])" }
    }

    /// On a machine with several cores an image this large is split.
    static let expectedStripes = ProcessInfo.processInfo.activeProcessorCount >= 2 ? 2 : 1

    @Test("RGBA and RGB images in several stripes decode to the same pixels", arguments: [PNGCompression.fast, .default, .small])
    func colour(compression: PNGCompression) throws {
        let (width, height) = (Self.width, Self.height)
        let image = RGBAImage(width: width, height: height, pixels: Self.pixels, hadTransparency: true)
        for alpha in [true, false] {
            let png = try PNGCodec.encode(image, compression: compression, alpha: alpha)
            #expect(Self.idatChunks(png) >= Self.expectedStripes)
            let again = try PNGCodec.decode(png)
            #expect(again.width == width && again.height == height)
            var expected = image.pixels
            if !alpha { expected.withUnsafeMutableBufferPointer { p in for i in stride(from: 3, to: p.count, by: 4) { p[i] = 255 } } }
            #expect(Self.firstDifference(again.pixels, expected) == nil, "alpha: \(alpha)")
        }
    }

    @Test("a grey image in several stripes decodes to the same samples")
    func grey() throws {
        let (width, height) = (Self.width * 2, Self.height * 2)  // one byte a pixel: four times the pixels
        let grey = Self.pixels
        let png = try PNGCodec.encodeGrey(grey, width: width, height: height)
        #expect(Self.idatChunks(png) >= Self.expectedStripes)
        let again = try PNGCodec.decode(png)
        var expected = [UInt8](repeating: 255, count: grey.count * 4)
        expected.withUnsafeMutableBufferPointer { p in
            grey.withUnsafeBufferPointer { g in for i in g.indices { (p[4 * i], p[4 * i + 1], p[4 * i + 2]) = (g[i], g[i], g[i]) } }
        }
        #expect(Self.firstDifference(again.pixels, expected) == nil)
    }

    @Test("the smaller settings make smaller files")
    func smallerSettings() throws {
        let image = RGBAImage(width: Self.width, height: Self.height, pixels: Self.pixels, hadTransparency: false)
        let sizes = try [PNGCompression.fast, .small].map { try PNGCodec.encode(image, compression: $0).count }
        #expect(sizes[1] < sizes[0])
    }
}
