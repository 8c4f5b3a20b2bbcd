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
                let aAbove = a.y > point.y
                let bAbove = b.y > point.y
                if aAbove != bAbove {
                    let o = Predicates.orient2d(a, b, point)
                    if o == 0 { return .boundary }
                    // Upward edge with the point to its left, or downward edge with
                    // the point to its right: the edge is to the right of the point.
                    if (o > 0) == bAbove { inside.toggle() }
                } else if a.y == point.y || b.y == point.y {
                    // Edges touching the point's horizontal line: only the boundary matters.
                    if Segment(a, b).contains(point) { return .boundary }
                }
            }
            return inside ? .inside : .outside
        }
    }
}
