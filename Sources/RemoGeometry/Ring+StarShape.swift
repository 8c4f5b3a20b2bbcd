extension Ring {
    /// Whether the ring is strictly star-shaped around `c`: every edge turns the same
    /// way around `c`, none passes through it, and the ring goes around `c` exactly
    /// once. Such a ring is simple, and one pass over its edges shows it.
    ///
    /// Why that suffices: seen from `c`, the direction to a point moving along the
    /// ring turns strictly one way on every edge (by less than half a turn), and over
    /// the whole ring by exactly one full turn. So two different points of the ring
    /// lie in different directions from `c`, and cannot be the same point.
    ///
    /// Going around once is counted on the horizontal line through `c`: when every
    /// edge turns the same way around `c`, the ring crosses from below that line to on
    /// or above it once per turn around `c` (on the right of `c` when it turns
    /// counter-clockwise, on the left otherwise), and back as often.
    ///
    /// Finger-drawn lassos are usually star-shaped around the middle of their box, so
    /// ``simplicity()`` asks this first and leaves every other ring (and every ring
    /// that is not simple) to the chains.
    ///
    /// Exact: each turn is decided with the same error bound as
    /// ``Predicates/orient2d(_:_:_:)`` and by that predicate when too close to call;
    /// which side of the line a vertex lies on is a comparison of coordinates.
    ///
    /// - Complexity: O(*n*), stopping soon after an edge that turns the other way.
    func isStarShaped(around c: Point) -> Bool {
        let n = count
        guard n >= 3 else { return false }
        return closedVertices.withUnsafeBufferPointer { p in
            let turn: Double
            switch Predicates.orient2d(p[0], p[1], c) {
            case 1: turn = 1
            case -1: turn = -1
            default: return false
            }
            var crossings = 0
            // Blocks of edges without branches; a block with a turn too close to call
            // in doubles is decided edge by edge with the exact predicate.
            var start = 0
            while start < n {
                let end = Swift.min(start + 64, n)
                var sure: UInt8 = 1
                // The vertices as seen from c: the same differences as orient2d's.
                var a = Point(p[start].x - c.x, p[start].y - c.y)
                for i in start..<end {
                    let b = Point(p[i + 1].x - c.x, p[i + 1].y - c.y)
                    let left = a.x * b.y
                    let right = a.y * b.x
                    let margin = (left - right) * turn - Predicates.errorBoundA * (left.magnitude + right.magnitude)
                    sure &= unsafeBitCast(margin > 0, to: UInt8.self)
                    // Below the line through c, or not (the sign of a difference is exact).
                    crossings &+= Int(unsafeBitCast((a.y < 0) != (b.y < 0), to: UInt8.self))
                    a = b
                }
                if sure == 0 {
                    for i in start..<end where Double(Predicates.orient2d(p[i], p[i + 1], c)) != turn { return false }
                }
                start = end
            }
            return crossings == 2
        }
    }

    /// The middle of the ring's box: where ``isStarShaped(around:)`` looks from.
    var boxCentre: Point? {
        boundingBox.map { Point($0.min.x / 2 + $0.max.x / 2, $0.min.y / 2 + $0.max.y / 2) }
    }
}
