import RemoImage

/// The composite job's options: what `remo-geom composite` takes as options, `POST
/// /v1/composite` as query parameters and `CompositeRevision` as `options`.
public struct CompositeRequest: Hashable, Sendable {
    /// How far the regions are grown before blending, in points.
    public var grow: Double
    /// Over how many points the blend ramps from the edit to the original.
    public var feather: Double
    /// The PNG compression.
    public var compression: PNGCompression
    /// The most pixels an image may have; larger ones are refused from the header. A front
    /// end's setting, not a parameter of the request.
    public var maximumPixels: Int

    /// `grow`.
    public static let growParameter = Parameter(
        "grow", help: "Grow the regions outward by this many points before blending, 0 to 200 (default 8).")
    /// `feather`.
    public static let featherParameter = Parameter(
        "feather", help: "Ramp from the edit to the original over this many points about the grown outline, 0 to 200 (default 4).")
    /// `compression`.
    public static let compressionParameter = RenderRequest.compressionParameter
    /// Every parameter, in the order the docs list them.
    public static let parameters = [growParameter, featherParameter, compressionParameter]

    /// The defaults.
    public init(grow: Double = 8, feather: Double = 4, compression: PNGCompression = .fast, maximumPixels: Int = PixelLimit.default) {
        self.grow = grow
        self.feather = feather
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
        grow = try reader.number(Self.growParameter, MaskRequest.distanceRange) ?? grow
        feather = try reader.number(Self.featherParameter, MaskRequest.distanceRange) ?? feather
        compression = try reader.choice(Self.compressionParameter, PNGCompression.self) ?? compression
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.growParameter.check(grow, MaskRequest.distanceRange)
        try Self.featherParameter.check(feather, MaskRequest.distanceRange)
        try PixelLimit.check(maximumPixels)
    }
}
