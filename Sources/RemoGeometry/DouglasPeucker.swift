/// Douglas–Peucker over a closed ring, run to the end: for each vertex, the tolerance under
/// which it is dropped and when it was split, so that a caller can drop vertices in
/// Douglas–Peucker's order one at a time (``RingSimplification``).
///
/// A vertex's significance is its distance from the chord it splits, but no more than that
/// of the chord's own split point: dropping every vertex under a tolerance leaves exactly
/// Douglas–Peucker's ring. The first vertex and the one farthest from it anchor the ring;
/// their significance is infinite.
struct DouglasPeucker {
    /// Per vertex, from the ring's start.
    let significance: [Double]
    /// Per vertex: 1 for the first split, 2 for the next, ...; 0 for the anchors.
    let splitOrder: [Int]
    /// Point-to-chord distances measured, in all.
    let distancesMeasured: Int

    /// The distances measured after which chords split at their middle instead of at their
    /// farthest point: 32 per point per level of a balanced split, and a million more.
    /// Douglas–Peucker is quadratic when each split peels a point or two off a long chord
    /// (a comb of long teeth does that); split at the middle, the rest takes O(*m* log *m*),
    /// and a vertex still goes only once every point of its chord's span is within the
    /// tolerance, since its significance is then the farthest of them.
    static func budget(points m: Int) -> Int { 32 * m * (Int.bitWidth - m.leadingZeroBitCount) + 1_000_000 }

    init(_ ring: ArraySlice<Point>) {
        let m = ring.count
        let base = ring.startIndex
        let at = { (k: Int) in ring[base + k % m] }
        var significance = [Double](repeating: .infinity, count: m)
        var splitOrder = [Int](repeating: 0, count: m)
        var (splits, measured) = (0, 0)
        let budget = Self.budget(points: m)
        let far = (1..<m).max { Self.squaredDistance(at($0), at(0), at(0)) < Self.squaredDistance(at($1), at(0), at(0)) }!
        var chords = [(a: 0, b: far, limit: Double.infinity), (a: far, b: m, limit: Double.infinity)]
        while let (a, b, limit) = chords.popLast() {
            guard b - a >= 2 else { continue }
            let (u, v) = (at(a), at(b))
            var (split, farthest) = (a + 1, -1.0)
            for k in a + 1..<b {
                let d = Self.squaredDistance(at(k), u, v)
                if d > farthest { (split, farthest) = (k, d) }
            }
            measured += b - a - 1
            if measured > budget { split = (a + b) / 2 }
            let tolerance = Swift.min(farthest.squareRoot(), limit)
            significance[split] = tolerance
            splits += 1
            splitOrder[split] = splits
            chords.append((a, split, tolerance))
            chords.append((split, b, tolerance))
        }
        self.significance = significance
        self.splitOrder = splitOrder
        self.distancesMeasured = measured
    }

    /// The squared distance from `p` to the segment `u`–`v`.
    static func squaredDistance(_ p: Point, _ u: Point, _ v: Point) -> Double {
        let (dx, dy) = Segment(u, v).offset(to: p)
        return dx * dx + dy * dy
    }
}
