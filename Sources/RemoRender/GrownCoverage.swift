import Foundation
import RemoGeometry

/// The exact share of one pixel's square inside a grown region: the region together with
/// everything within `radius` of its outline (``CoverageMask/grow(_:by:)``).
///
/// Near the pixel the grown region is the region itself together with simple convex pieces:
/// a disc of radius `radius` round each vertex and, along each edge, the band (a rectangle)
/// that the edge sweeps sideways. Green's theorem gives the area of the square inside their
/// union from its outline alone: walk the outline of square ∩ union, which is made of the
/// parts of each piece's outline that lie in the square and in no other piece (nor in the
/// region), and the parts of the square's sides that lie in some piece (or in the region),
/// adding ½ ∫ (x dy − y dx) along each.
///
/// Every outline is cut wherever another crosses it, so each part between two cuts lies
/// wholly inside or wholly outside every piece, and its midpoint decides. The region's own
/// edges need no cuts: they run along the middle of their bands, so a part never crosses
/// one outside the pieces. Coordinates are taken relative to the pixel's corner, so the
/// sums stay near 1 and lose nothing to the image's size.
struct GrownCoverage {
    /// The grown distance.
    let radius: Double
    private var discs: [Disc] = []
    private var bands: [Band] = []
    /// Whether the square lies wholly within `radius` of one edge.
    private var whollyInside = false
    /// The discs whose circles pass through the square, and the bands' long sides that do:
    /// the only outlines that can bound the square's covered part or cut another there.
    private var outlineDiscs: [Int] = []
    private var outlineSides: [(a: Point, b: Point, band: Int)] = []
    /// Whether a point (relative to the pixel's corner) is inside the region.
    private let insideRegion: (Point) -> Bool

    /// A disc round a vertex, with the angles where the bands of its edges leave it.
    private struct Disc {
        var centre: Point
        var tangents: [Double] = []
    }

    /// The rectangle an edge sweeps sideways by the radius; its two long sides are outline,
    /// its short sides lie inside the end discs.
    private struct Band {
        var start: Point
        var end: Point
        /// The unit direction from start to end, and the length.
        var ux: Double, uy: Double, length: Double

        /// The long sides, each as it runs round the band the positive way (the way that
        /// gives a positive area, as `UnitSquare.sides`): on the right of the edge from start
        /// to end, on the left back.
        func sides(_ r: Double) -> [(Point, Point)] {
            let (nx, ny) = (-uy * r, ux * r)
            return [
                (Point(start.x - nx, start.y - ny), Point(end.x - nx, end.y - ny)),
                (Point(end.x + nx, end.y + ny), Point(start.x + nx, start.y + ny)),
            ]
        }

        /// Whether `p` lies within the band, strictly or on its outline too.
        func contains(_ p: Point, _ r: Double, strictly: Bool) -> Bool {
            let (wx, wy) = (p.x - start.x, p.y - start.y)
            let along = wx * ux + wy * uy
            let across = (wx * uy - wy * ux).magnitude
            return strictly ? along > 0 && along < length && across < r : along >= 0 && along <= length && across <= r
        }
    }

    /// The pieces of the grown region near the pixel whose top-left corner is `corner`.
    ///
    /// - Parameters:
    ///   - edges: Every edge within `radius` of the square (more do no harm).
    ///   - insideRegion: Whether a point, in the image's coordinates, is inside the region.
    init(corner: Point, edges: [Segment], radius: Double, insideRegion: @escaping (Point) -> Bool) {
        self.radius = radius
        self.insideRegion = { insideRegion(Point($0.x + corner.x, $0.y + corner.y)) }
        func local(_ p: Point) -> Point { Point(p.x - corner.x, p.y - corner.y) }
        func disc(at p: Point) -> Int {
            if let found = discs.firstIndex(where: { $0.centre == p }) { return found }
            discs.append(Disc(centre: p))
            return discs.count - 1
        }
        for edge in edges {
            func near(_ x: Double, _ y: Double) -> Bool { edge.distance(to: Point(corner.x + x, corner.y + y)) <= radius }
            if near(0, 0) && near(1, 0) && near(0, 1) && near(1, 1) {
                whollyInside = true  // the edge's growth is convex, so it holds the square
                return
            }
            let (p, q) = (local(edge.start), local(edge.end))
            let (first, last) = (disc(at: p), disc(at: q))
            let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            guard length > 0 else { continue }
            let band = Band(start: p, end: q, ux: (q.x - p.x) / length, uy: (q.y - p.y) / length, length: length)
            // The band's long sides leave the end discs at right angles to the edge.
            let right = Self.angle(band.uy, -band.ux)
            let left = Self.angle(-band.uy, band.ux)
            discs[first].tangents += [right, left]
            discs[last].tangents += [right, left]
            bands.append(band)
        }
        outlineDiscs = discs.indices.filter { Self.circleMeetsSquare(discs[$0].centre, radius) }
        for (i, band) in bands.enumerated() {
            for (a, b) in band.sides(radius) where UnitSquare.clip(a, b) != nil { outlineSides.append((a, b, i)) }
        }
    }

    /// The share of the unit square inside the grown region, 0 to 1.
    func share() -> Double {
        if whollyInside { return 1 }
        // Most pixels along the grown outline see at most one straight piece of it.
        if outlineDiscs.isEmpty && outlineSides.count <= 1 {
            guard let (a, b, _) = outlineSides.first else {
                // No outline crosses the square: it is wholly in or wholly out.
                let centre = Point(0.5, 0.5)
                return inPieces(centre, strictly: false) || insideRegion(centre) ? 1 : 0
            }
            // One line across the square: the grown region holds the band's side of it,
            // or all of the square when the line lies inside the region (the inner side of
            // an edge's band, which is no outline of the grown region).
            let (from, to) = UnitSquare.clip(a, b)!
            let middle = (from + to) / 2
            if insideRegion(Point(a.x + middle * (b.x - a.x), a.y + middle * (b.y - a.y))) { return 1 }
            return UnitSquare.shareLeft(of: a, b)
        }
        var twiceArea = 0.0
        for i in outlineDiscs { twiceArea += arcs(of: discs[i], index: i) }
        for side in outlineSides { twiceArea += sideParts(side.a, side.b, band: side.band) }
        for (a, b) in UnitSquare.sides { twiceArea += squareSideParts(a, b) }
        return Swift.min(1, Swift.max(0, twiceArea / 2))
    }

    // MARK: - The parts of the outline

    /// Twice the area swept by the parts of a disc's circle in the square and in no other
    /// piece nor in the region.
    private func arcs(of disc: Disc, index: Int) -> Double {
        let (c, r) = (disc.centre, radius)
        var cuts = disc.tangents
        for k in [0.0, 1.0] {
            if (k - c.x).magnitude <= r {
                let a = Swift.min(1, Swift.max(-1, (k - c.x) / r))
                cuts += [Self.normalised(acos(a)), Self.normalised(-acos(a))]
            }
            if (k - c.y).magnitude <= r {
                let a = Swift.min(1, Swift.max(-1, (k - c.y) / r))
                cuts += [Self.normalised(asin(a)), Self.normalised(Double.pi - asin(a))]
            }
        }
        for j in outlineDiscs where j != index {
            let (dx, dy) = (discs[j].centre.x - c.x, discs[j].centre.y - c.y)
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 0, d < 2 * r else { continue }
            let (towards, half) = (Self.angle(dx, dy), acos(d / (2 * r)))
            cuts += [Self.normalised(towards - half), Self.normalised(towards + half)]
        }
        for (a, b, _) in outlineSides {
            for s in Self.crossings(a, b, circle: c, r) where s >= 0 && s <= 1 {
                cuts.append(Self.angle(a.x + s * (b.x - a.x) - c.x, a.y + s * (b.y - a.y) - c.y))
            }
        }
        cuts.sort()
        if cuts.isEmpty { cuts = [0] }
        var twiceArea = 0.0
        for (k, from) in cuts.enumerated() {
            let to = k + 1 < cuts.count ? cuts[k + 1] : cuts[0] + 2 * Double.pi
            guard to > from else { continue }
            let middle = (from + to) / 2
            let m = Point(c.x + r * cos(middle), c.y + r * sin(middle))
            guard UnitSquare.contains(m), !inPieces(m, strictly: true, exceptDisc: index), !insideRegion(m) else { continue }
            // ½ ∫ (x dy − y dx) along the arc, doubled.
            twiceArea += r * r * (to - from) + c.x * r * (sin(to) - sin(from)) - c.y * r * (cos(to) - cos(from))
        }
        return twiceArea
    }

    /// Twice the area swept by the parts of a band's long side from `a` to `b` in the square
    /// and in no other piece nor in the region.
    private func sideParts(_ a: Point, _ b: Point, band index: Int) -> Double {
        guard let (from, to) = UnitSquare.clip(a, b) else { return 0 }
        // A side along one of the square's own sides, running the same way, is the square's
        // side: that one counts it.
        if UnitSquare.runsAlongSide(a, b) { return 0 }
        var cuts = [from, to]
        for i in outlineDiscs {
            for s in Self.crossings(a, b, circle: discs[i].centre, radius) where s > from && s < to { cuts.append(s) }
        }
        for (c, d, band) in outlineSides where band != index {
            if let s = UnitSquare.crossing(a, b, c, d), s > from, s < to { cuts.append(s) }
        }
        return UnitSquare.twiceArea(along: a, b, cuts: cuts) {
            !inPieces($0, strictly: true, exceptBand: index) && !insideRegion($0)
        }
    }

    /// Twice the area swept by the parts of the square's side from `a` to `b` inside the
    /// grown region.
    private func squareSideParts(_ a: Point, _ b: Point) -> Double {
        var cuts = [0.0, 1.0]
        for i in outlineDiscs {
            for s in Self.crossings(a, b, circle: discs[i].centre, radius) where s > 0 && s < 1 { cuts.append(s) }
        }
        for (c, d, _) in outlineSides {
            if let s = UnitSquare.crossing(a, b, c, d), s > 0, s < 1 { cuts.append(s) }
        }
        return UnitSquare.twiceArea(along: a, b, cuts: cuts) { inPieces($0, strictly: false) || insideRegion($0) }
    }

    /// Whether `p` lies in a disc or band other than the ones named.
    private func inPieces(_ p: Point, strictly: Bool, exceptDisc: Int = -1, exceptBand: Int = -1) -> Bool {
        let r2 = radius * radius
        for (j, disc) in discs.enumerated() where j != exceptDisc {
            let d2 = (p.x - disc.centre.x) * (p.x - disc.centre.x) + (p.y - disc.centre.y) * (p.y - disc.centre.y)
            if strictly ? d2 < r2 : d2 <= r2 { return true }
        }
        for (j, band) in bands.enumerated() where j != exceptBand {
            if band.contains(p, radius, strictly: strictly) { return true }
        }
        return false
    }

    // MARK: - Geometry

    /// The angle of the direction (`x`, `y`), in [0, 2π).
    private static func angle(_ x: Double, _ y: Double) -> Double { normalised(atan2(y, x)) }

    private static func normalised(_ angle: Double) -> Double {
        let turn = 2 * Double.pi
        let a = angle.truncatingRemainder(dividingBy: turn)
        return a < 0 ? a + turn : a
    }

    /// Whether the circle passes through the unit square: its nearest point within the
    /// radius and its farthest corner beyond it.
    private static func circleMeetsSquare(_ c: Point, _ r: Double) -> Bool {
        let (nearX, nearY) = (Swift.max(0, c.x - 1, -c.x), Swift.max(0, c.y - 1, -c.y))
        let (farX, farY) = (Swift.max(c.x, 1 - c.x), Swift.max(c.y, 1 - c.y))
        return nearX * nearX + nearY * nearY <= r * r && farX * farX + farY * farY >= r * r
    }

    /// The fractions along the line from `a` to `b` (0 at `a`, 1 at `b`) where it crosses
    /// the circle.
    private static func crossings(_ a: Point, _ b: Point, circle c: Point, _ r: Double) -> [Double] {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let (fx, fy) = (a.x - c.x, a.y - c.y)
        let qa = dx * dx + dy * dy
        guard qa > 0 else { return [] }
        let qb = 2 * (fx * dx + fy * dy)
        let qc = fx * fx + fy * fy - r * r
        let discriminant = qb * qb - 4 * qa * qc
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        return [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)]
    }

}
