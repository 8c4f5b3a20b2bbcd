extension Ring {
    /// Whether the ring is monotone along the axis that `Axis` views as x, with its two
    /// sides apart: then it is simple, and one walk along both sides at once shows it.
    ///
    /// Call u the coordinate along the axis and w the other one. From the ring's
    /// lowest vertex (smallest u, then w) to its highest, the ring runs along two
    /// sides. The walk checks that:
    /// - on each side u never decreases, and where a side runs across the axis (several
    ///   vertices at one u, as the teeth of a comb) it does not double back;
    /// - at every u where either side has a vertex, strictly between the lowest and
    ///   the highest u, the two sides' points there are apart, one side always above
    ///   the other (decided by comparing coordinates, or exactly by
    ///   ``Predicates/orient2d(_:_:_:)`` against the other side's edge);
    /// - at the lowest and highest u, at most one side runs across the axis.
    ///
    /// Between two such u both sides are single edges whose order at both ends is the
    /// same, so they are apart in between too; each side meets itself only at its
    /// consecutive vertices; the sides meet only at the two ends. So the ring is simple.
    ///
    /// Rooms and combs of long parallel teeth are monotone; ``simplicity()`` asks this
    /// after the star test and before cutting chains.
    ///
    /// - Complexity: O(*n*), stopping early on most rings that are not monotone.
    func isMonotoneAndSimple<Axis: ChainAxis>(along axis: Axis.Type) -> Bool {
        let n = count
        guard n >= 3, let box = boundingBox else { return false }
        return closedVertices.withUnsafeBufferPointer { MonotoneWalk<Axis>(points: $0, count: n, box: box).showsSimple() }
    }
}

/// The walk of ``Ring/isMonotoneAndSimple(along:)`` along the two sides of a ring.
private struct MonotoneWalk<Axis: ChainAxis> {
    /// The closed vertex buffer.
    let points: UnsafeBufferPointer<Point>
    /// The number of vertices.
    let count: Int
    /// The ring's box.
    let box: BoundingBox

    /// Vertex `i` as the axis sees it: x is u, y is w.
    @inline(__always) func point(_ i: Int) -> Point { Axis.view(points[i]) }

    /// The vertex after `i` going `step` (+1 or −1) around the ring.
    @inline(__always) func next(_ i: Int, _ step: Int) -> Int {
        let j = i &+ step
        return j == count ? 0 : (j < 0 ? count &- 1 : j)
    }

    /// The lowest and highest vertices (by u, then w): a vertex at each edge of the
    /// ring's box, found from either end of the ring (a comb's lowest
    /// and highest vertices are its first and last), then the extreme one among its
    /// neighbours at that u (in a monotone ring, all the vertices at the lowest u
    /// follow each other).
    func ends() -> (low: Int, high: Int)? {
        let (bottom, top) = (Axis.view(box.min).x, Axis.view(box.max).x)
        guard let anyLow = (0..<count).first(where: { point($0).x == bottom }),
            let anyHigh = (0..<count).reversed().first(where: { point($0).x == top })
        else { return nil }
        return (extreme(from: anyLow, lowest: true), extreme(from: anyHigh, lowest: false))
    }

    /// From vertex `i`, the vertex of least (or greatest) w among its neighbours
    /// both ways at its u.
    func extreme(from i: Int, lowest: Bool) -> Int {
        let u = point(i).x
        var best = i
        for step in stride(from: 1, through: -1, by: -2) {
            var j = next(i, step)
            while j != i && point(j).x == u {
                if (point(j).y < point(best).y) == lowest { best = j }
                j = next(j, step)
            }
        }
        return best
    }

    /// One side during the walk: its current vertex and the next one, and where the
    /// run it last went along with ``advance(_:stop:)`` starts.
    struct Side {
        /// +1 or −1 around the ring.
        let step: Int
        /// The current vertex (the last of its run).
        var point: Point
        /// The vertex after it.
        var nextIndex: Int
        var nextPoint: Point
        /// The first vertex of the run last taken by ``advance(_:stop:)`` (its
        /// vertices at one u; one vertex when it just crossed that u).
        var runStart: Point
    }

    /// Moves `side` along its next run (its vertices at the next one's u), not past
    /// vertex `stop` (the highest vertex); `false` when the run doubles back across
    /// the axis or u decreases after it.
    @inline(__always)
    func advance(_ side: inout Side, stop: Int) -> Bool {
        let start = side.nextPoint
        var end = start
        var index = side.nextIndex
        var direction = 0
        var after = next(index, side.step)
        var afterPoint = point(after)
        while index != stop && afterPoint.x == start.x {
            // Consecutive vertices are distinct: at one u, their w differ.
            let sign = afterPoint.y > end.y ? 1 : -1
            if direction != 0 && sign != direction { return false }
            (direction, end, index) = (sign, afterPoint, after)
            after = next(index, side.step)
            afterPoint = point(after)
        }
        side.runStart = start
        side.point = end
        side.nextIndex = after
        side.nextPoint = afterPoint
        return index == stop || afterPoint.x > start.x
    }

    /// Whether the walk shows the ring simple (`false`: not monotone, or the sides
    /// meet: the caller finds out the general way).
    func showsSimple() -> Bool {
        guard let (low, high) = ends(), point(low).x < point(high).x else { return false }
        let top = point(high).x
        let start = point(low)
        // Side a steps +1 from the lowest vertex, side b −1, each first along its run
        // at the lowest u (at most one has more than the lowest vertex there).
        var a = Side(step: 1, point: start, nextIndex: low, nextPoint: start, runStart: start)
        var b = Side(step: -1, point: start, nextIndex: low, nextPoint: start, runStart: start)
        guard advance(&a, stop: high), advance(&b, stop: high), a.point == start || b.point == start else { return false }
        // `above` is +1 when a is above b (larger w), −1 below, 0 until known. Where
        // they leave the lowest u, the side that ran across the axis is above.
        var above = a.point.y > b.point.y ? 1 : (a.point.y < b.point.y ? -1 : 0)
        while true {
            let (ua, ub) = (a.nextPoint.x, b.nextPoint.x)
            if ua < ub {
                // a's runs before b's next vertex, against b's edge crossing them.
                guard runAhead(&a, step: 1, before: ub, edge: b.point, b.nextPoint, above: &above) else { return false }
            } else if ub < ua {
                var below = -above
                guard runAhead(&b, step: -1, before: ua, edge: a.point, a.nextPoint, above: &below) else { return false }
                above = -below
            } else if ua == top {
                // Both sides end at the highest vertex; at most one runs across the axis there.
                let (fa, fb) = (a.nextPoint.y, b.nextPoint.y)
                guard advance(&a, stop: high), advance(&b, stop: high), a.point == b.point, fa == b.point.y || fb == a.point.y
                else { return false }
                let sign = fa > fb ? 1 : (fa < fb ? -1 : above)
                return sign != 0 && (above == 0 || sign == above)
            } else {
                guard advance(&a, stop: high), advance(&b, stop: high) else { return false }
                let (aLow, aHigh) = (Swift.min(a.runStart.y, a.point.y), Swift.max(a.runStart.y, a.point.y))
                let (bLow, bHigh) = (Swift.min(b.runStart.y, b.point.y), Swift.max(b.runStart.y, b.point.y))
                let sign = aLow > bHigh ? 1 : (aHigh < bLow ? -1 : 0)
                if above == 0 { above = sign }
                guard sign != 0 && sign == above else { return false }
            }
        }
    }

    /// Moves `runner` vertex by vertex while its vertices come before u = `limit`,
    /// each strictly on one side of the other side's edge from `p` to `q` (whose u
    /// runs across them): above it when `above` is +1, below when −1, either when 0
    /// (then set by the first vertex). `false` when a vertex is on the edge's line or
    /// the other side, or the runner is not monotone (u decreases, or a run at one u
    /// doubles back).
    ///
    /// Which side is decided as ``Predicates/orient2d(_:_:_:)`` decides it, from the
    /// edge's own differences (the same for every vertex) and the same error bound,
    /// unless the vertex is wholly above or below the edge's ends.
    /// `step` is the runner's own, passed as a constant at each call so that the
    /// compiler keeps this loop inline and branch-free (read from `runner`, it does
    /// neither: 580,000 mispredicted branches per 20 walks of a 100,000-vertex comb
    /// instead of 90,000).
    @inline(__always)
    func runAhead(
        _ runner: inout Side, step: Int, before limit: Double, edge p: Point, _ q: Point, above: inout Int
    ) -> Bool {
        // Beyond the edge's w-range, a vertex is on that side of it (the edge spans
        // the vertex's u); within it, (q − p) × (v − p) decides, which is
        // orient2d(q, v, p), the same turn as orient2d(p, q, v).
        let (edgeLow, edgeHigh) = (Swift.min(p.y, q.y), Swift.max(p.y, q.y))
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        @inline(__always) func turn(_ v: Point) -> Int {
            let left = dx * (v.y - p.y)
            let right = dy * (v.x - p.x)
            let det = left - right
            let bound = Predicates.errorBoundA * (left.magnitude + right.magnitude)
            return det > bound ? 1 : (-det > bound ? -1 : Predicates.orient2d(q, v, p))
        }
        @inline(__always) func side(_ v: Point) -> Int { v.y > edgeHigh ? 1 : (v.y < edgeLow ? -1 : turn(v)) }
        var current = runner.point
        var index = runner.nextIndex
        var v = runner.nextPoint
        if above == 0 && v.x < limit {
            // The first vertex says which; none is ever on the edge's line.
            above = side(v)
            guard above != 0 else { return false }
        }
        // Beyond this bound in w (times `above`), a vertex is on its side for sure.
        let (sense, farBound) = above > 0 ? (1.0, edgeHigh) : (-1.0, -edgeLow)
        // Which way the current run goes in w (0 until its second vertex).
        var direction = 0
        while v.x < limit {
            let sameU = v.x == current.x
            let sign = v.y > current.y ? 1 : -1
            // u never decreases, and a run at one u does not double back.
            if v.x < current.x || (sameU && direction == -sign) { return false }
            direction = sameU ? sign : 0
            if !(v.y * sense > farBound) && turn(v) != above { return false }
            current = v
            index = next(index, step)
            v = point(index)
        }
        (runner.point, runner.nextIndex, runner.nextPoint) = (current, index, v)
        return true
    }
}
