import RemoGeometry

/// A numbered chip: a disc drawn beside its region.
public struct Chip: Hashable, Sendable {
    /// The id of the region the chip labels.
    public var region: String
    /// The number on the chip.
    public var number: Int
    /// The centre, in image pixels.
    public var center: Point
    /// The radius, in image pixels.
    public var radius: Double

    /// Creates a chip.
    public init(region: String, number: Int, center: Point, radius: Double) {
        self.region = region
        self.number = number
        self.center = center
        self.radius = radius
    }
}
