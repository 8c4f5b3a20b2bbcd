import RemoGeometry

/// The smallest rectangle enclosing a set of points (rotating calipers on the hull).
enum EnclosingRectangle {
    /// (length, width) with length ≥ width; zeros for fewer than two points.
    ///
    /// The smallest rectangle has a side along a hull edge. For each edge in turn, the
    /// hull's farthest points along the edge, against it and away from it move forward
    /// around the hull and never back (the calipers), so all edges cost one pass.
    ///
    /// - Complexity: O(*n* log *n*) for the hull, then O(*h*) for its *h* corners (a round
    ///   room of 200,000 corners, all on the hull, took minutes when each edge measured
    ///   every corner).
    static func of(_ points: [Point]) -> (Double, Double) {
        let hull = convexHull(points)
        let n = hull.count
        guard n >= 2 else { return (0, 0) }
        if n == 2 { return (Segment(hull[0], hull[1]).length, 0) }
        // The hull turns counter-clockwise (y up): every corner is left of each edge, so
        // the edge's own line is the near side and one farthest corner the far side.
        func along(_ k: Int, _ u: Point) -> Double { hull[k % n].x * u.x + hull[k % n].y * u.y }
        func across(_ k: Int, _ u: Point) -> Double { -hull[k % n].x * u.y + hull[k % n].y * u.x }
        var best: (area: Double, a: Double, b: Double)? = nil
        var (front, far, back) = (1, 1, 1)
        for i in 0..<n {
            let p = hull[i]
            let q = hull[(i + 1) % n]
            let length = Segment(p, q).length
            guard length > 1e-12 else { continue }
            let u = Point((q.x - p.x) / length, (q.y - p.y) / length)
            // Each caliper moves on while the next corner is at least as far; it starts
            // no earlier than the one before it, and goes round at most once more.
            front = Swift.max(front, i + 1)
            while front < i + 1 + n && along(front + 1, u) >= along(front, u) { front += 1 }
            far = Swift.max(far, front)
            while far < i + 1 + n && across(far + 1, u) >= across(far, u) { far += 1 }
            back = Swift.max(back, far)
            while back < i + 1 + n && along(back + 1, u) <= along(back, u) { back += 1 }
            let (a, b) = (along(front, u) - along(back, u), across(far, u) - across(i, u))
            if best == nil || a * b < best!.area { best = (a * b, a, b) }
        }
        guard let best else { return (0, 0) }
        return (max(best.a, best.b), min(best.a, best.b))
    }

    /// Andrew's monotone chain, exact turns.
    static func convexHull(_ points: [Point]) -> [Point] {
        // Sorted, each point once (equal points are next to each other once sorted).
        var sorted: [Point] = []
        sorted.reserveCapacity(points.count)
        for p in points.sorted() where sorted.last != p { sorted.append(p) }
        guard sorted.count >= 3 else { return sorted }
        var lower: [Point] = []
        var upper: [Point] = []
        for p in sorted {
            while lower.count >= 2 && Predicates.orient2d(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && Predicates.orient2d(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
