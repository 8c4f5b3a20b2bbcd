/// Where a point lies relative to a ring.
public enum PointLocation: String, Hashable, Sendable {
    /// In the interior.
    case inside
    /// On an edge or a vertex.
    case boundary
    /// In the exterior.
    case outside
}

extension Ring {
    /// Locates `point` relative to the region the ring encloses, exactly.
    ///
    /// Crossing number with half-open edges in y; each crossing and the boundary
    /// test are decided with ``Predicates/orient2d(_:_:_:)``, so points on or very
    /// near an edge get the right answer. Meaningful for a simple ring.
    ///
    /// - Complexity: O(*n*).
    public func locate(_ point: Point) -> PointLocation {
        vertices.withUnsafeBufferPointer { v in
            let n = v.count
            guard n >= 1 else { return .outside }
            var inside = false
            var a = v[n - 1]
            for i in 0..<n {
                let b = v[i]
                defer { a = b }
                switch Self.rayCrossing(a, b, from: point) {
                case .none: break
                case .crosses: inside.toggle()
                case .onEdge: return .boundary
                }
            }
            return inside ? .inside : .outside
        }
    }
}

/// What one edge does to the ray cast rightwards from a point in the crossing-number test
/// of ``Ring/locate(_:)``.
public enum RayCrossing: Hashable, Sendable {
    /// The edge leaves the ray alone.
    case none
    /// The edge crosses the ray (half-open in y, so a vertex on the ray counts once).
    case crosses
    /// The point lies on the edge.
    case onEdge
}

extension Ring {
    /// What edge ab does to the ray cast rightwards from `point`, exactly: the step that
    /// ``locate(_:)`` takes for each edge, for callers that visit only the edges that
    /// can reach the point's row (an edge whose y range misses `point.y` is `.none`).
    @inlinable @inline(__always)
    public static func rayCrossing(_ a: Point, _ b: Point, from point: Point) -> RayCrossing {
        let aAbove = a.y > point.y
        let bAbove = b.y > point.y
        if aAbove != bAbove {
            let o = Predicates.orient2d(a, b, point)
            if o == 0 { return .onEdge }
            // Upward edge with the point to its left, or downward edge with the point to
            // its right: the edge is to the right of the point.
            return (o > 0) == bAbove ? .crosses : .none
        }
        // Edges touching the point's horizontal line: only the boundary matters.
        if (a.y == point.y || b.y == point.y) && Segment(a, b).contains(point) { return .onEdge }
        return .none
    }
}
