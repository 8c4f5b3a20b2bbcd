/// A closed straight segment between two points.
public struct Segment: Hashable, Sendable {
    /// The first endpoint.
    public var start: Point
    /// The second endpoint.
    public var end: Point

    /// Creates the segment from `start` to `end`.
    @inlinable
    public init(_ start: Point, _ end: Point) {
        self.start = start
        self.end = end
    }

    /// Whether `point` lies on the closed segment, decided exactly.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        guard Predicates.orient2d(start, end, point) == 0 else { return false }
        // Collinear: along the line, lexicographic order is the order of the points.
        let (low, high) = start < end ? (start, end) : (end, start)
        return !(point < low) && !(high < point)
    }

    /// The length of the segment (rounded).
    public var length: Double {
        let dx = end.x - start.x
        let dy = end.y - start.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
