import RemoImage
import RemoGeometry
import RemoLasso

/// Which colours an outline uses, chosen from what lies under it.
public enum Polarity: String, Hashable, Sendable {
    /// Light core, dark halo: for dark ground.
    case lightOnDark
    /// Dark core, light halo: for light ground.
    case darkOnLight

    /// The core colour.
    public var core: RGBA { self == .lightOnDark ? .light : .dark }
    /// The halo colour.
    public var halo: RGBA { self == .lightOnDark ? .dark : .light }
}

/// Sizes for the annotation, in points (pixels = points × scale).
public struct AnnotationStyle: Hashable, Sendable {
    /// The outline's core width, in points (default 3).
    public var strokeWidth: Double
    /// The halo on each side of the core, in points (default 1.5).
    public var haloWidth: Double
    /// Whether to draw the numbered chips.
    public var drawChips: Bool

    /// A style; the defaults suit a phone-sized view at scale 1.
    public init(strokeWidth: Double = 3, haloWidth: Double = 1.5, drawChips: Bool = true) {
        self.strokeWidth = strokeWidth
        self.haloWidth = haloWidth
        self.drawChips = drawChips
    }
}

/// What was drawn for each region.
public struct RenderedRegion: Hashable, Sendable {
    /// The region's identifier.
    public var id: String
    /// The colours chosen for its outline.
    public var polarity: Polarity
    /// How many sampled pixels under the outline were light and dark.
    public var lightPixels: Int
    /// Pixels under the outline at or below the crossover.
    public var darkPixels: Int
}

/// Draws region outlines and numbered chips onto an image (docs/commands.md).
///
/// For each region, the WCAG relative luminance of the pixels under its outline
/// decides the polarity: when most are light (above ``Luminance/crossover``, about
/// 0.179) the core is dark with a light halo, otherwise light with a dark halo, so the
/// core keeps at least 3:1 against the majority of the ground and the halo against
/// the rest. Chips: a disc in the core colour, ring and digit in the halo colour.
/// Deterministic: the same inputs give the same pixels.
public struct AnnotationRenderer: Sendable {
    /// The sizes used.
    public var style: AnnotationStyle

    /// A renderer with the given style.
    public init(style: AnnotationStyle = AnnotationStyle()) {
        self.style = style
    }

    /// Draws the document's regions (valid or not) and the chips onto `image`.
    ///
    /// - Parameters:
    ///   - document: The regions to outline, valid or not.
    ///   - chips: Chip positions (from RemoLasso's `LassoValidator` or `ChipPlacer`).
    ///   - image: The picture to draw on, in place.
    /// - Returns: For each region, the polarity chosen and the counts that chose it.
    /// - Complexity: proportional to the pixels near the outlines and chips.
    public func render(_ document: RegionDocument, chips: [Chip], onto image: inout RGBAImage) -> [RenderedRegion] {
        // Move the pixels into the painter (no copy), and back at the end.
        var painter = Painter(image: RGBAImage(width: 0, height: 0))
        swap(&painter.image, &image)
        defer { swap(&painter.image, &image) }
        let (width, height) = (painter.image.width, painter.image.height)
        let scale = document.scale
        let coreRadius = style.strokeWidth * scale / 2
        let haloRadius = coreRadius + style.haloWidth * scale
        var rendered: [RenderedRegion] = []
        var polarities: [String: Polarity] = [:]
        for region in document.regions {
            let points = region.points.filter { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e9 && abs($0.y) < 1e9 }
            guard !points.isEmpty,
                let field = DistanceField(
                    polylines: [points], closed: true, reach: haloRadius + 1, imageWidth: width, imageHeight: height)
            else { continue }
            let (light, dark) = painter.sampleLuminance(field, radius: coreRadius)
            let polarity: Polarity = light > dark ? .darkOnLight : .lightOnDark
            painter.paint(field, core: polarity.core, coreRadius: coreRadius, halo: polarity.halo, haloRadius: haloRadius)
            polarities[region.id] = polarity
            rendered.append(RenderedRegion(id: region.id, polarity: polarity, lightPixels: light, darkPixels: dark))
        }
        if style.drawChips {
            for chip in chips {
                let polarity = polarities[chip.region] ?? .lightOnDark
                let ringWidth = max(1, 1.5 * scale)
                painter.disc(center: chip.center, radius: chip.radius, colour: polarity.core)
                painter.ring(center: chip.center, radius: chip.radius, width: ringWidth, colour: polarity.halo)
                let size = chip.radius * (chip.number >= 10 ? 0.85 : 1.1)
                let strokes = Glyphs.polylines(for: chip.number, center: chip.center, size: size)
                let penRadius = max(0.6, size * 0.09)
                if let field = DistanceField(
                    polylines: strokes, closed: false, reach: penRadius + 1, imageWidth: width, imageHeight: height)
                {
                    painter.paint(field, core: polarity.halo, coreRadius: penRadius, halo: polarity.halo, haloRadius: penRadius)
                }
            }
        }
        return rendered
    }
}
