import Foundation
import RemoGeometry

/// Will a product fit? The badge of DESIGN.md section 8.
public enum Badge: String, Hashable, Sendable {
    /// It fits with the recommended clearance and comfortable margins.
    case fits
    /// It fits, but only with the minimum clearance or a small margin at a door or the ceiling.
    case tight
    /// It does not fit: no position tried holds it, or it is too tall, or it does not get in.
    case doesNotFit = "does-not-fit"
    /// Not known: no scan, or the product lacks a dimension.
    case unknown
}

/// One reason behind a badge: a stable code and a sentence with the numbers.
public struct FitReason: Hashable, Sendable {
    /// A stable code: floor-space, ceiling-height, door-passage, no-scan or missing-dimensions.
    public var code: String
    /// A sentence with the numbers.
    public var message: String
}

/// Where a fitting product can stand: the centre of the piece itself and the rotation
/// of its width axis from the plan's x axis.
public struct FitPlacement: Hashable, Sendable {
    /// The centre of the piece on the plan.
    public var center: Point
    /// The rotation of its width axis from the plan's x axis, in degrees.
    public var rotationDegrees: Double
    /// The rectangle that was checked: the footprint grown by the clearance.
    public var clearedFootprint: [Point]
}

/// A product's badge with its reasons and, when it fits, a witness placement.
public struct FitResult: Hashable, Sendable {
    /// The product's identifier.
    public var id: String
    /// The verdict.
    public var badge: Badge
    /// Why, check by check.
    public var reasons: [FitReason]
    /// A witness placement for `fits` and `tight`.
    public var placement: FitPlacement?
}

/// Decides fit badges for products in a room.
///
/// - Floor space: the footprint grown by the category's ``Clearance`` must lie inside the
///   floor outline and off every floor-standing piece of furniture that stays and every
///   door's clear zone, for some position and orientation (each wall direction and 90° to
///   it; positions with the piece's back against a wall, and a 0.2 m grid for pieces with
///   clearance all round). A found position is accepted only after an exact containment
///   check, so a `fits` is never false; a `does-not-fit` means no tried position holds it.
/// - Height: under the ceiling.
/// - Door passage: carried through as a box (no tilting), its smallest dimension must be
///   under the clear width (the widest door's width less ``Clearance/doorAllowance``, or
///   the widest opening) and its middle dimension under that doorway's height.
///
/// `fits` with the recommended clearance and comfortable margins, `tight` with only the
/// minimum (or a door margin under 7.5 cm, or a ceiling margin under 15 cm),
/// `does-not-fit` otherwise, `unknown` without a scan or without the product's dimensions.
public struct FitChecker: Sendable {
    /// The room checked against, if any.
    public let room: Room?
    /// Obstacles: floor-standing furniture that stays, and door clear zones.
    let obstacles: [Ring]
    let outline: Ring?
    /// Orientations to try, in degrees.
    let orientations: [Double]
    /// The room turned by each orientation, for the search.
    let frames: [TurnedFrame]

    /// A checker for `room`; furniture whose identifier or category is in `removing` is
    /// treated as gone ("replace this sofa").
    public init(room: Room?, removing: Set<String> = []) {
        self.room = room
        guard let room, room.floorOutline.count >= 3, let outline = try? Ring(room.floorOutline), outline.isSimple else {
            obstacles = []
            self.outline = nil
            orientations = [0, 90]
            frames = []
            return
        }
        self.outline = outline
        var obstacles: [Ring] = []
        for object in room.objects
        where object.floorStanding && !removing.contains(object.identifier) && !removing.contains(object.category) {
            if let ring = try? Ring(object.footprint), ring.isSimple { obstacles.append(ring) }
        }
        for (center, direction, width) in room.doors.map({ ($0.center, $0.direction, $0.width) })
            + room.openings.map({ ($0.center, $0.direction, $0.width) })
        {
            // The zone on the room's side of the doorway.
            let normal = Point(-direction.y, direction.x)
            let inward = outline.locate(Point(center.x + normal.x * 0.3, center.y + normal.y * 0.3)) == .inside ? 1.0 : -1.0
            let n = Point(normal.x * inward, normal.y * inward)
            let hw = width / 2
            let depth = Clearance.doorZone
            let zone = [
                Point(center.x - direction.x * hw, center.y - direction.y * hw),
                Point(center.x + direction.x * hw, center.y + direction.y * hw),
                Point(center.x + direction.x * hw + n.x * depth, center.y + direction.y * hw + n.y * depth),
                Point(center.x - direction.x * hw + n.x * depth, center.y - direction.y * hw + n.y * depth),
            ]
            if let ring = try? Ring(zone), ring.isSimple { obstacles.append(ring) }
        }
        self.obstacles = obstacles
        var angles: [Double] = []
        let edges =
            room.walls.map { ($0.start, $0.end) }
            + room.floorOutline.indices.map { (room.floorOutline[$0], room.floorOutline[($0 + 1) % room.floorOutline.count]) }
        for (a, b) in edges where Segment(a, b).length > 0.3 {
            var angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            angle = angle.truncatingRemainder(dividingBy: 90)
            if angle < 0 { angle += 90 }
            if !angles.contains(where: { abs($0 - angle) < 0.5 }) { angles.append(angle) }
        }
        orientations = angles.flatMap { [$0, $0 + 90, $0 + 180, $0 + 270] }
        frames = orientations.map { TurnedFrame(degrees: $0, outline: outline, obstacles: obstacles) }
    }

    /// The badge for one product.
    public func check(_ product: Product) -> FitResult {
        guard let size = product.metres else {
            return FitResult(
                id: product.id, badge: .unknown,
                reasons: [FitReason(code: "missing-dimensions", message: "the product's width, depth and height are not all known")],
                placement: nil)
        }
        guard let room else {
            return FitResult(
                id: product.id, badge: .unknown, reasons: [FitReason(code: "no-scan", message: "there is no room scan to check against")],
                placement: nil)
        }
        var reasons: [FitReason] = []
        var failed = false
        var tight = false
        let f = { (v: Double) in v.twoDecimals }

        // Height.
        if let ceiling = room.ceilingHeight {
            let margin = ceiling - size.height
            if margin < 0 {
                failed = true
                reasons.append(FitReason(code: "ceiling-height", message: "\(f(size.height)) m tall; the ceiling is \(f(ceiling)) m"))
            } else {
                if margin < Clearance.tightCeilingMargin { tight = true }
                reasons.append(
                    FitReason(
                        code: "ceiling-height",
                        message: "\(f(size.height)) m tall under a \(f(ceiling)) m ceiling (\(f(margin)) m to spare)"))
            }
        }

        // Door passage.
        let doorways =
            room.doors.map { ($0.width - Clearance.doorAllowance, $0.height, "door") }
            + room.openings.map { ($0.width, $0.height, "opening") }
        if let best = doorways.max(by: { $0.0 < $1.0 }) {
            let sorted = [size.width, size.depth, size.height].sorted()
            let widthMargin = best.0 - sorted[0]
            let passes = doorways.contains { sorted[0] < $0.0 && sorted[1] < $0.1 }
            if !passes {
                failed = true
                reasons.append(
                    FitReason(
                        code: "door-passage",
                        message:
                            "its smallest side, \(f(sorted[0])) m, does not pass the widest \(best.2): \(f(best.0)) m clear × \(f(best.1)) m"
                    ))
            } else {
                if widthMargin < Clearance.tightDoorMargin { tight = true }
                reasons.append(
                    FitReason(code: "door-passage", message: "passes a \(f(best.0)) m clear \(best.2) with \(f(widthMargin)) m to spare"))
            }
        } else {
            reasons.append(FitReason(code: "door-passage", message: "no door or opening was scanned; the way in was not checked"))
        }

        // Floor space.
        let clearance = Clearance.forCategory(product.category)
        let recommended = place(size.width, size.depth, clearance: clearance.side, amount: clearance.recommended)
        let minimum = recommended ?? place(size.width, size.depth, clearance: clearance.side, amount: clearance.minimum)
        let where_ = clearance.side == .front ? "in front" : clearance.side == .sides ? "at each side" : "all round"
        if let found = recommended {
            reasons.append(
                FitReason(
                    code: "floor-space",
                    message:
                        "\(f(size.width)) × \(f(size.depth)) m with \(f(clearance.recommended)) m \(where_) fits at (\(f(found.center.x)), \(f(found.center.y))), turned \(Int(found.rotationDegrees.rounded()))°"
                ))
        } else if let found = minimum {
            tight = true
            reasons.append(
                FitReason(
                    code: "floor-space",
                    message:
                        "\(f(size.width)) × \(f(size.depth)) m fits only with the minimum \(f(clearance.minimum)) m \(where_) (not the recommended \(f(clearance.recommended)) m), at (\(f(found.center.x)), \(f(found.center.y)))"
                ))
        } else {
            failed = true
            reasons.append(
                FitReason(
                    code: "floor-space",
                    message:
                        "needs \(f(size.width)) × \(f(size.depth)) m of free floor with \(f(clearance.minimum)) m \(where_); no place on the free floor holds it"
                ))
        }
        let badge: Badge = failed ? .doesNotFit : (tight ? .tight : .fits)
        return FitResult(id: product.id, badge: badge, reasons: reasons, placement: failed ? nil : minimum)
    }

    /// The rectangle checked for a piece at `center` turned `degrees`: its footprint grown
    /// by `amount` on the given side(s). "Front" is the piece's +depth side.
    public static func clearedFootprint(center: Point, degrees: Double, width: Double, depth: Double, side: Clearance.Side, amount: Double)
        -> [Point]
    {
        let angle = degrees * .pi / 180
        let u = Point(cos(angle), sin(angle))
        let v = Point(-u.y, u.x)
        var (u0, u1, v0, v1) = (-width / 2, width / 2, -depth / 2, depth / 2)
        switch side {
        case .front: v1 += amount
        case .sides:
            u0 -= amount
            u1 += amount
        case .around:
            u0 -= amount
            u1 += amount
            v0 -= amount
            v1 += amount
        }
        return [(u0, v0), (u1, v0), (u1, v1), (u0, v1)].map { a, b in Point(center.x + u.x * a + v.x * b, center.y + u.y * a + v.y * b) }
    }

    /// A position for the cleared footprint on the free floor, or nil.
    ///
    /// Candidates, per orientation: the piece's back against each outline edge that runs
    /// along its width, slid to the edge's ends and to every outline and obstacle vertex
    /// (where furniture stands); pieces with clearance all round also try a 0.2 m grid.
    /// A cheap floating-point test in the turned frame filters them, and the exact
    /// ``fits(_:in:avoiding:)`` confirms the first survivor.
    func place(_ width: Double, _ depth: Double, clearance side: Clearance.Side, amount: Double) -> FitPlacement? {
        guard let outline else { return nil }
        let free = outline.area - obstacles.reduce(0) { $0 + $1.area }
        let need = (width + (side == .front ? 0 : 2 * amount)) * (depth + (side == .front ? amount : side == .around ? 2 * amount : 0))
        if need > free + 1e-9 { return nil }
        for frame in frames {
            let degrees = frame.degrees
            // The cleared footprint in the turned frame, relative to the piece's centre.
            let probe = Self.clearedFootprint(center: Point(0, 0), degrees: degrees, width: width, depth: depth, side: side, amount: amount)
                .map(frame.turned)
            guard let probeBox = BoundingBox(of: probe) else { continue }
            let (minU, maxU, minV, maxV) = (probeBox.min.x, probeBox.max.x, probeBox.min.y, probeBox.max.y)
            let (a, b) = (maxU - minU, maxV - minV)
            let box = frame.box
            guard box.width >= a - 1e-9, box.height >= b - 1e-9 else { continue }
            // Lower-left corners (in the turned frame) to try: the piece's back against
            // each edge along it, at the edge's ends and at every vertex's x.
            var corners: [Point] = []
            for edge in frame.backEdges where edge.high - edge.low >= a - 1e-9 {
                for s in [edge.low, edge.high - a] where s >= edge.low - 1e-9 && s + a <= edge.high + 1e-9 {
                    corners.append(Point(s, edge.y))
                }
                for x in frame.stops {
                    for s in [x, x - a] where s >= edge.low - 1e-9 && s + a <= edge.high + 1e-9 { corners.append(Point(s, edge.y)) }
                }
            }
            if side == .around || corners.isEmpty {
                // A 0.2 m grid, coarser for huge rooms: at most 80 × 80 positions.
                let stepX = max(0.2, (box.width - a) / 80)
                let stepY = max(0.2, (box.height - b) / 80)
                if stepX.isFinite && stepY.isFinite {
                    var y = box.min.y
                    while y + b <= box.max.y + 1e-9 {
                        var x = box.min.x
                        while x + a <= box.max.x + 1e-9 {
                            corners.append(Point(x, y))
                            x += stepX
                        }
                        y += stepY
                    }
                }
            }
            for corner in corners {
                guard frame.roughlyHolds(corner.x, corner.y, corner.x + a, corner.y + b) else { continue }
                // Back to the plan: the piece's centre, then the exact check.
                let c = Point(corner.x - minU, corner.y - minV)
                let center = Point(c.x * frame.u.x + c.y * frame.v.x, c.x * frame.u.y + c.y * frame.v.y)
                let rectangle = Self.clearedFootprint(
                    center: center, degrees: degrees, width: width, depth: depth, side: side, amount: amount)
                if Self.fits(rectangle, in: outline, avoiding: obstacles) {
                    var turn = degrees.truncatingRemainder(dividingBy: 360)
                    if turn < 0 { turn += 360 }
                    return FitPlacement(center: center, rotationDegrees: turn, clearedFootprint: rectangle)
                }
            }
        }
        return nil
    }

    /// Exact: the convex quadrilateral lies in the closed floor outline and meets no
    /// obstacle's interior.
    public static func fits(_ rectangle: [Point], in outline: Ring, avoiding obstacles: [Ring]) -> Bool {
        guard let r = try? Ring(rectangle), r.count == 4, r.isSimple else { return false }
        // Every corner on the floor.
        for p in rectangle where outline.locate(p) == .outside { return false }
        // No outline vertex inside it, no outline edge across it.
        for v in outline.vertices where r.locate(v) == .inside { return false }
        for i in 0..<outline.count {
            let e = outline.edge(i)
            var contacts: [Point] = []
            for j in 0..<4 {
                switch SegmentIntersection.classify(e, r.edge(j)) {
                case .crossing: return false
                case .touching(let p): contacts.append(p)
                case .overlapping(let p, let q): contacts += [p, q]
                case .disjoint: break
                }
            }
            // Two contacts not on one side of the rectangle: the edge runs through it.
            let unique = Array(Set(contacts))
            for a in 0..<unique.count {
                for b in (a + 1)..<max(a + 1, unique.count) {
                    let shareSide = (0..<4).contains { j in r.edge(j).contains(unique[a]) && r.edge(j).contains(unique[b]) }
                    if !shareSide { return false }
                }
            }
        }
        // Off every obstacle.
        for o in obstacles {
            if let ob = o.boundingBox, let rb = r.boundingBox, !ob.intersects(rb) { continue }
            if r.relation(to: o) == .overlapping { return false }
        }
        return true
    }
}
