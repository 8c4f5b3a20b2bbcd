import RemoLasso

/// The validate job's options, the lasso rules: what `remo-geom validate` takes as
/// options, `POST /v1/validate` as query parameters and `ValidateRegions` as `rules`.
public struct ValidateRequest: Hashable, Sendable {
    /// The rules the document is held to.
    public var rules: LassoRules

    /// `maxRegions`.
    public static let maxRegionsParameter = Parameter("maxRegions", help: "The most regions a document may have (default 3).")
    /// `minAreaFraction`.
    public static let minAreaFractionParameter = Parameter(
        "minAreaFraction", help: "The smallest region area, as a fraction of the image area (default 0.02).")
    /// `maxPoints`.
    public static let maxPointsParameter = Parameter("maxPoints", help: "The most points a region may have (default 100000).")
    /// Every parameter, in the order the docs list them.
    public static let parameters = [maxRegionsParameter, minAreaFractionParameter, maxPointsParameter]

    /// The fewest points a region may be allowed: a ring needs three.
    public static let leastMaxPoints = 3
    /// The area fractions a request takes.
    public static let areaFractionRange = NumberRange.from(0, to: 1)

    /// A request holding `rules` (the contract's defaults unless given).
    public init(rules: LassoRules = LassoRules()) {
        self.rules = rules
    }

    /// The rules a front end was given; the defaults for those it was not.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource) throws(JobError) {
        let reader = ParameterReader(source)
        var rules = LassoRules()
        rules.maximumRegions = try reader.integer(Self.maxRegionsParameter, atLeast: 0) ?? rules.maximumRegions
        rules.minimumAreaFraction = try reader.number(Self.minAreaFractionParameter, Self.areaFractionRange) ?? rules.minimumAreaFraction
        rules.maximumPoints = try reader.integer(Self.maxPointsParameter, atLeast: Self.leastMaxPoints) ?? rules.maximumPoints
        self.init(rules: rules)
    }

    /// Refuses values out of range, for a request built in code.
    func check() throws(JobError) {
        try Self.maxRegionsParameter.check(rules.maximumRegions, atLeast: 0)
        try Self.minAreaFractionParameter.check(rules.minimumAreaFraction, Self.areaFractionRange)
        try Self.maxPointsParameter.check(rules.maximumPoints, atLeast: Self.leastMaxPoints)
    }
}
