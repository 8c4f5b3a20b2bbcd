import Foundation
import RemoGeometry

/// Will a product fit? The badge of docs/formats.md.
public enum Badge: String, Hashable, Sendable {
    /// It fits with the recommended clearance and comfortable margins.
    case fits
    /// It fits, but only with the minimum clearance or a small margin at a door or the ceiling.
    case tight
    /// It does not fit: no position considered holds it, or it is too tall, or it does not get in.
    case doesNotFit = "does-not-fit"
    /// Not known: no scan, no floor outline in it, or the product lacks a dimension.
    case unknown
}

/// Where a fitting product can stand: the centre of the piece itself and the rotation
/// of its width axis from the plan's x axis.
public struct FitPlacement: Hashable, Sendable {
    /// The centre of the piece on the plan.
    public var center: Point
    /// The rotation of its width axis from the plan's x axis, in degrees.
    public var rotationDegrees: Double
    /// The rectangle that was checked: the footprint grown by the clearance, its four
    /// corners counterclockwise.
    public var clearedFootprint: [Point] { corners.points }
    /// The same, held inline (a placement allocates nothing).
    let corners: Quad
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
///   door's clear zone, for some position at some orientation: each wall direction (of
///   the walls and of the outline's edges over 0.3 m; the plan's axes if there is none)
///   and its quarter turns. At each wall direction the free floor is summed up as its largest
///   free rectangles, so every axis-aligned position is considered at once; where
///   slanted edges leave that unsure, positions are tried one by one (the piece's back
///   against a wall, at every vertex, and a 0.2 m grid). A found
///   position is accepted only after an exact containment check, so a `fits` is never
///   false; a `does-not-fit` means no position considered holds it. <doc:FreeFloorSearch>
///   follows the search step by step.
/// - Height: under the ceiling.
/// - Door passage: carried through as a box (no tilting), its smallest dimension must be
///   under the clear width (the widest door's width less ``Clearance/doorAllowance``, or
///   the widest opening) and its middle dimension under that doorway's height.
///
/// `fits` with the recommended clearance and comfortable margins, `tight` with only the
/// minimum (or a door margin under 7.5 cm, or a ceiling margin under 15 cm),
/// `does-not-fit` otherwise, `unknown` without a scan, without the product's dimensions,
/// or without a usable floor outline (unless the ceiling or the doors already rule it out).
///
/// A checker prepares the room once (the exact obstacles, the room turned along each wall
/// direction) and finds a direction's free rectangles the first time a product needs them;
/// checking a product then costs a few microseconds at most, less than one when a free
/// rectangle already checked holds it. A checker may be shared by threads.
public struct FitChecker: Sendable {
    /// The room checked against, if any.
    public let room: Room?
    /// The outline and its obstacles (floor-standing furniture that stays, door clear
    /// zones), ready for the exact check; nil without a usable outline.
    let floor: FreeFloor?
    /// The room turned along each wall direction (degrees within [0, 90)).
    let frames: [TurnedFrame]
    /// The free floor along each wall direction as its largest rectangles (found when a
    /// product first needs them), nil where the room has too many vertices.
    let rectangles: [FreeFloorRectangles?]
    /// The outline's area less the obstacles'.
    let freeArea: Double
    /// The ways in: doors (their width less ``Clearance/doorAllowance``) and openings.
    let doorways: [FitReason.Doorway]
    /// The widest of them, which the sentences name.
    let widestDoorway: FitReason.Doorway?
    /// Whether there is a room, and its ceiling height (kept apart: reading them through
    /// ``room`` would copy the room for every product).
    let hasScan: Bool
    let ceilingHeight: Double?

    /// A checker for `room`; furniture that a name in `removing` names (its identifier or
    /// category, ignoring case: ``RoomObject/isNamed(_:)``) is treated as gone ("replace
    /// this sofa").
    public init(room: Room?, removing: Set<String> = []) {
        self.room = room
        doorways =
            (room?.doors.map { FitReason.Doorway(clearWidth: $0.width - Clearance.doorAllowance, height: $0.height, isDoor: true) } ?? [])
            + (room?.openings.map { FitReason.Doorway(clearWidth: $0.width, height: $0.height, isDoor: false) } ?? [])
        widestDoorway = doorways.max(by: { $0.clearWidth < $1.clearWidth })
        hasScan = room != nil
        ceilingHeight = room?.ceilingHeight
        guard let room, room.floorOutline.count >= 3, let outline = try? Ring(room.floorOutline), outline.isSimple else {
            floor = nil
            frames = []
            rectangles = []
            freeArea = 0
            return
        }
        var obstacles: [FreeFloor.Obstacle] = []
        obstacles.reserveCapacity(room.objects.count + room.doors.count + room.openings.count)
        // By index: copying each object out would copy its strings.
        for i in room.objects.indices
        where room.objects[i].floorStanding && (removing.isEmpty || !removing.contains(where: room.objects[i].isNamed)) {
            if let obstacle = FreeFloor.Obstacle(corners: room.objects[i].footprintCorners) { obstacles.append(obstacle) }
        }
        // The clear zone on the room's side of each doorway.
        func zone(center: Point, direction: Point, width: Double) {
            let normal = Point(-direction.y, direction.x)
            let probe = Self.doorwayProbe
            let inward = outline.locate(Point(center.x + normal.x * probe, center.y + normal.y * probe)) == .inside ? 1.0 : -1.0
            let n = Point(normal.x * inward, normal.y * inward)
            let hw = width / 2
            let depth = Clearance.doorZone
            let zone = Quad(
                Point(center.x - direction.x * hw, center.y - direction.y * hw),
                Point(center.x + direction.x * hw, center.y + direction.y * hw),
                Point(center.x + direction.x * hw + n.x * depth, center.y + direction.y * hw + n.y * depth),
                Point(center.x - direction.x * hw + n.x * depth, center.y - direction.y * hw + n.y * depth))
            if let obstacle = FreeFloor.Obstacle(corners: zone) { obstacles.append(obstacle) }
        }
        // A doorway the scan does not place has no zone (it still counts as a way in).
        for i in room.doors.indices {
            if let center = room.doors[i].center { zone(center: center, direction: room.doors[i].direction, width: room.doors[i].width) }
        }
        for i in room.openings.indices {
            if let center = room.openings[i].center {
                zone(center: center, direction: room.openings[i].direction, width: room.openings[i].width)
            }
        }
        freeArea = outline.area - obstacles.reduce(0) { $0 + $1.area }
        floor = FreeFloor(outline: outline, obstacles: obstacles)
        var angles: [Double] = []
        func direction(_ a: Point, _ b: Point) {
            guard Segment(a, b).length > Self.shortestWall else { return }
            var angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            angle = angle.truncatingRemainder(dividingBy: 90)
            if angle < 0 { angle += 90 }
            if !angles.contains(where: { abs($0 - angle) < Self.sameDirection }) { angles.append(angle) }
        }
        for wall in room.walls { direction(wall.start, wall.end) }
        let corners = room.floorOutline
        for k in corners.indices { direction(corners[k], corners[k + 1 == corners.count ? 0 : k + 1]) }
        // No wall and no outline edge long enough to give a direction (a round room drawn in
        // short steps): the plan's own axes.
        if angles.isEmpty { angles = [0] }
        frames = angles.map { TurnedFrame(degrees: $0, outline: outline, obstacles: obstacles) }
        rectangles = frames.map { FreeFloorRectangles(frame: $0) }
    }

    /// Walls and outline edges this long or shorter (metres) give no wall direction: a
    /// jog in a scanned outline is not a direction to stand furniture along.
    static let shortestWall = 0.3
    /// Wall directions closer than this (degrees) are one: scanned walls meant to be
    /// parallel differ by a fraction of a degree.
    static let sameDirection = 0.5
    /// How far from a doorway's middle (metres) the outline is asked which side is the
    /// room's, to lay the door's clear zone inside.
    static let doorwayProbe = 0.3

    /// The badge for one product.
    public func check(_ product: Product) -> FitResult {
        guard let size = product.metres else {
            let (w, d, h) = product.unknownDimensions
            let reason = FitReason(finding: .missingDimensions(width: w, depth: d, height: h))
            return FitResult(id: product.id, badge: .unknown, reasons: [reason], placement: nil)
        }
        // One for each check (ceiling, way in, floor space), after a word on a size read by its order.
        var reasons: [FitReason] = []
        if product.usesInferredDimensions {
            reasons.append(FitReason(finding: .dimensionsInferred(width: size.width, depth: size.depth, height: size.height)))
        }
        guard hasScan else {
            reasons.append(FitReason(finding: .noScan))
            return FitResult(id: product.id, badge: .unknown, reasons: reasons, placement: nil)
        }
        reasons.reserveCapacity(4)
        var failed = false
        var tight = false

        // Height.
        if let ceiling = ceilingHeight {
            if ceiling < size.height {
                failed = true
                reasons.append(FitReason(finding: .tooTall(height: size.height, ceiling: ceiling)))
            } else {
                if ceiling - size.height < Clearance.tightCeilingMargin { tight = true }
                reasons.append(FitReason(finding: .underCeiling(height: size.height, ceiling: ceiling)))
            }
        }

        // Door passage: the smallest side under the clear width, the middle one under the height.
        if let widest = widestDoorway {
            let (a, b, c) = (size.width, size.depth, size.height)
            let smallest = min(a, b, c)
            let middle = max(min(a, b), min(max(a, b), c))
            if !doorways.contains(where: { smallest < $0.clearWidth && middle < $0.height }) {
                failed = true
                reasons.append(FitReason(finding: .stuckAtDoor(smallestSide: smallest, middleSide: middle, doorway: widest)))
            } else {
                if widest.clearWidth - smallest < Clearance.tightDoorMargin { tight = true }
                reasons.append(FitReason(finding: .passesDoor(smallestSide: smallest, doorway: widest)))
            }
        } else {
            reasons.append(FitReason(finding: .noDoorway))
        }

        // Floor space: not known without an outline to place the piece on.
        guard floor != nil else {
            reasons.append(FitReason(finding: .noOutline))
            return FitResult(id: product.id, badge: failed ? .doesNotFit : .unknown, reasons: reasons, placement: nil)
        }
        let clearance = Clearance.forCategory(product.category)
        let piece = FitReason.Footprint(width: size.width, depth: size.depth, clearance: clearance)
        // Nothing when no possibly free rectangle holds even the least box; else the
        // comfortable box where a surely free rectangle holds it; else the least one, and the
        // comfortable one only if the least was not ruled out (it holds the least).
        let comfortable = ClearedBox(width: size.width, depth: size.depth, side: clearance.side, amount: clearance.recommended)
        let least = ClearedBox(width: size.width, depth: size.depth, side: clearance.side, amount: clearance.minimum)
        let possible = possiblyHolds(least)
        var recommended = possible ? search(comfortable, quickly: true).placement : nil
        var minimum = recommended
        if possible && recommended == nil {
            let leastSearch = search(least)
            if case .ruledOut = leastSearch {} else { recommended = search(comfortable).placement }
            minimum = recommended ?? leastSearch.placement
        }
        if let found = recommended {
            reasons.append(FitReason(finding: .floorFits(piece, at: FitReason.Spot(found))))
        } else if let found = minimum {
            tight = true
            reasons.append(FitReason(finding: .floorTight(piece, at: FitReason.Spot(found))))
        } else {
            failed = true
            reasons.append(FitReason(finding: .noFloor(piece)))
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
        return ClearedBox(width: width, depth: depth, side: side, amount: amount).corners(center: center, along: u).points
    }

    /// Exact: the convex quadrilateral lies in the closed floor outline and meets no
    /// obstacle's interior.
    public static func fits(_ rectangle: [Point], in outline: Ring, avoiding obstacles: [Ring]) -> Bool {
        FreeFloor(outline: outline, obstacles: obstacles).holds(rectangle)
    }
}
