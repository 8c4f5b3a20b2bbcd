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

    /// The vector from the closest point of the segment to `p` (rounded, not exact: for
    /// clearances, drawing and simplification, never for predicates).
    public func offset(to p: Point) -> (dx: Double, dy: Double) {
        let vx = end.x - start.x
        let vy = end.y - start.y
        let wx = p.x - start.x
        let wy = p.y - start.y
        let length2 = vx * vx + vy * vy
        var t = length2 > 0 ? (wx * vx + wy * vy) / length2 : 0
        t = Swift.min(1, Swift.max(0, t))
        return (wx - t * vx, wy - t * vy)
    }

    /// The distance from `p` to the closest point of the segment (rounded, as ``offset(to:)``).
    public func distance(to p: Point) -> Double {
        let (dx, dy) = offset(to: p)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The length of the segment (rounded).
    public var length: Double {
        let dx = end.x - start.x
        let dy = end.y - start.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
