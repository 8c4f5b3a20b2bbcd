/// The drift job's options: what `remo-geom drift` takes as options, `POST /v1/drift` as
/// query parameters and `CheckDrift` as `options`.
public struct DriftRequest: Hashable, Sendable {
    /// How far the regions are grown before they are left out of the measure, in points.
    public var grow: Double
    /// The most pixels an image may have; larger ones are refused from the header. A front
    /// end's setting, not a parameter of the request.
    public var maximumPixels: Int

    /// `grow`.
    public static let growParameter = Parameter(
        "grow", help: "Leave the regions grown by this many points out of the measure, 0 to 200 (default 8).")
    /// Every parameter, in the order the docs list them.
    public static let parameters = [growParameter]

    /// The defaults.
    public init(grow: Double = 8, maximumPixels: Int = PixelLimit.default) {
        self.grow = grow
        self.maximumPixels = maximumPixels
    }

    /// The options a front end was given; the defaults for those it was not.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource, maximumPixels: Int = PixelLimit.default) throws(JobError) {
        try PixelLimit.check(maximumPixels)
        self.init(maximumPixels: maximumPixels)
        grow = try ParameterReader(source).number(Self.growParameter, MaskRequest.distanceRange) ?? grow
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.growParameter.check(grow, MaskRequest.distanceRange)
        try PixelLimit.check(maximumPixels)
    }
}
