import RemoImage

/// The prepare job's options: what `remo-geom prepare` takes as options, `POST /v1/prepare`
/// as query parameters and `PrepareImage` as `options`.
public struct PrepareRequest: Hashable, Sendable {
    /// The longest side written, in pixels; smaller images keep their size.
    public var maxSide: Int
    /// The JPEG quality, 1–100.
    public var quality: Int
    /// The format written; by default the output's extension's, else PNG for a PNG source
    /// and JPEG for the others.
    public var format: ImagePreparation.Format?
    /// The most pixels a source may have; larger ones are refused from the header. A front
    /// end's setting, not a parameter of the request.
    public var maximumPixels: Int

    /// The long sides a request takes: up to the largest side a PNG may have.
    public static let maxSideRange = 1...PNGCodec.maximumSide
    /// The qualities a request takes.
    public static let qualityRange = 1...100

    /// `maxSide`.
    public static let maxSideParameter = Parameter(
        "maxSide", help: "The longest side written, in pixels; never scaled up (default 1536; 256 for a thumbnail).")
    /// `quality`.
    public static let qualityParameter = Parameter("quality", help: "JPEG quality, 1 to 100 (default 85).")
    /// `format`.
    public static let formatParameter = Parameter(
        "format", help: "png or jpeg; by default the output's extension, else png for a PNG and jpeg for the others.")
    /// Every parameter, in the order the docs list them.
    public static let parameters = [maxSideParameter, qualityParameter, formatParameter]

    /// The defaults.
    public init(maxSide: Int = 1536, quality: Int = 85, format: ImagePreparation.Format? = nil, maximumPixels: Int = PixelLimit.default) {
        self.maxSide = maxSide
        self.quality = quality
        self.format = format
        self.maximumPixels = maximumPixels
    }

    /// The options a front end was given; the defaults for those it was not.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource, maximumPixels: Int = PixelLimit.default) throws(JobError) {
        try PixelLimit.check(maximumPixels)
        let reader = ParameterReader(source)
        self.init(maximumPixels: maximumPixels)
        maxSide = try reader.integer(Self.maxSideParameter, in: Self.maxSideRange) ?? maxSide
        quality = try reader.integer(Self.qualityParameter, in: Self.qualityRange) ?? quality
        format = try reader.choice(Self.formatParameter, ImagePreparation.Format.self)
    }

    /// The format an output's name asks for: `.png`, `.jpg` or `.jpeg` (any case; a URL's
    /// query does not count); nil for another name.
    public static func format(ofName name: String) -> ImagePreparation.Format? {
        var lower = name.lowercased()
        if lower.contains("://"), let query = lower.firstIndex(of: "?") { lower = String(lower[..<query]) }
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        return nil
    }

    /// The request for writing to `output`: its format from the output's name when the
    /// request does not give one; the two must agree when both do.
    ///
    /// - Parameters:
    ///   - output: The output's path or URL.
    ///   - label: How messages name the output (`--output`, `$.output`).
    /// - Throws: ``JobError`` `invalid-parameter` when the name and the format disagree, or
    ///   when neither says a format.
    public func writing(to output: String, label: String) throws(JobError) -> PrepareRequest {
        var request = self
        switch (format, Self.format(ofName: output)) {
        case (nil, let named?):
            request.format = named
        case (let asked?, let named?) where asked != named:
            throw JobError(
                .invalidParameter, message: "the format is \(asked.rawValue) but \(label) \(output) names a \(named.rawValue) file")
        case (nil, nil):
            throw JobError(
                .invalidParameter, message: "\(label) \(output): the name must end in .png, .jpg or .jpeg, or the format must be given")
        default:
            break
        }
        return request
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.maxSideParameter.check(maxSide, Self.maxSideRange)
        try Self.qualityParameter.check(quality, Self.qualityRange)
        try PixelLimit.check(maximumPixels)
    }
}
