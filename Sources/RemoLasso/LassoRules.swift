/// The rules a lasso annotation must meet. Each is configurable; the defaults are
/// the contract's.
public struct LassoRules: Hashable, Sendable {
    /// The most regions a document may have (default 3).
    public var maximumRegions: Int
    /// The smallest area a region may have, as a fraction of the image area (default 0.02).
    public var minimumAreaFraction: Double
    /// The most points a region may have (default 100,000). A region above it is
    /// reported and not examined further: the limit bounds the work.
    public var maximumPoints: Int
    /// Whether every point must lie inside the image rectangle (default true).
    public var requireInBounds: Bool

    /// The contract's defaults.
    public init(maximumRegions: Int = 3, minimumAreaFraction: Double = 0.02, maximumPoints: Int = 100_000, requireInBounds: Bool = true) {
        self.maximumRegions = maximumRegions
        self.minimumAreaFraction = minimumAreaFraction
        self.maximumPoints = maximumPoints
        self.requireInBounds = requireInBounds
    }
}
