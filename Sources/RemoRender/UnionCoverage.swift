import RemoGeometry

/// The exact share of one pixel's square inside the union of several rings, for the pixels
/// where the outlines of two or more of them pass (`CoverageMask` adds the rings' signed
/// areas, which counts their overlap twice there).
///
/// Green's theorem, as in `GrownCoverage`: twice the area of square ∩ union is the sum of
/// x dy − y dx round its outline, which is made of the parts of each ring's edges that lie
/// with square ∩ union on their left and not on their right, and the parts of the square's
/// sides with the union just inside them. Each edge is cut where another ring's edge crosses
/// it, so each part lies wholly inside or outside every other ring, and its midpoint decides,
/// looking a hair to either side: that settles the edges two rings share, or that run along
/// the square's sides, without special cases but one (the same edge running the same way
/// twice is kept once).
struct UnionCoverage {
    /// The edges near the square, relative to its corner, each with its ring (every ring
    /// run the positive way).
    private let edges: [(a: Point, b: Point, ring: Int)]
    /// How many rings there are: a ring with no edge near may still hold the square.
    private let rings: Range<Int>
    /// Whether a point (relative to the corner) is inside ring `k`, by its winding number:
    /// a point on the ring's outline may come out either way.
    private let insideRing: (Point, Int) -> Bool

    /// - Parameters:
    ///   - corner: The pixel's top-left corner.
    ///   - edges: Every edge that reaches the square (more do no harm), with its ring.
    ///   - rings: How many rings there are.
    ///   - insideRing: Whether a point, in the image's coordinates, is inside a ring.
    init(corner: Point, edges: [(segment: Segment, ring: Int)], rings: Int, insideRing: @escaping (Point, Int) -> Bool) {
        func local(_ p: Point) -> Point { Point(p.x - corner.x, p.y - corner.y) }
        self.edges = edges.map { (local($0.segment.start), local($0.segment.end), $0.ring) }
        self.rings = 0..<rings
        self.insideRing = { insideRing(Point($0.x + corner.x, $0.y + corner.y), $1) }
    }

    /// The share of the square inside the union, 0 to 1.
    func share() -> Double {
        var twiceArea = 0.0
        for (a, b, ring) in edges {
            // A ring's edge along a side of the square, the same way round, is that side.
            guard let (from, to) = UnitSquare.clip(a, b), !UnitSquare.runsAlongSide(a, b) else { continue }
            var cuts = [from, to]
            for (c, d, other) in edges where other != ring {
                if let s = UnitSquare.crossing(a, b, c, d), s > from, s < to { cuts.append(s) }
            }
            let side = Self.leftOffset(a, b)
            twiceArea += UnitSquare.twiceArea(along: a, b, cuts: cuts) { m in
                // Outline of square ∩ union where that is on its left and not on its right
                // (two rings' edges running opposite ways along one line are neither);
                // the same edge twice is kept once, by the ring listed first.
                !sharesEdge(m, ring: ring, direction: (b.x - a.x, b.y - a.y))
                    && inSquareAndUnion(Point(m.x + side.x, m.y + side.y))
                    && !inSquareAndUnion(Point(m.x - side.x, m.y - side.y))
            }
        }
        for (a, b) in UnitSquare.sides {
            var cuts = [0.0, 1.0]
            for (c, d, _) in edges {
                if let s = UnitSquare.crossing(a, b, c, d), s > 0, s < 1 { cuts.append(s) }
            }
            let inward = Self.leftOffset(a, b)
            twiceArea += UnitSquare.twiceArea(along: a, b, cuts: cuts) { m in
                inUnion(Point(m.x + inward.x, m.y + inward.y))
            }
        }
        return Swift.min(1, Swift.max(0, twiceArea / 2))
    }

    /// How far to either side of a piece of outline its two sides are looked at: far from
    /// the rounding of coordinates near 1, and too near for any other outline to matter.
    private static let sideStep = 1e-7

    /// A step of ``sideStep`` to the left of the direction from `a` to `b` (into a ring run
    /// the positive way, or into the square from its sides).
    private static func leftOffset(_ a: Point, _ b: Point) -> (x: Double, y: Double) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        return (-dy / length * sideStep, dx / length * sideStep)
    }

    private func inUnion(_ p: Point) -> Bool { rings.contains { insideRing(p, $0) } }

    private func inSquareAndUnion(_ p: Point) -> Bool { p.x > 0 && p.x < 1 && p.y > 0 && p.y < 1 && inUnion(p) }

    /// Whether `m` lies on an edge of a ring listed before `ring` running the same way
    /// (`direction`): exactly, as where two outlines share an edge.
    private func sharesEdge(_ m: Point, ring: Int, direction: (x: Double, y: Double)) -> Bool {
        edges.contains { c, d, other in
            let (ex, ey) = (d.x - c.x, d.y - c.y)
            let along = ex * (m.x - c.x) + ey * (m.y - c.y)
            return other < ring && ex * (m.y - c.y) - ey * (m.x - c.x) == 0 && along >= 0 && along <= ex * ex + ey * ey
                && ex * direction.x + ey * direction.y > 0
        }
    }
}
