import RemoGeometry

/// A lasso annotation: the image it belongs to and up to a few numbered regions.
///
/// The JSON form is the region document of docs/formats.md; see
/// ``RegionDocument/decode(_:)``.
public struct RegionDocument: Hashable, Sendable {
    /// The annotated image's size in pixels.
    public var image: ImageSize
    /// Pixels per point, used to turn chip sizes in points into pixels (default 1).
    public var scale: Double
    /// The regions in list order.
    public var regions: [Region]

    /// Creates a document.
    public init(image: ImageSize, scale: Double = 1, regions: [Region]) {
        self.image = image
        self.scale = scale
        self.regions = regions
    }
}

/// An image's size in pixels.
public struct ImageSize: Hashable, Sendable {
    /// The width in pixels.
    public var width: Double
    /// The height in pixels.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The image area in square pixels.
    public var area: Double { width * height }

    /// Whether `p` lies on the image: within 0…width and 0…height, edges included.
    public func contains(_ p: Point) -> Bool { p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height }
}

/// One lassoed region and what the user asked for it.
public struct Region: Hashable, Sendable {
    /// The region's identifier, unique in its document.
    public var id: String
    /// The number shown on its chip, 1…n in list order.
    public var number: Int
    /// The lasso points as given, in image pixels.
    public var points: [Point]
    /// What to do: `replace`, `remove`, … (free text; not interpreted here).
    public var action: String?
    /// The user's instruction.
    public var instruction: String?
    /// What the generator should avoid.
    public var avoid: String?
    /// Style nudges such as `mid-century`.
    public var styleNudges: [String]
    /// Points the decoder counted but did not keep, beyond its point limit.
    public var omittedPointCount: Int = 0

    /// The number of points the region was given with, kept or not.
    public var givenPointCount: Int { points.count + omittedPointCount }

    /// Creates a region.
    public init(
        id: String, number: Int, points: [Point], action: String? = nil, instruction: String? = nil,
        avoid: String? = nil, styleNudges: [String] = []
    ) {
        self.id = id
        self.number = number
        self.points = points
        self.action = action
        self.instruction = instruction
        self.avoid = avoid
        self.styleNudges = styleNudges
    }
}
