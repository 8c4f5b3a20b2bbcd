import RemoImage
import RemoRender

/// The render job's options: what `remo-geom render` takes as options, `POST /v1/render`
/// as query parameters and `RenderAnnotation` as `options`.
public struct RenderRequest: Hashable, Sendable {
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
    /// The most pixels an image may have; larger ones are refused from the header. A
    /// front end's setting, not a parameter of the request.
    public var maximumPixels: Int

    /// Where the pixels per point come from.
    public enum Scale: Hashable, Sendable {
        /// The region document's own `scale` (1 when it gives none).
        case document
        /// From the image's size (``RenderRequest/automaticScale(width:height:)``).
        case automatic
        /// This many pixels per point.
        case pixelsPerPoint(Double)
    }

    /// The scales a request takes, besides `auto`.
    public static let scaleRange = NumberRange.over(0, upTo: 20)
    /// The outline widths a request takes, in points.
    public static let strokeWidthRange = NumberRange.over(0, under: 100)

    /// `scale`.
    public static let scaleParameter = Parameter(
        "scale",
        help:
            "Pixels per point: auto (from the image's size) or a number up to 20; by default the document's own scale, as chips and validate use."
    )
    /// `strokeWidth`.
    public static let strokeWidthParameter = Parameter("strokeWidth", help: "Outline width in points (default 3).")
    /// `chips`.
    public static let chipsParameter = Parameter("chips", help: "Draw the numbered chips (default true).")
    /// `compression`.
    public static let compressionParameter = Parameter("compression", help: "PNG compression: fast, default or small (default fast).")
    /// Every parameter, in the order the docs list them.
    public static let parameters = [strokeWidthParameter, scaleParameter, chipsParameter, compressionParameter]

    /// The defaults.
    public init(
        scale: Scale = .document, strokeWidth: Double = 3, drawChips: Bool = true, compression: PNGCompression = .fast,
        maximumPixels: Int = PixelLimit.default
    ) {
        self.scale = scale
        self.strokeWidth = strokeWidth
        self.drawChips = drawChips
        self.compression = compression
        self.maximumPixels = maximumPixels
    }

    /// The options a front end was given; the defaults for those it was not.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource, maximumPixels: Int = PixelLimit.default) throws(JobError) {
        try PixelLimit.check(maximumPixels)
        let reader = ParameterReader(source)
        self.init(maximumPixels: maximumPixels)
        let expected = "auto or \(Self.scaleRange)"
        scale =
            try reader.read(Self.scaleParameter, expected: expected) { value -> Scale? in
                if ParameterReader.text(value) == "auto" { return .automatic }
                return ParameterReader.number(value).flatMap { Self.scaleRange.contains($0) ? .pixelsPerPoint($0) : nil }
            } ?? .document
        strokeWidth = try reader.number(Self.strokeWidthParameter, Self.strokeWidthRange) ?? strokeWidth
        drawChips = try reader.flag(Self.chipsParameter) ?? drawChips
        compression = try reader.choice(Self.compressionParameter, PNGCompression.self) ?? compression
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        if case .pixelsPerPoint(let scale) = scale { try Self.scaleParameter.check(scale, Self.scaleRange) }
        try Self.strokeWidthParameter.check(strokeWidth, Self.strokeWidthRange)
        try PixelLimit.check(maximumPixels)
    }

    /// `auto`: about one point per 1000 pixels of the shorter side, in halves, at least 1
    /// (a 4032 × 3024 photo gets 3, a 1024 × 1024 render gets 1).
    public static func automaticScale(width: Int, height: Int) -> Double {
        max(1, (Double(min(width, height)) / 1000 * 2).rounded() / 2)
    }
}

/// The front ends' pixel limit (`--max-pixels`, the worker's setting): a setting of the
/// operator, not of a request, checked here once.
public enum PixelLimit {
    /// The default: 100,000,000 pixels.
    public static let `default` = PNGCodec.defaultMaximumPixels

    /// Refuses a limit below 1.
    public static func check(_ limit: Int) throws(JobError) {
        guard limit >= 1 else {
            throw JobError(.invalidParameter, message: "the pixel limit (--max-pixels) must be at least 1, not \(limit)")
        }
    }
}
