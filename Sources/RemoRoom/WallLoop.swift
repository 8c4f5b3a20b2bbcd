import RemoGeometry

/// Floor outlines from walls, and how much of an outline the walls cover.
enum WallLoop {
    /// How close two wall ends must be (metres) to count as one corner.
    static let cornerTolerance = 0.3

    /// The closed loop the walls form, end to end, as its corners; nil when they do not
    /// close.
    static func outline(_ walls: [Wall]) -> [Point]? {
        guard walls.count >= 3 else { return nil }
        var remaining = Array(walls.dropFirst())
        var corners = [walls[0].start]
        var end = walls[0].end
        while !remaining.isEmpty {
            var best: (index: Int, flipped: Bool, distance: Double)? = nil
            for (i, w) in remaining.enumerated() {
                for (flipped, p) in [(false, w.start), (true, w.end)] {
                    let d = Segment(end, p).length
                    if d <= cornerTolerance && (best == nil || d < best!.distance) { best = (i, flipped, d) }
                }
            }
            guard let next = best else { return nil }
            let wall = remaining.remove(at: next.index)
            let (near, far) = next.flipped ? (wall.end, wall.start) : (wall.start, wall.end)
            corners.append(Point((end.x + near.x) / 2, (end.y + near.y) / 2))
            end = far
        }
        guard Segment(end, walls[0].start).length <= cornerTolerance else { return nil }
        corners[0] = Point((end.x + walls[0].start.x) / 2, (end.y + walls[0].start.y) / 2)
        return corners
    }

    /// The length of the outline's edges that walls run along (within 0.25 m, within 10°).
    static func coverage(of outline: [Point], by walls: [Wall]) -> Double {
        var covered = 0.0
        // Each wall's direction, once.
        let directions: [(wall: Wall, u: Point)] = walls.compactMap { wall in
            let wl = wall.length
            guard wl > 1e-9 else { return nil }
            return (wall, Point((wall.end.x - wall.start.x) / wl, (wall.end.y - wall.start.y) / wl))
        }
        var intervals: [(Double, Double)] = []
        for i in outline.indices {
            let a = outline[i]
            let b = outline[(i + 1) % outline.count]
            let length = Segment(a, b).length
            guard length > 1e-9 else { continue }
            let u = Point((b.x - a.x) / length, (b.y - a.y) / length)
            intervals.removeAll(keepingCapacity: true)
            for (wall, wu) in directions {
                guard abs(u.x * wu.y - u.y * wu.x) < 0.174 else { continue }  // sin 10°
                func offset(_ p: Point) -> Double { abs((p.x - a.x) * u.y - (p.y - a.y) * u.x) }
                guard offset(wall.start) < 0.25 && offset(wall.end) < 0.25 else { continue }
                func along(_ p: Point) -> Double { (p.x - a.x) * u.x + (p.y - a.y) * u.y }
                let t0 = max(0, min(along(wall.start), along(wall.end)))
                let t1 = min(length, max(along(wall.start), along(wall.end)))
                if t1 > t0 { intervals.append((t0, t1)) }
            }
            intervals.sort { $0.0 < $1.0 }
            var reach = 0.0
            for (t0, t1) in intervals where t1 > reach {
                covered += t1 - max(t0, reach)
                reach = t1
            }
        }
        return covered
    }
}

/// The smallest rectangle enclosing a set of points (rotating calipers on the hull).
enum EnclosingRectangle {
    /// (length, width) with length ≥ width; zeros for fewer than two points.
    static func of(_ points: [Point]) -> (Double, Double) {
        let hull = convexHull(points)
        guard hull.count >= 2 else { return (0, 0) }
        var best: (area: Double, a: Double, b: Double)? = nil
        for i in hull.indices {
            let p = hull[i]
            let q = hull[(i + 1) % hull.count]
            let length = Segment(p, q).length
            guard length > 1e-12 else { continue }
            let u = Point((q.x - p.x) / length, (q.y - p.y) / length)
            var minU = Double.infinity
            var maxU = -Double.infinity
            var minV = Double.infinity
            var maxV = -Double.infinity
            for r in hull {
                let du = r.x * u.x + r.y * u.y
                let dv = -r.x * u.y + r.y * u.x
                minU = min(minU, du)
                maxU = max(maxU, du)
                minV = min(minV, dv)
                maxV = max(maxV, dv)
            }
            let (a, b) = (maxU - minU, maxV - minV)
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
