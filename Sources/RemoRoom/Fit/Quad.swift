import RemoGeometry

/// Four corners in order, held inline: the cleared footprint the fit search places.
struct Quad: Hashable, Sendable {
    var a: Point
    var b: Point
    var c: Point
    var d: Point

    init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }

    /// The corners as an array (for output and the general checks).
    var points: [Point] { [a, b, c, d] }

    /// The corner `k` (0..<4).
    @inline(__always)
    subscript(k: Int) -> Point {
        switch k & 3 {
        case 0: a
        case 1: b
        case 2: c
        default: d
        }
    }

    /// Whether every corner's coordinates are in the range the exact predicates take.
    @inline(__always)
    var isInRange: Bool {
        CoordinateRange.accepts(a) && CoordinateRange.accepts(b) && CoordinateRange.accepts(c) && CoordinateRange.accepts(d)
    }

    /// The side from corner `k` to the next.
    @inline(__always)
    func side(_ k: Int) -> Segment { Segment(self[k], self[k + 1]) }

    /// The corners counterclockwise if they make a strictly convex quadrilateral (exact
    /// turns), else nil. Four corners turning the same way go round exactly once: each
    /// turn is under 180°, so the total is under 720° and a multiple of 360°.
    @inline(__always)
    var counterclockwiseIfConvex: Quad? {
        let turns = (
            Predicates.orient2d(a, b, c), Predicates.orient2d(b, c, d), Predicates.orient2d(c, d, a), Predicates.orient2d(d, a, b)
        )
        guard turns.0 != 0 && turns.0 == turns.1 && turns.1 == turns.2 && turns.2 == turns.3 else { return nil }
        return turns.0 > 0 ? self : Quad(a, d, c, b)
    }

    /// The bounding box.
    @inline(__always)
    var box: BoundingBox {
        BoundingBox(
            min: Point(min(a.x, b.x, c.x, d.x), min(a.y, b.y, c.y, d.y)), max: Point(max(a.x, b.x, c.x, d.x), max(a.y, b.y, c.y, d.y)))
    }

    /// Whether `p` is strictly inside this counterclockwise convex quadrilateral.
    @inline(__always)
    func strictlyContains(_ p: Point) -> Bool {
        Predicates.orient2d(a, b, p) > 0 && Predicates.orient2d(b, c, p) > 0 && Predicates.orient2d(c, d, p) > 0
            && Predicates.orient2d(d, a, p) > 0
    }

    /// Whether this counterclockwise convex quadrilateral holds the four corners of
    /// `other` (inside or on its sides), and so all of `other`'s convex hull.
    func holdsCorners(of other: Quad) -> Bool {
        for k in 0..<4 {
            let p = other[k]
            guard
                Predicates.orient2d(a, b, p) >= 0 && Predicates.orient2d(b, c, p) >= 0 && Predicates.orient2d(c, d, p) >= 0
                    && Predicates.orient2d(d, a, p) >= 0
            else { return false }
        }
        return true
    }

    /// Whether all four corners lie strictly on one side of the line through `s` and `e`.
    @inline(__always)
    func strictlyOnOneSide(of s: Point, _ e: Point) -> Bool {
        let first = Predicates.orient2d(s, e, a)
        return first != 0 && Predicates.orient2d(s, e, b) == first && Predicates.orient2d(s, e, c) == first
            && Predicates.orient2d(s, e, d) == first
    }

    /// Whether the four points lie on the closed outer (right) side of the directed line
    /// from `s` to `e`.
    @inline(__always)
    private static func outside(_ s: Point, _ e: Point, _ p: Quad) -> Bool {
        Predicates.orient2d(s, e, p.a) <= 0 && Predicates.orient2d(s, e, p.b) <= 0 && Predicates.orient2d(s, e, p.c) <= 0
            && Predicates.orient2d(s, e, p.d) <= 0
    }

    /// ``separated(from:)-([Point])`` for another counterclockwise convex quadrilateral,
    /// without arrays: the eight axes in turn.
    @inline(__always)
    func separated(from other: Quad) -> Bool {
        Self.outside(a, b, other) || Self.outside(b, c, other) || Self.outside(c, d, other) || Self.outside(d, a, other)
            || Self.outside(other.a, other.b, self) || Self.outside(other.b, other.c, self) || Self.outside(other.c, other.d, self)
            || Self.outside(other.d, other.a, self)
    }

    /// Exact separating-axis test against a counterclockwise convex polygon (both
    /// counterclockwise): their interiors are disjoint exactly when the line through
    /// some edge of one has the whole other polygon on its closed outer side.
    func separated(from polygon: [Point]) -> Bool {
        for k in 0..<4 {
            let (s, e) = (self[k], self[k + 1])
            if polygon.allSatisfy({ Predicates.orient2d(s, e, $0) <= 0 }) { return true }
        }
        for k in polygon.indices {
            let (s, e) = (polygon[k], polygon[k + 1 == polygon.count ? 0 : k + 1])
            if Self.outside(s, e, self) { return true }
        }
        return false
    }
}
