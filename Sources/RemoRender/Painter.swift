import RemoImage
import RemoGeometry

/// An sRGB colour with alpha.
public struct RGBA: Hashable, Sendable {
    /// Red, 0–255 (sRGB).
    public var r: UInt8
    /// Green, 0–255 (sRGB).
    public var g: UInt8
    /// Blue, 0–255 (sRGB).
    public var b: UInt8
    /// Alpha, 0–255 (255 opaque).
    public var a: UInt8

    /// A colour from its components.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// White.
    public static let light = RGBA(255, 255, 255)
    /// Near black.
    public static let dark = RGBA(16, 16, 16)

    /// WCAG relative luminance.
    public var luminance: Double { Luminance.of(r, g, b) }
}

/// Anti-aliased drawing on an `RGBAImage`: coverage from the distance to the
/// nearest segment (round joins and caps for free), blended in sRGB.
struct Painter {
    var image: RGBAImage

    /// Blends `colour` into pixel `i` (sample index) with coverage in 0…1.
    @inline(__always)
    static func blend(_ p: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ colour: RGBA, _ coverage: Float) {
        guard coverage > 0 else { return }
        let k = min(1, coverage)
        p[i] = mix(p[i], colour.r, k)
        p[i + 1] = mix(p[i + 1], colour.g, k)
        p[i + 2] = mix(p[i + 2], colour.b, k)
        p[i + 3] = mix(p[i + 3], colour.a, k)
    }

    @inline(__always)
    static func mix(_ a: UInt8, _ b: UInt8, _ k: Float) -> UInt8 {
        UInt8((Float(a) + (Float(b) - Float(a)) * k).rounded())
    }

    /// Paints a field: the halo (within `haloRadius`) then the core (within `coreRadius`),
    /// each with a one-pixel anti-aliasing ramp.
    mutating func paint(_ field: DistanceField, core: RGBA, coreRadius: Double, halo: RGBA, haloRadius: Double) {
        let w = image.width
        let coreEdge = Float(coreRadius + 0.5)
        let haloEdge = Float(haloRadius + 0.5)
        field.distances.withUnsafeBufferPointer { d in
            image.pixels.withUnsafeMutableBufferPointer { p in
                for fy in 0..<field.height {
                    let row = fy * field.width
                    for fx in 0..<field.width {
                        let distance = d[row + fx]
                        guard distance < haloEdge else { continue }
                        let i = ((field.y0 + fy) * w + field.x0 + fx) * 4
                        Self.blend(p, i, halo, haloEdge - distance)
                        Self.blend(p, i, core, coreEdge - distance)
                    }
                }
            }
        }
    }

    /// The luminance of the pixels within `radius` of the field's lines: how many are
    /// light (above the crossover) and how many dark.
    func sampleLuminance(_ field: DistanceField, radius: Double) -> (light: Int, dark: Int) {
        var light = 0
        var dark = 0
        let limit = Float(radius)
        for fy in 0..<field.height {
            for fx in 0..<field.width where field.distances[fy * field.width + fx] <= limit {
                let (r, g, b, _) = image.pixel(field.x0 + fx, field.y0 + fy)
                if Luminance.of(r, g, b) > Luminance.crossover { light += 1 } else { dark += 1 }
            }
        }
        return (light, dark)
    }

    /// The pixels within `radius + 1` of `center`, clipped to the image: (x from, x to,
    /// y from, y to), or nil when none.
    func pixelBox(center: Point, radius: Double) -> (Int, Int, Int, Int)? {
        let w = image.width
        let h = image.height
        guard w > 0, h > 0 else { return nil }
        let box = (
            (center.x - radius - 1).clamped(to: 0...(w - 1)), (center.x + radius + 1).clamped(to: 0...(w - 1)),
            (center.y - radius - 1).clamped(to: 0...(h - 1)), (center.y + radius + 1).clamped(to: 0...(h - 1))
        )
        return box.0 <= box.1 && box.2 <= box.3 ? box : nil
    }

    /// A filled disc with anti-aliased edge.
    mutating func disc(center: Point, radius: Double, colour: RGBA) {
        let w = image.width
        guard let (lowX, highX, lowY, highY) = pixelBox(center: center, radius: radius) else { return }
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in lowY...highY {
                for x in lowX...highX {
                    let dx = Double(x) + 0.5 - center.x
                    let dy = Double(y) + 0.5 - center.y
                    let coverage = Float(radius + 0.5 - (dx * dx + dy * dy).squareRoot())
                    Self.blend(p, (y * w + x) * 4, colour, coverage)
                }
            }
        }
    }

    /// A ring: the band between `radius − width` and `radius` around `center`.
    mutating func ring(center: Point, radius: Double, width: Double, colour: RGBA) {
        let w = image.width
        guard let (lowX, highX, lowY, highY) = pixelBox(center: center, radius: radius) else { return }
        let middle = radius - width / 2
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in lowY...highY {
                for x in lowX...highX {
                    let dx = Double(x) + 0.5 - center.x
                    let dy = Double(y) + 0.5 - center.y
                    let distance = abs((dx * dx + dy * dy).squareRoot() - middle)
                    Self.blend(p, (y * w + x) * 4, colour, Float(width / 2 + 0.5 - distance))
                }
            }
        }
    }
}
