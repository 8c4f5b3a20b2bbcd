import RemoImage
import RemoLasso
import RemoRender

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
    ///   - request: How to draw.
    ///   - imageName: How messages name the image.
    ///   - regionsName: How messages name the document.
    /// - Throws: ``JobError``: `invalid-image` (or `image-too-large`), `invalid-json` or
    ///   `invalid-document`, `size-mismatch` when the document is for another size.
    public static func render(
        image: consuming [UInt8], regions: [UInt8], request: RenderRequest = RenderRequest(), imageName: String = "the image",
        regionsName: String = "the document"
    ) throws(JobError) -> RenderResult {
        try request.check()
        var picture = try designImage(image, maximumPixels: request.maximumPixels, name: imageName)
        _ = consume image  // the file's bytes are not held beside the picture and the PNG
        var document = try regionDocument(regions, name: regionsName)
        try checkSize(document, picture, names: (regionsName, imageName))
        switch request.scale {
        case .document: break
        case .automatic: document.scale = RenderRequest.automaticScale(width: picture.width, height: picture.height)
        case .pixelsPerPoint(let scale): document.scale = scale
        }
        let report = LassoValidator().validate(document)
        let style = AnnotationStyle(strokeWidth: request.strokeWidth, drawChips: request.drawChips)
        _ = AnnotationRenderer(style: style).render(document, chips: report.chips, onto: &picture)
        do {
            return RenderResult(png: try PNGCodec.encode(consume picture, compression: request.compression), report: report)
        } catch {
            throw JobError(.encodingFailed, message: "the annotated image could not be encoded: \(error)")
        }
    }
}
