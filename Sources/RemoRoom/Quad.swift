import RemoGeometry

/// Four corners in order, held inline: the cleared footprint the fit search places.
struct Quad {
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
    var isInRange: Bool {
        CoordinateRange.accepts(a) && CoordinateRange.accepts(b) && CoordinateRange.accepts(c) && CoordinateRange.accepts(d)
    }

    /// The side from corner `k` to the next.
    func side(_ k: Int) -> Segment { Segment(self[k], self[k + 1]) }

    /// The corners counterclockwise if they make a strictly convex quadrilateral (exact
    /// turns), else nil. Four corners turning the same way go round exactly once: each
    /// turn is under 180°, so the total is under 720° and a multiple of 360°.
    var counterclockwiseIfConvex: Quad? {
        let turns = (
            Predicates.orient2d(a, b, c), Predicates.orient2d(b, c, d), Predicates.orient2d(c, d, a), Predicates.orient2d(d, a, b)
        )
        guard turns.0 != 0 && turns.0 == turns.1 && turns.1 == turns.2 && turns.2 == turns.3 else { return nil }
        return turns.0 > 0 ? self : Quad(a, d, c, b)
    }

    /// The bounding box.
    var box: BoundingBox {
        BoundingBox(
            min: Point(min(a.x, b.x, c.x, d.x), min(a.y, b.y, c.y, d.y)), max: Point(max(a.x, b.x, c.x, d.x), max(a.y, b.y, c.y, d.y)))
    }

    /// Whether `p` is strictly inside this counterclockwise convex quadrilateral.
    func strictlyContains(_ p: Point) -> Bool {
        Predicates.orient2d(a, b, p) > 0 && Predicates.orient2d(b, c, p) > 0 && Predicates.orient2d(c, d, p) > 0
            && Predicates.orient2d(d, a, p) > 0
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
            if Predicates.orient2d(s, e, a) <= 0 && Predicates.orient2d(s, e, b) <= 0 && Predicates.orient2d(s, e, c) <= 0
                && Predicates.orient2d(s, e, d) <= 0
            {
                return true
            }
        }
        return false
    }
}
