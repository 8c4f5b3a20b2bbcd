import RemoImage
import RemoLasso
import RemoRender

/// How `render` draws: the options of `remo-geom render` and `POST /v1/render`.
public struct RenderOptions: Hashable, Sendable {
    /// Pixels per point for the lengths in points (outline width, chips): by default the
    /// region document's own `scale`, the one `chips` and `validate` use, so that all
    /// three place the same chips.
    public var scale: Scale
    /// The outline's width in points.
    public var strokeWidth: Double
    /// Whether to draw the numbered chips.
    public var drawChips: Bool
    /// The PNG compression.
    public var compression: PNGCompression
    /// The most pixels an image may have; larger ones are refused from the header.
    public var maximumPixels: Int

    /// Where the pixels per point come from.
    public enum Scale: Hashable, Sendable {
        /// The region document's own `scale` (1 when it gives none).
        case document
        /// From the image's size (``RenderOptions/automaticScale(width:height:)``).
        case automatic
        /// This many pixels per point.
        case pixelsPerPoint(Double)
    }

    /// The largest `scale` any front end takes (over 0, at most this).
    public static let maximumScale = 20.0
    /// Widths any front end takes are over 0 and under this, in points.
    public static let strokeWidthLimit = 100.0

    /// The defaults of `remo-geom render`.
    public init(
        scale: Scale = .document, strokeWidth: Double = 3, drawChips: Bool = true, compression: PNGCompression = .fast,
        maximumPixels: Int = PNGCodec.defaultMaximumPixels
    ) {
        self.scale = scale
        self.strokeWidth = strokeWidth
        self.drawChips = drawChips
        self.compression = compression
        self.maximumPixels = maximumPixels
    }

    /// `auto`: about one point per 1000 pixels of the shorter side, in halves, at least 1
    /// (a 4032 × 3024 photo gets 3, a 1024 × 1024 render gets 1).
    public static func automaticScale(width: Int, height: Int) -> Double {
        max(1, (Double(min(width, height)) / 1000 * 2).rounded() / 2)
    }
}

/// The result of the render job.
public struct RenderResult: Sendable {
    /// The annotated image, as PNG bytes.
    public var png: [UInt8]
    /// What the validator found about the document (invalid regions are still drawn).
    public var report: ValidationReport

    /// The document's problems, one sentence each ("region sofa: self-intersection: …").
    public var problems: [String] {
        report.regions.flatMap { r in r.findings.filter(\.code.isError).map { "region \(r.id): \($0.code.rawValue): \($0.message)" } }
            + report.findings.filter(\.code.isError).map { "\($0.code.rawValue): \($0.message)" }
    }
}

extension Jobs {
    /// Draws the regions' outlines and numbered chips onto the design image.
    ///
    /// - Parameters:
    ///   - image: The design image: PNG, JPEG or HEIC bytes (a JPEG turned as its EXIF orientation says).
    ///   - regions: The region document's JSON bytes.
    ///   - options: How to draw.
    ///   - imageName: How messages name the image.
    ///   - regionsName: How messages name the document.
    /// - Throws: ``JobError``: `invalid-image` (or `image-too-large`), `invalid-json` or
    ///   `invalid-document`, `size-mismatch` when the document is for another size.
    public static func render(
        image: [UInt8], regions: [UInt8], options: RenderOptions = RenderOptions(), imageName: String = "the image",
        regionsName: String = "the document"
    ) throws(JobError) -> RenderResult {
        var picture: RGBAImage
        do {
            picture = try ImageDecoder.designImage(image, maximumPixels: options.maximumPixels)
        } catch {
            throw JobError(error, name: imageName)
        }
        var document = try regionDocument(regions, name: regionsName)
        guard document.image.width == Double(picture.width) && document.image.height == Double(picture.height) else {
            let (w, h) = (LassoValidator.format(document.image.width), LassoValidator.format(document.image.height))
            throw JobError(
                .sizeMismatch, code: "size-mismatch",
                message: "\(regionsName) is for a \(w) × \(h) image, but \(imageName) is \(picture.width) × \(picture.height)")
        }
        switch options.scale {
        case .document: break
        case .automatic: document.scale = RenderOptions.automaticScale(width: picture.width, height: picture.height)
        case .pixelsPerPoint(let scale): document.scale = scale
        }
        let report = LassoValidator().validate(document)
        let style = AnnotationStyle(strokeWidth: options.strokeWidth, drawChips: options.drawChips)
        _ = AnnotationRenderer(style: style).render(document, chips: report.chips, onto: &picture)
        do {
            return RenderResult(png: try PNGCodec.encode(picture, compression: options.compression), report: report)
        } catch {
            throw JobError(.internalFailure, code: "encoding-failed", message: "the annotated image could not be encoded: \(error)")
        }
    }
}
