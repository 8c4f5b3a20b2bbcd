import RemoImage
import RemoRender

/// The mask job's options: what `remo-geom mask` takes as options, `POST /v1/mask` as
/// query parameters and `DrawMask` as `options`.
public struct MaskRequest: Hashable, Sendable {
    /// Only this region, by id; all of them when nil.
    public var region: String?
    /// Transparent where the generator may paint, or white on black.
    public var style: MaskStyle
    /// Soften the edge over this many points (0: a hard edge, exact coverage).
    public var feather: Double
    /// Grow the regions outward by this many points, with round corners.
    public var grow: Double
    /// The PNG compression.
    public var compression: PNGCompression
    /// The most pixels a mask may have (the document's image size): a front end's
    /// setting, not a parameter of the request.
    public var maximumPixels: Int

    /// The distances `feather` and `grow` take, in points.
    public static let distanceRange = NumberRange.from(0, to: 200)
    /// The most edge rows a growth may visit (`CoverageMask.growRows` of RemoRender):
    /// three 500-point lassos grown by 200 points at scale 3 visit about 2 million (a second),
    /// a 100,000-point circle grown by 200 points at scale 10 would visit 4 × 10⁸.
    public static let maximumGrowRows = 50_000_000

    /// `region`.
    public static let regionParameter = Parameter("region", help: "Only this region (its id); every region by default.")
    /// `style`.
    public static let styleParameter = Parameter(
        "style", help: "alpha (transparent where the generator may paint) or white-on-black (default alpha).")
    /// `feather`.
    public static let featherParameter = Parameter("feather", help: "Soften the edge over this many points, 0 to 200 (default 0).")
    /// `grow`.
    public static let growParameter = Parameter(
        "grow", help: "Grow the regions outward by this many points, with round corners, 0 to 200 (default 0).")
    /// `compression`.
    public static let compressionParameter = RenderRequest.compressionParameter
    /// Every parameter, in the order the docs list them.
    public static let parameters = [regionParameter, styleParameter, featherParameter, growParameter, compressionParameter]

    /// The defaults of `remo-geom mask`: every region, alpha style, no feather, no growth.
    public init(
        region: String? = nil, style: MaskStyle = .alpha, feather: Double = 0, grow: Double = 0, compression: PNGCompression = .fast,
        maximumPixels: Int = PixelLimit.default
    ) {
        self.region = region
        self.style = style
        self.feather = feather
        self.grow = grow
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
        region = try reader.text(Self.regionParameter)
        style = try reader.choice(Self.styleParameter, MaskStyle.self) ?? style
        feather = try reader.number(Self.featherParameter, Self.distanceRange) ?? feather
        grow = try reader.number(Self.growParameter, Self.distanceRange) ?? grow
        compression = try reader.choice(Self.compressionParameter, PNGCompression.self) ?? compression
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.featherParameter.check(feather, Self.distanceRange)
        try Self.growParameter.check(grow, Self.distanceRange)
        try PixelLimit.check(maximumPixels)
    }
}
