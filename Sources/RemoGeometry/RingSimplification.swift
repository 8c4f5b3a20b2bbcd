/// Fewer points for lassos, with the guarantees plain Douglas–Peucker lacks: a simple ring
/// stays simple, rings that did not overlap still do not, every
/// original point stays within the reported distance of its ring, and the area changes by
/// at most ``maximumAreaChange``.
///
/// Points go in the order Douglas–Peucker would drop them (the least significant first),
/// so that with nothing refused the result is Douglas–Peucker's ring at the smallest
/// tolerance that leaves at most `maxPoints` points. Each goes on its own, as a triangle
/// cut off the ring: a point may go only when
///
/// - the triangle it forms with its two neighbours holds no other point of any ring (its
///   sides included; decided with ``Predicates/orient2d(_:_:_:)``). The new edge lies in
///   that triangle, and an edge that does not end in it cannot cross the new edge without
///   crossing one of the two old ones, so nothing that did not meet before meets after.
///   (An edge of another ring through the point itself, with neither end in the triangle,
///   would be a third way in; but such an edge runs into this ring's interior on one side
///   of the point, so those rings overlapped already);
/// - the ring's area stays within ``maximumAreaChange`` of what it was.
///
/// ```swift
/// let outcomes = RingSimplification.simplify([lasso], maxPoints: 500)
/// outcomes[0].points      // at most 500 points, when the area budget allows
/// outcomes[0].hausdorff   // every original point is this close to the result
/// ```
public enum RingSimplification {
    /// The largest relative change of a ring's area a simplification may make: 1 %.
    public static let maximumAreaChange = 0.01

    /// What simplification made of one ring.
    public struct Outcome: Hashable, Sendable {
        /// The simplified ring (not closed), or the points as given when nothing was removed.
        public let points: [Point]
        /// The number of points as given.
        public let pointsBefore: Int
        /// Whether any point was removed.
        public let changed: Bool
        /// No original point is further than this from the simplified ring (and no point of
        /// the simplified ring further from the original): the Hausdorff distance, or a
        /// bound on it from above.
        public let hausdorff: Double
        /// The relative change of the area, `after / before − 1`.
        public let areaChange: Double
        /// Why the ring was left as it was, when it could not be simplified.
        public let skipped: Skip?

        /// The number of points of ``points``.
        public var pointsAfter: Int { points.count }
    }

    /// Why a ring was not simplified.
    public enum Skip: String, Hashable, Sendable, CustomStringConvertible {
        /// The ring crosses or touches itself: repair it first.
        case notSimple = "not-simple"
        /// A coordinate is not a finite number in range, or there are fewer than three points.
        case invalid

        public var description: String {
            switch self {
            case .notSimple: "it crosses or touches itself (repair it first)"
            case .invalid: "it is not a ring of at least three valid points"
            }
        }
    }

    /// Simplifies every ring to at most `maxPoints` points and, with a `tolerance`, further
    /// while every original point stays within `tolerance` of the result.
    ///
    /// A ring with no more than `maxPoints` points and no tolerance is returned as given.
    /// Points that Douglas–Peucker ranks equal go together, so a ring may keep a few fewer
    /// than `maxPoints`; it may keep more when fewer would cost more than
    /// ``maximumAreaChange`` of its area or break one of the rules above; never fewer
    /// than three.
    ///
    /// - Parameters:
    ///   - rings: The rings, each closed implicitly (a closing point equal to the first is
    ///     optional).
    ///   - maxPoints: The most points a ring should keep (at least 3).
    ///   - tolerance: Points whose removal keeps the result within this distance of the
    ///     original go too, whatever the count.
    /// - Returns: One outcome per ring, in order.
    /// - Complexity: O(*n* log *n*) for *n* points in all to order them (Douglas–Peucker,
    ///   bounded; see `DouglasPeucker.budget`), plus the triangle checks, each over the
    ///   points near its triangle.
    public static func simplify(_ rings: [[Point]], maxPoints: Int, tolerance: Double? = nil) -> [Outcome] {
        precondition(maxPoints >= 3, "a ring keeps at least three points")
        var simplifier = Simplifier(rings)
        return rings.indices.map { r in
            simplifier.simplify(ring: r, given: rings[r], maxPoints: maxPoints, tolerance: tolerance)
        }
    }
}

/// The state of one simplification: every ring's vertices in one array, each ring a
/// circular list over its share of it.
private struct Simplifier {
    /// The normalised vertices of every valid ring, ring after ring.
    let points: [Point]
    /// Ring `r` holds `points[start[r] ..< start[r] + count[r]]`; an invalid ring holds none.
    let start: [Int]
    let count: [Int]
    /// Why each ring cannot be simplified, or nil.
    let skipped: [RingSimplification.Skip?]
    /// The ring of each point.
    let ringOf: [Int]
    let grid: PointGrid
    var previous: [Int]
    var next: [Int]
    var alive: [Bool]

    init(_ rings: [[Point]]) {
        var points: [Point] = []
        var start: [Int] = []
        var count: [Int] = []
        var skipped: [RingSimplification.Skip?] = []
        var ringOf: [Int] = []
        for (r, given) in rings.enumerated() {
            start.append(points.count)
            guard let ring = try? Ring(given), ring.count >= 3 else {
                count.append(0)
                skipped.append(.invalid)
                continue
            }
            points += ring.vertices
            ringOf += repeatElement(r, count: ring.count)
            count.append(ring.count)
            skipped.append(ring.isSimple ? nil : .notSimple)
        }
        self.points = points
        self.start = start
        self.count = count
        self.skipped = skipped
        self.ringOf = ringOf
        grid = PointGrid(points)
        previous = Array(points.indices)
        next = Array(points.indices)
        for r in rings.indices where count[r] > 0 {
            let range = start[r]..<start[r] + count[r]
            for i in range {
                next[i] = i + 1 == range.upperBound ? range.lowerBound : i + 1
                previous[i] = i == range.lowerBound ? range.upperBound - 1 : i - 1
            }
        }
        alive = Array(repeating: true, count: points.count)
    }

    mutating func simplify(ring r: Int, given: [Point], maxPoints: Int, tolerance: Double?) -> RingSimplification.Outcome {
        if let skip = skipped[r] {
            return .init(points: given, pointsBefore: given.count, changed: false, hausdorff: 0, areaChange: 0, skipped: skip)
        }
        let range = start[r]..<start[r] + count[r]
        var left = range.count
        let doubledArea = Ring.doubledSignedArea(of: range.map { points[$0] })
        // A hair under the limit, so that the triangles' areas, summed in floating point,
        // cannot carry the measured change past it.
        let areaBudget = RingSimplification.maximumAreaChange * (1 - 1e-9) * doubledArea.magnitude
        var areaRemoved = 0.0
        let order = DouglasPeucker(points[range])
        let (significance, splitOrder) = (order.significance, order.splitOrder)
        // Least significant first; on a tie, the later split first, so that a point goes
        // after everything between it and the ends of the chord it split.
        var candidates = range.sorted {
            let (s, t) = ($0 - range.lowerBound, $1 - range.lowerBound)
            return (significance[s], -splitOrder[s]) < (significance[t], -splitOrder[t])
        }
        // Douglas–Peucker's ring at the smallest tolerance that leaves at most `maxPoints`
        // points, or at the tolerance asked if that is larger: every point of significance
        // up to that goes (so that no chord is left halfway, farther from its points than
        // the tolerance). Only refusals make it go on past that, to reach the count.
        let sorted = candidates.map { significance[$0 - range.lowerBound] }
        let countTolerance = range.count > maxPoints ? sorted[range.count - maxPoints - 1] : -1
        let threshold = Swift.max(countTolerance, tolerance ?? -1)
        // Rounds: a point refused once may be free to go after others went.
        for _ in 0..<8 where !candidates.isEmpty {
            var refused: [Int] = []
            for p in candidates where left > 3 {
                if left <= maxPoints && significance[p - range.lowerBound] > threshold { break }
                let (a, b) = (previous[p], next[p])
                let change = Self.doubledTriangleArea(points[a], points[p], points[b])
                guard (areaRemoved + change).magnitude <= areaBudget, triangleIsEmpty(a, p, b) else {
                    refused.append(p)
                    continue
                }
                areaRemoved += change
                alive[p] = false
                next[a] = b
                previous[b] = a
                left -= 1
            }
            guard refused.count < candidates.count else { break }
            candidates = refused
        }
        guard left < range.count else {
            return .init(points: given, pointsBefore: given.count, changed: false, hausdorff: 0, areaChange: 0, skipped: nil)
        }
        var kept: [Point] = []
        kept.reserveCapacity(left)
        var hausdorff = 0.0
        for i in range where alive[i] {
            kept.append(points[i])
            hausdorff = Swift.max(hausdorff, distanceToChord(from: i, to: next[i]))
        }
        let areaChange = doubledArea == 0 ? 0 : Ring.doubledSignedArea(of: kept).magnitude / doubledArea.magnitude - 1
        return .init(
            points: kept, pointsBefore: given.count, changed: true, hausdorff: hausdorff, areaChange: areaChange, skipped: nil)
    }

    /// The largest distance from the segment `a`–`b` to an original point strictly between
    /// vertices `a` and `b` of their ring.
    private func distanceToChord(from a: Int, to b: Int) -> Double {
        let (u, v) = (points[a], points[b])
        let r = ringOf[a]
        let (first, end) = (start[r], start[r] + count[r])
        var farthest = 0.0
        var i = a
        while true {
            i = i + 1 == end ? first : i + 1
            if i == b { break }
            farthest = Swift.max(farthest, DouglasPeucker.squaredDistance(points[i], u, v))
        }
        return farthest.squareRoot()
    }

    /// Whether the closed triangle `a`, `p`, `b` holds no live point but its corners.
    private func triangleIsEmpty(_ a: Int, _ p: Int, _ b: Int) -> Bool {
        let (pa, pp, pb) = (points[a], points[p], points[b])
        let box = Self.box(pa, pp).union(Self.box(pp, pb))
        let turn = Predicates.orient2d(pa, pp, pb)
        return grid.forEachCandidate(in: box) { q in
            guard alive[q], q != a, q != p, q != b else { return true }
            let c = points[q]
            guard box.contains(c) else { return true }
            if turn == 0 { return Predicates.orient2d(pa, pb, c) != 0 }  // a flat triangle: its line
            return
                !(Predicates.orient2d(pa, pp, c) * turn >= 0 && Predicates.orient2d(pp, pb, c) * turn >= 0
                && Predicates.orient2d(pb, pa, c) * turn >= 0)
        }
    }

    private static func box(_ a: Point, _ b: Point) -> BoundingBox {
        BoundingBox(min: Point(Swift.min(a.x, b.x), Swift.min(a.y, b.y)), max: Point(Swift.max(a.x, b.x), Swift.max(a.y, b.y)))
    }

    /// Twice the signed area of the triangle `a`, `p`, `b`: what the ring's doubled area
    /// loses when `p` goes from between `a` and `b`.
    private static func doubledTriangleArea(_ a: Point, _ p: Point, _ b: Point) -> Double {
        (p.x - a.x) * (b.y - a.y) - (p.y - a.y) * (b.x - a.x)
    }

}
