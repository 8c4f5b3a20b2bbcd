import RemoGeometry

/// The stable codes of findings (docs/formats.md).
public enum FindingCode: String, Hashable, Sendable, CaseIterable {
    /// A region with fewer than 3 distinct points.
    case tooFewPoints = "too-few-points"
    /// A point with a NaN, infinite or out-of-range coordinate.
    case invalidCoordinate = "invalid-coordinate"
    /// A region with more points than the rules allow.
    case tooManyPoints = "too-many-points"
    /// A point outside the image rectangle.
    case outOfBounds = "out-of-bounds"
    /// A region that is not a simple ring: two edges meet where they must not.
    case selfIntersection = "self-intersection"
    /// A region whose area is below the minimum fraction of the image.
    case tooSmall = "too-small"
    /// Two regions whose interiors meet.
    case overlap = "overlap"
    /// More regions than the rules allow.
    case tooManyRegions = "too-many-regions"
    /// Two regions with the same id.
    case duplicateId = "duplicate-id"
    /// Region numbers that are not 1 to n, each once.
    case badNumbering = "bad-numbering"
    /// A warning: no chip position meets every constraint; the best one is used.
    case chipUnplaceable = "chip-unplaceable"

    /// Whether a finding with this code makes the document invalid (all but the
    /// chip warning do).
    public var isError: Bool { self != .chipUnplaceable }
}

/// One problem found in a region document, with where it is.
public struct Finding: Hashable, Sendable {
    /// The stable code.
    public var code: FindingCode
    /// A plain-English sentence for people.
    public var message: String
    /// The region concerned, for region findings and chip warnings.
    public var region: String?
    /// Input point indices: the point (out of bounds, invalid) or the first points of
    /// the two edges (self-intersection).
    public var indices: [Int]
    /// Where: the contact point, or the offending point.
    public var point: Point?
    /// The regions involved in a document finding (both ids for an overlap).
    public var regions: [String]
    /// A count where one helps (points out of bounds, points given, regions given).
    public var count: Int?

    /// Creates a finding.
    public init(
        code: FindingCode, message: String, region: String? = nil, indices: [Int] = [], point: Point? = nil,
        regions: [String] = [], count: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.region = region
        self.indices = indices
        self.point = point
        self.regions = regions
        self.count = count
    }
}
