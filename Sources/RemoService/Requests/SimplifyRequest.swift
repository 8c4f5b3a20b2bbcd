/// The simplify job's options: what `remo-geom simplify` takes as options,
/// `POST /v1/simplify` as query parameters and `SimplifyRegions` as `options`.
public struct SimplifyRequest: Hashable, Sendable {
    /// The fewest points a region may be asked to keep: a ring needs three.
    public static let minimumPoints = 3
    /// The tolerances a request takes, in pixels.
    public static let toleranceRange = NumberRange.atLeast(0)

    /// The most points a region keeps (default 500).
    public var maximumPoints = 500
    /// Drop more points while every original point stays within this many pixels.
    public var tolerance: Double? = nil

    /// `maxPoints`.
    public static let maxPointsParameter = Parameter("maxPoints", help: "The most points a region keeps, at least 3 (default 500).")
    /// `tolerance`.
    public static let toleranceParameter = Parameter(
        "tolerance", help: "Also drop points while every original point stays within this many pixels (default: none).")
    /// Every parameter, in the order the docs list them.
    public static let parameters = [maxPointsParameter, toleranceParameter]

    /// A request with these options.
    public init(maximumPoints: Int = 500, tolerance: Double? = nil) {
        self.maximumPoints = maximumPoints
        self.tolerance = tolerance
    }

    /// The options a front end was given; the defaults for those it was not.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource) throws(JobError) {
        let reader = ParameterReader(source)
        self.init()
        maximumPoints = try reader.integer(Self.maxPointsParameter, atLeast: Self.minimumPoints) ?? maximumPoints
        tolerance = try reader.number(Self.toleranceParameter, Self.toleranceRange)
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.maxPointsParameter.check(maximumPoints, atLeast: Self.minimumPoints)
        if let tolerance { try Self.toleranceParameter.check(tolerance, Self.toleranceRange) }
    }
}
