/// An axis-aligned rectangle, closed on all sides.
public struct BoundingBox: Hashable, Sendable {
    /// The smallest x and y of the box.
    public var min: Point
    /// The largest x and y of the box.
    public var max: Point

    /// Creates the box with the given corners; `min` must not exceed `max` on either axis.
    @inlinable
    public init(min: Point, max: Point) {
        self.min = min
        self.max = max
    }

    /// The smallest box holding every point, or `nil` for no points.
    @inlinable
    public init?(of points: some Sequence<Point>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        var low = first
        var high = first
        while let p = iterator.next() {
            if p.x < low.x { low.x = p.x }
            if p.y < low.y { low.y = p.y }
            if p.x > high.x { high.x = p.x }
            if p.y > high.y { high.y = p.y }
        }
        self.init(min: low, max: high)
    }

    /// The width, `max.x − min.x`.
    public var width: Double { max.x - min.x }
    /// The height, `max.y − min.y`.
    public var height: Double { max.y - min.y }

    /// Whether the closed box contains the point.
    @inlinable
    public func contains(_ p: Point) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y
    }

    /// The distance from `p` to the nearest point of the box (0 inside it).
    @inlinable
    public func distance(to p: Point) -> Double {
        let dx = Swift.max(min.x - p.x, 0, p.x - max.x)
        let dy = Swift.max(min.y - p.y, 0, p.y - max.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The smallest box that holds both boxes.
    @inlinable
    public func union(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(
            min: Point(Swift.min(min.x, other.min.x), Swift.min(min.y, other.min.y)),
            max: Point(Swift.max(max.x, other.max.x), Swift.max(max.y, other.max.y)))
    }

    /// Whether the closed boxes share at least one point.
    @inlinable
    public func intersects(_ other: BoundingBox) -> Bool {
        min.x <= other.max.x && other.min.x <= max.x && min.y <= other.max.y && other.min.y <= max.y
    }
}
