/// The bundle job's options: what `remo-geom bundle` takes as options, `POST /v1/bundle` as
/// query parameters and `PrepareRevision` as `options`.
public struct BundleRequest: Hashable, Sendable {
    /// The longest side of the pictures of the round, in pixels.
    public var maxSide: Int
    /// The most pixels the image may have; larger ones are refused from the header. A front
    /// end's setting, not a parameter of the request.
    public var maximumPixels: Int

    /// `maxSide`.
    public static let maxSideParameter = Parameter(
        "maxSide", help: "The longest side of the round's pictures, in pixels; never scaled up (default 1536).")
    /// Every parameter, in the order the docs list them.
    public static let parameters = [maxSideParameter]

    /// The defaults.
    public init(maxSide: Int = 1536, maximumPixels: Int = PixelLimit.default) {
        self.maxSide = maxSide
        self.maximumPixels = maximumPixels
    }

    /// The options a front end was given; the defaults for those it was not.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource, maximumPixels: Int = PixelLimit.default) throws(JobError) {
        try PixelLimit.check(maximumPixels)
        self.init(maximumPixels: maximumPixels)
        maxSide = try ParameterReader(source).integer(Self.maxSideParameter, in: PrepareRequest.maxSideRange) ?? maxSide
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.maxSideParameter.check(maxSide, PrepareRequest.maxSideRange)
        try PixelLimit.check(maximumPixels)
    }
}
