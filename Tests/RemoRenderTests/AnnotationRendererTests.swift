import RemoGeometry
import RemoImage
import RemoLasso
import RemoRender
import RemoShapes
import Testing

@Suite("Annotation rendering")
struct AnnotationRendererTests {
    static let size = (w: 320, h: 240)

    static func document(_ regions: [[Point]], scale: Double = 1) -> RegionDocument {
        RegionDocument(
            image: ImageSize(width: Double(size.w), height: Double(size.h)), scale: scale,
            regions: regions.enumerated().map { Region(id: "r\($0.offset + 1)", number: $0.offset + 1, points: $0.element) })
    }

    static let lasso = Shapes.lasso(count: 200, center: Point(150, 125), radius: 70, seed: 3)

    /// Renders the lasso over `image` and returns (before, after, chips).
    static func render(_ image: RGBAImage, regions: [[Point]] = [lasso], chips: Bool = true) -> (RGBAImage, RGBAImage, [Chip]) {
        let doc = document(regions)
        let placed = ChipPlacer().place(doc).chips
        var out = image
        _ = AnnotationRenderer(style: AnnotationStyle(drawChips: chips)).render(doc, chips: placed, onto: &out)
        return (image, out, placed)
    }

    /// The share of points along the outline where the drawn core contrasts at least
    /// 3:1 with the original pixel.
    static func contrastShare(_ before: RGBAImage, _ after: RGBAImage, outline: [Point], core: Bool = true) -> Double {
        var good = 0
        var total = 0
        for i in outline.indices {
            let a = outline[i]
            let b = outline[(i + 1) % outline.count]
            for t in [0.0, 0.5] {
                let p = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                let x = Int(p.x)
                let y = Int(p.y)
                guard x >= 0, y >= 0, x < before.width, y < before.height else { continue }
                let (r0, g0, b0, _) = before.pixel(x, y)
                let (r1, g1, b1, _) = after.pixel(x, y)
                if Luminance.contrast(Luminance.of(r0, g0, b0), Luminance.of(r1, g1, b1)) >= 3 { good += 1 }
                total += 1
            }
        }
        return Double(good) / Double(max(total, 1))
    }

    @Test(
        "on uniform backgrounds the core keeps at least 3:1 along 95% of the outline",
        arguments: [(0, 0, 0), (255, 255, 255), (128, 128, 128), (118, 118, 118), (30, 90, 200), (250, 220, 60)])
    func uniform(r: Int, g: Int, b: Int) {
        let (before, after, _) = Self.render(RGBAImage(width: Self.size.w, height: Self.size.h, fill: (UInt8(r), UInt8(g), UInt8(b), 255)))
        #expect(Self.contrastShare(before, after, outline: Self.lasso) >= 0.95)
    }

    @Test("on photo-like noise the core keeps at least 3:1 along 95% of the outline")
    func noisy() {
        var rng = SplitMix64(seed: 12)
        for base in [40, 90, 170, 215] {
            var image = RGBAImage(width: Self.size.w, height: Self.size.h)
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                let v = UInt8(clamping: base + Int.random(in: -25...25, using: &rng))
                image.pixels[i] = v
                image.pixels[i + 1] = UInt8(clamping: Int(v) + Int.random(in: -10...10, using: &rng))
                image.pixels[i + 2] = UInt8(clamping: Int(v) - 15)
                image.pixels[i + 3] = 255
            }
            let (before, after, _) = Self.render(image)
            #expect(Self.contrastShare(before, after, outline: Self.lasso) >= 0.95, "base \(base)")
        }
    }

    @Test("a region straddling black and white: polarity follows the majority, the halo keeps 3:1 where the core does not")
    func split() {
        var image = RGBAImage(width: Self.size.w, height: Self.size.h, fill: (255, 255, 255, 255))
        // Black left of x = 110: most of the lasso (centre 150) lies on white.
        for y in 0..<image.height {
            for x in 0..<110 {
                let i = (y * image.width + x) * 4
                image.pixels[i] = 0
                image.pixels[i + 1] = 0
                image.pixels[i + 2] = 0
            }
        }
        let doc = Self.document([Self.lasso])
        var out = image
        let rendered = AnnotationRenderer(style: AnnotationStyle(drawChips: false)).render(doc, chips: [], onto: &out)
        #expect(rendered.first?.polarity == .darkOnLight)
        // Where the core is dark on black, the light halo beside it contrasts with the ground.
        let halo = Polarity.darkOnLight.halo.luminance
        #expect(Luminance.contrast(halo, 0) >= 3)
        #expect(Luminance.contrast(Polarity.darkOnLight.core.luminance, 1) >= 3)
        // And the halo is really drawn there: just outside the outline on the black side,
        // across the halo band, a pixel is light enough for 3:1 against black.
        let leftmost = Self.lasso.min { $0.x < $1.x }!
        let best =
            (1...4).map { d -> Double in
                let (r, g, b, _) = out.pixel(Int(leftmost.x) - d, Int(leftmost.y))
                return Luminance.contrast(Luminance.of(r, g, b), 0)
            }.max() ?? 0
        #expect(best >= 3)
    }

    /// Distance from a pixel centre to the polyline (closed), computed here independently.
    static func distance(_ x: Int, _ y: Int, _ line: [Point]) -> Double {
        let p = Point(Double(x) + 0.5, Double(y) + 0.5)
        var best = Double.infinity
        for i in line.indices {
            let a = line[i]
            let b = line[(i + 1) % line.count]
            let dx = b.x - a.x
            let dy = b.y - a.y
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
            let ex = p.x - a.x - t * dx
            let ey = p.y - a.y - t * dy
            best = min(best, (ex * ex + ey * ey).squareRoot())
        }
        return best
    }

    @Test("pixels farther than the stroke and halo from every outline and chip are byte-identical")
    func untouched() {
        var rng = SplitMix64(seed: 4)
        var image = RGBAImage(width: Self.size.w, height: Self.size.h)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &rng) }
        let (before, after, chips) = Self.render(image)
        let reach = 3.0 / 2 + 1.5 + 1.5  // core half-width + halo + anti-aliasing
        var changedFar = 0
        var changedNear = 0
        for y in 0..<before.height {
            for x in 0..<before.width {
                let near =
                    Self.distance(x, y, Self.lasso) <= reach
                    || chips.contains { c in
                        let dx = Double(x) + 0.5 - c.center.x
                        let dy = Double(y) + 0.5 - c.center.y
                        return (dx * dx + dy * dy).squareRoot() <= c.radius + 1.5
                    }
                if before.pixel(x, y) != after.pixel(x, y) {
                    if near { changedNear += 1 } else { changedFar += 1 }
                }
            }
        }
        #expect(changedFar == 0)
        #expect(changedNear > 500)
    }

    @Test("chips are drawn at their placed centres in the region's core colour; digits in the halo colour")
    func chips() throws {
        let (_, after, chips) = Self.render(RGBAImage(width: Self.size.w, height: Self.size.h, fill: (240, 240, 240, 255)))
        let chip = try #require(chips.first)
        // Inside the disc, above the digit: the core colour (dark on this light ground).
        let (r, g, b, _) = after.pixel(Int(chip.center.x), Int(chip.center.y - chip.radius * 0.75))
        #expect(RGBA(r, g, b) == Polarity.darkOnLight.core)
        // Somewhere on the digit: the halo colour.
        var digitPixels = 0
        for dy in -5...5 {
            for dx in -4...4 where after.pixel(Int(chip.center.x) + dx, Int(chip.center.y) + dy).0 == 255 { digitPixels += 1 }
        }
        #expect(digitPixels > 5)
    }

    @Test("anti-aliasing: partial coverage along diagonals")
    func antiAliasing() {
        let square: [Point] = [Point(160, 40), Point(260, 120), Point(160, 200), Point(60, 120)]  // a diamond: all diagonals
        let (_, after, _) = Self.render(
            RGBAImage(width: Self.size.w, height: Self.size.h, fill: (128, 128, 128, 255)), regions: [square], chips: false)
        var partial = 0
        for y in 0..<after.height {
            for x in 0..<after.width {
                let v = after.pixel(x, y).0
                if v != 128 && v != 16 && v != 255 { partial += 1 }
            }
        }
        #expect(partial > 200)
    }

    @Test("the same inputs give the same bytes")
    func deterministic() throws {
        let image = RGBAImage(width: Self.size.w, height: Self.size.h, fill: (90, 120, 150, 255))
        let a = try PNGCodec.encode(Self.render(image).1)
        let b = try PNGCodec.encode(Self.render(image).1)
        #expect(a == b)
    }
}
