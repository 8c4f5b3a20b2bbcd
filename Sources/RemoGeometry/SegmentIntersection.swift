/// How two closed segments meet, decided with exact predicates.
public enum SegmentIntersection: Hashable, Sendable {
    /// No common point.
    case disjoint
    /// A single common point interior to both segments, where they cross.
    /// The point is rounded; the classification is exact.
    case crossing(at: Point)
    /// A single common point that is an endpoint of at least one segment.
    case touching(at: Point)
    /// The segments are collinear and share the sub-segment `from…to` of positive length.
    case overlapping(from: Point, to: Point)

    /// Classifies how segments `p` and `q` meet.
    ///
    /// - Complexity: O(1): four orientation tests and, for collinear segments, a few
    ///   coordinate comparisons.
    public static func classify(_ p: Segment, _ q: Segment) -> SegmentIntersection {
        let o1 = Predicates.orient2d(p.start, p.end, q.start)
        let o2 = Predicates.orient2d(p.start, p.end, q.end)
        if o1 != 0 && o1 == o2 { return .disjoint }
        let o3 = Predicates.orient2d(q.start, q.end, p.start)
        let o4 = Predicates.orient2d(q.start, q.end, p.end)
        if o3 != 0 && o3 == o4 { return .disjoint }

        if o1 == 0 && o2 == 0 {
            // Collinear (o3 and o4 are then zero too): intervals along the line.
            let (pl, ph) = p.start < p.end ? (p.start, p.end) : (p.end, p.start)
            let (ql, qh) = q.start < q.end ? (q.start, q.end) : (q.end, q.start)
            let low = pl < ql ? ql : pl
            let high = ph < qh ? ph : qh
            if high < low { return .disjoint }
            if low == high { return .touching(at: low) }
            return .overlapping(from: low, to: high)
        }
        if o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 {
            return .crossing(at: approximateCrossing(p, q))
        }
        if o1 == 0 { return .touching(at: q.start) }
        if o2 == 0 { return .touching(at: q.end) }
        if o3 == 0 { return .touching(at: p.start) }
        return .touching(at: p.end)
    }

    /// Whether the segments share any point.
    public var meets: Bool {
        if case .disjoint = self { return false }
        return true
    }

    /// A common point of the two segments (rounded for a crossing), or `nil` when disjoint.
    public var point: Point? {
        switch self {
        case .disjoint: return nil
        case .crossing(let at), .touching(let at): return at
        case .overlapping(let from, _): return from
        }
    }

    /// The crossing point of two properly crossing segments, computed relative to
    /// the first segment's start so that large offsets do not cost precision.
    static func approximateCrossing(_ p: Segment, _ q: Segment) -> Point {
        let rx = p.end.x - p.start.x
        let ry = p.end.y - p.start.y
        let sx = q.end.x - q.start.x
        let sy = q.end.y - q.start.y
        let denominator = rx * sy - ry * sx
        let qpx = q.start.x - p.start.x
        let qpy = q.start.y - p.start.y
        var t = (qpx * sy - qpy * sx) / denominator
        if !t.isFinite { t = 0.5 }
        t = Swift.min(1, Swift.max(0, t))
        return Point(p.start.x + t * rx, p.start.y + t * ry)
    }
}
