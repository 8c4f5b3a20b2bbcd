import RemoGeometry

/// Places one chip per region (docs/commands.md).
///
/// Hard constraints: the disc lies wholly on the canvas, keeps ``gapInPoints`` from
/// every other chip, and keeps ``gapInPoints`` from every region's outline and
/// interior (its own included). Lengths in points become pixels through the
/// document's `scale`.
///
/// Candidate order, the first legal one wins:
/// 1. the preferred centre: the region's bounding box's top-right corner plus one
///    radius right and one radius up (which always clears the region itself);
/// 2. the other three corners, offset the same way outwards: top-left, bottom-right,
///    bottom-left;
/// 3. a wider search: rectangles around the bounding box at growing offsets (one
///    radius apart), each walked clockwise from its top-right corner in steps of one
///    radius, until they cover the canvas.
///
/// Regions are placed in order of (number, id), so the order of the file does not
/// matter; a chip already placed (given in `previous`) stays where it is while that
/// position is still legal, so editing one region does not move the others' chips.
/// When no candidate is legal, or none among the first ``candidateBudget`` on the
/// canvas, the one with the largest clearance is used and a `chip-unplaceable`
/// warning says so.
public struct ChipPlacer: Sendable {
    /// The chip radius in points.
    public static let radiusInPoints = 12.0
    /// The gap kept to other chips and to every region, in points.
    public static let gapInPoints = 4.0
    /// The most candidate positions on the canvas measured for one chip before the best
    /// so far is taken with a `chip-unplaceable` warning. Each costs about a pass over
    /// the blocks of 32 edges of the regions near it: three regions of 100,000 points
    /// that leave no room take about a second for their three chips. (Candidates that
    /// the canvas edge alone rules out are dropped without measuring and not counted
    /// here, but in ``candidateLimit``.)
    public static let candidateBudget = 8_192
    /// The most candidate positions looked at for one chip, counting those the canvas
    /// edge rules out unmeasured. The rings around a region's box far larger than the
    /// canvas have thousands of such positions each; without this limit a document of a
    /// dozen such regions took a quarter of a second (over 15 s in a debug build).
    public static let candidateLimit = 16 * candidateBudget
    /// The most regions that get chips: the app annotates at most three, and every chip
    /// is measured against every region and every chip.
    public static let maximumChips = 64

    /// A placer with the contract's sizes.
    public init() {}

    /// The chips for a document's regions and the warnings for those that could not
    /// be placed legally.
    ///
    /// - Parameters:
    ///   - document: The region document.
    ///   - rings: For each region, its normalised ring when it could be built; regions
    ///     without one use their finite points as an obstacle and for their box.
    ///   - previous: Chip centres from an earlier placement, by region id.
    public func place(_ document: RegionDocument, rings: [Ring?]? = nil, previous: [String: Point] = [:]) -> (
        chips: [Chip], warnings: [Finding]
    ) {
        let placement = placeCounting(document, rings: rings, previous: previous)
        return (placement.chips, placement.warnings)
    }

    /// ``place(_:rings:previous:)``, also counting the candidates measured (for the
    /// tests of the bound).
    func placeCounting(_ document: RegionDocument, rings: [Ring?]? = nil, previous: [String: Point] = [:]) -> (
        chips: [Chip], warnings: [Finding], candidatesMeasured: Int, candidatesConsidered: Int
    ) {
        let scale = document.scale
        let radius = Self.radiusInPoints * scale
        let gap = Self.gapInPoints * scale
        let obstacles: [Obstacle] = document.regions.enumerated().map { i, region in
            if let ring = rings?[i] ?? nil { return Obstacle(ring: ring) }
            let finite = region.points.filter { CoordinateRange.accepts($0) }
            return Obstacle(ring: try? Ring(finite), fallback: finite)
        }
        let field = Field(width: document.image.width, height: document.image.height, radius: radius, gap: gap, obstacles: obstacles)
        let order = document.regions.indices.sorted {
            let a = document.regions[$0]
            let b = document.regions[$1]
            return (a.number, a.id, $0) < (b.number, b.id, $1)
        }
        var centers: [Int: Point] = [:]
        var placed: [Point] = []
        var candidatesMeasured = 0
        var candidatesConsidered = 0
        var warnings: [Finding] = []
        // Keep earlier positions that are still legal, in placement order.
        for i in order {
            if let p = previous[document.regions[i].id], obstacles[i].box != nil, field.slack(p, chips: placed) >= 0 {
                centers[i] = p
                placed.append(p)
            }
        }
        for i in order where centers[i] == nil {
            guard let box = obstacles[i].box else { continue }  // nothing to label
            var best: (Point, Double)? = nil
            var measured = 0
            for (considered, candidate) in Self.candidates(around: box, radius: radius, canvas: document.image).enumerated() {
                if considered == Self.candidateLimit { break }
                candidatesConsidered += 1
                // A candidate that cannot beat the best so far is dropped as soon as that
                // shows: before any region is measured when the canvas edge decides it.
                if let best, field.canvasSlack(candidate) <= best.1 { continue }
                measured += 1
                let slack = field.slack(candidate, chips: placed, unlessAtMost: best?.1 ?? -.infinity)
                if slack >= 0 {
                    best = (candidate, slack)
                    break
                }
                if best == nil || slack > best!.1 { best = (candidate, slack) }
                if measured == Self.candidateBudget { break }
            }
            candidatesMeasured += measured
            guard let (center, slack) = best else { continue }
            if slack < 0 {
                let region = document.regions[i]
                warnings.append(
                    Finding(
                        code: .chipUnplaceable,
                        message:
                            "no position for the chip of region \(region.id) keeps clear of the canvas edge, the regions and the other chips; it is drawn where it overlaps least",
                        region: region.id, point: center))
            }
            centers[i] = center
            placed.append(center)
        }
        let chips = document.regions.indices.compactMap { i -> Chip? in
            guard let c = centers[i] else { return nil }
            return Chip(region: document.regions[i].id, number: document.regions[i].number, center: c, radius: radius)
        }
        return (chips, warnings, candidatesMeasured, candidatesConsidered)
    }

    /// The candidate centres in the documented order, generated lazily: usually the
    /// first is legal and no other is computed.
    static func candidates(around box: BoundingBox, radius r: Double, canvas: ImageSize) -> some Sequence<Point> {
        let corners = [
            Point(box.max.x + r, box.min.y - r), Point(box.min.x - r, box.min.y - r),
            Point(box.max.x + r, box.max.y + r), Point(box.min.x - r, box.max.y + r),
        ]
        // Rings out to the far side of the canvas, at most 400 of them (a canvas needs no
        // more to be covered at the chip's spacing, and absurd sizes must not hang).
        let reach = Swift.min(Swift.max(canvas.width, canvas.height) + 2 * r, 400 * r)
        return sequence(state: (buffer: corners, index: 0, offset: r)) { state -> Point? in
            while state.index >= state.buffer.count {
                guard state.offset <= reach else { return nil }
                state.buffer = Self.rectangle(around: box, offset: state.offset, step: r)
                state.index = 0
                state.offset += r
            }
            defer { state.index += 1 }
            return state.buffer[state.index]
        }
    }

    /// Points on the rectangle `offset` outside the box, clockwise on screen from its
    /// top-right corner (down the right side, left along the bottom, up the left side,
    /// right along the top), about `step` apart.
    static func rectangle(around box: BoundingBox, offset: Double, step: Double) -> [Point] {
        let x0 = box.min.x - offset
        let x1 = box.max.x + offset
        let y0 = box.min.y - offset
        let y1 = box.max.y + offset
        let corners = [Point(x1, y0), Point(x1, y1), Point(x0, y1), Point(x0, y0), Point(x1, y0)]
        var result: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let length = Swift.max(abs(b.x - a.x), abs(b.y - a.y))
            let steps = (length / step).rounded(.up).clamped(to: 1...4096)
            for k in 0..<steps {
                let t = Double(k) / Double(steps)
                result.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return result
    }
}

/// A region as an obstacle for chips: its outline and (if closed) its inside.
struct Obstacle {
    /// The outline's points, indexed from 0 (a view of the ring's, not a copy).
    var points: ArraySlice<Point>
    var closed: Bool
    var box: BoundingBox?
    /// The ring for inside tests, when the outline is closed.
    var ring: Ring?
    /// The outline's edges in blocks, for outlines long enough to be worth them.
    var blocks: EdgeBlocks?

    /// The region's ring, or its finite points when no ring could be built.
    init(ring: Ring?, fallback: [Point] = []) {
        points = ring?.vertices ?? ArraySlice(fallback)
        closed = points.count >= 3
        box = ring?.boundingBox ?? BoundingBox(of: fallback)
        self.ring = closed ? ring : nil
        blocks = points.count >= EdgeBlocks.minimumPoints ? EdgeBlocks(points, closed: closed) : nil
    }

    /// The number of edges: around a closed outline, along an open one.
    var edgeCount: Int { closed ? points.count : Swift.max(points.count - 1, 0) }

    /// Edge `i`: from point `i` to the next (the first again after the last).
    @inline(__always) func edge(_ i: Int) -> Segment {
        let base = points.startIndex
        return Segment(points[base + i], points[base + (i + 1 == points.count ? 0 : i + 1)])
    }

    /// The distance from p to the outline, negative (minus that distance) when p is
    /// inside, 0 on the outline.
    ///
    /// - Parameter bound: Once the answer is sure to be at most this plus `clearance`
    ///   (whether p is inside or not), it is returned as it stands (at most that, and
    ///   possibly above the full answer): the caller has no use for it.
    func signedDistance(_ p: Point, clearance: Double, unlessAtMost bound: Double = -.infinity) -> Double {
        guard let box else { return .infinity }
        // Far from the box: far from the outline; report at least the box distance.
        let boxDistance = box.distance(to: p)
        if boxDistance > clearance { return boxDistance }
        let enough = bound + clearance
        let best = blocks?.nearestDistance(to: p, in: self, unlessAtMost: enough) ?? nearestDistance(to: p, edges: 0..<edgeCount)
        // Inside or outside only matters when the distance could still count.
        if best <= enough { return best }
        guard let ring else { return best }
        return (blocks?.locate(p, in: self) ?? ring.locate(p)) == .inside ? -best : best
    }

    /// The distance from p to the nearest of `edges`.
    func nearestDistance(to p: Point, edges: Range<Int>) -> Double {
        var best = Double.infinity
        for i in edges { best = Swift.min(best, edge(i).distance(to: p)) }
        return best
    }
}

extension EdgeBlocks {
    /// Below this many points, measuring every edge costs less than building the blocks
    /// for each document (a lasso's chip is usually placed after a few candidates).
    static let minimumPoints = 1024

    /// The distance from p to the nearest edge of `obstacle`: first in the group nearest
    /// p, then in every group and block that could hold a nearer edge (with a margin far
    /// above rounding, so the answer is the plain loop's); stops once it is at most
    /// `enough`. About √*n* box distances for *n* edges (a chip search over three
    /// 100,000-point regions took 9 s with one level of blocks).
    func nearestDistance(to p: Point, in obstacle: Obstacle, unlessAtMost enough: Double) -> Double {
        func couldBeNearer(_ box: BoundingBox, than best: Double) -> Bool { box.distance(to: p) <= best * (1 + 1e-9) }
        func nearest(inGroup g: Int, than best: Double) -> Double {
            var best = best
            for k in blocks(ofGroup: g) where couldBeNearer(boxes[k], than: best) {
                best = Swift.min(best, obstacle.nearestDistance(to: p, edges: edges(ofBlock: k)))
            }
            return best
        }
        var first = 0
        for g in groups.indices where groups[g].distance(to: p) < groups[first].distance(to: p) { first = g }
        var best = nearest(inGroup: first, than: .infinity)
        for g in groups.indices where g != first {
            if best <= enough { return best }
            if couldBeNearer(groups[g], than: best) { best = nearest(inGroup: g, than: best) }
        }
        return best
    }

    /// Where p lies relative to the closed outline, the answer of
    /// ``RemoGeometry/Ring/locate(_:)``, looking only at the edges of blocks whose
    /// height spans p's (no other edge can meet p's row).
    func locate(_ p: Point, in obstacle: Obstacle) -> PointLocation {
        var inside = false
        var onEdge = false
        forEachBlock(spanning: p.y) { edges in
            for i in edges where !onEdge {
                let edge = obstacle.edge(i)
                switch Ring.rayCrossing(edge.start, edge.end, from: p) {
                case .none: break
                case .crosses: inside.toggle()
                case .onEdge: onEdge = true
                }
            }
        }
        return onEdge ? .boundary : inside ? .inside : .outside
    }
}

/// The constraints for one document's chips.
struct Field {
    var width: Double
    var height: Double
    var radius: Double
    var gap: Double
    var obstacles: [Obstacle]

    /// How far a chip at `c` is inside the canvas edge: ≥ 0 when wholly on the canvas.
    func canvasSlack(_ c: Point) -> Double {
        Swift.min(c.x - radius, width - radius - c.x, c.y - radius, height - radius - c.y)
    }

    /// How far a chip at `c` is from breaking its tightest constraint: ≥ 0 when legal.
    ///
    /// - Parameter bound: Once the slack is at most this, it is returned as it stands
    ///   (at most `bound`, possibly above the full answer): the caller has no use for it.
    func slack(_ c: Point, chips: [Point], unlessAtMost bound: Double = -.infinity) -> Double {
        var slack = canvasSlack(c)
        for other in chips {
            let dx = c.x - other.x
            let dy = c.y - other.y
            slack = Swift.min(slack, (dx * dx + dy * dy).squareRoot() - 2 * radius - gap)
        }
        let clearance = radius + gap
        for obstacle in obstacles {
            if slack <= bound { return slack }
            slack = Swift.min(slack, obstacle.signedDistance(c, clearance: clearance, unlessAtMost: bound) - clearance)
        }
        return slack
    }
}
