import RemoGeometry

/// The square of one pixel, in coordinates relative to its top-left corner, and what the
/// exact coverage of a pixel (`GrownCoverage`, `UnionCoverage`) needs of it: clipping a
/// segment to it, and the area inside an outline walked round in parts (Green's theorem:
/// twice the area is the sum of x dy − y dx along the outline, taken the positive way).
enum UnitSquare {
    /// The square's sides, corner to corner, the way round that gives a positive area.
    static let sides = [
        (Point(0, 0), Point(1, 0)), (Point(1, 0), Point(1, 1)), (Point(1, 1), Point(0, 1)), (Point(0, 1), Point(0, 0)),
    ]

    /// Whether `p` lies in the square or on its sides.
    static func contains(_ p: Point) -> Bool { p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1 }

    /// The fractions along the segment from `a` to `b` between which it lies in the square
    /// (Liang and Barsky's clipping), or nil when it misses it.
    static func clip(_ a: Point, _ b: Point) -> (Double, Double)? {
        var (low, high) = (0.0, 1.0)
        for (start, delta) in [(a.x, b.x - a.x), (a.y, b.y - a.y)] {
            // 0 ≤ start + s · delta ≤ 1
            if delta == 0 {
                if start < 0 || start > 1 { return nil }
                continue
            }
            let (s0, s1) = ((0 - start) / delta, (1 - start) / delta)
            low = Swift.max(low, Swift.min(s0, s1))
            high = Swift.min(high, Swift.max(s0, s1))
        }
        return low <= high ? (low, high) : nil
    }

    /// Whether the segment from `a` to `b` runs along a side of the square, the same way as
    /// that side in ``sides``.
    static func runsAlongSide(_ a: Point, _ b: Point) -> Bool {
        if a.y == b.y { return (a.y == 0 && b.x > a.x) || (a.y == 1 && b.x < a.x) }
        if a.x == b.x { return (a.x == 1 && b.y > a.y) || (a.x == 0 && b.y < a.y) }
        return false
    }

    /// The fraction along the segment from `a` to `b` where it crosses the segment from `c`
    /// to `d`, if it does at one point.
    static func crossing(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double? {
        let (rx, ry, sx, sy) = (b.x - a.x, b.y - a.y, d.x - c.x, d.y - c.y)
        let denominator = rx * sy - ry * sx
        guard denominator != 0 else { return nil }
        let (qx, qy) = (c.x - a.x, c.y - a.y)
        let s = (qx * sy - qy * sx) / denominator
        let t = (qx * ry - qy * rx) / denominator
        return s >= 0 && s <= 1 && t >= 0 && t <= 1 ? s : nil
    }

    /// Twice the area swept by the parts of the segment from `a` to `b` between consecutive
    /// `cuts` (fractions along it) whose midpoints pass `kept`.
    static func twiceArea(along a: Point, _ b: Point, cuts: [Double], kept: (Point) -> Bool) -> Double {
        let cuts = cuts.sorted()
        var twiceArea = 0.0
        for (from, to) in zip(cuts, cuts.dropFirst()) where to > from {
            func at(_ s: Double) -> Point { Point(a.x + s * (b.x - a.x), a.y + s * (b.y - a.y)) }
            guard kept(at((from + to) / 2)) else { continue }
            let (p, q) = (at(from), at(to))
            twiceArea += p.x * q.y - q.x * p.y
        }
        return twiceArea
    }

    /// The share of the square on the left of the line through `a` and `b` (the side a
    /// region's outline, run the positive way, has the region on): the square clipped to that
    /// side (Sutherland and Hodgman), and the area of what is left.
    static func shareLeft(of a: Point, _ b: Point) -> Double {
        func side(_ p: Point) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        var kept: [Point] = []
        for (p, q) in sides {
            let (sp, sq) = (side(p), side(q))
            if sp >= 0 { kept.append(p) }
            if (sp >= 0) != (sq >= 0) {
                let t = sp / (sp - sq)
                kept.append(Point(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)))
            }
        }
        var twiceArea = 0.0
        for (k, p) in kept.enumerated() {
            let q = kept[(k + 1) % kept.count]
            twiceArea += p.x * q.y - q.x * p.y
        }
        return Swift.min(1, Swift.max(0, twiceArea / 2))
    }
}
