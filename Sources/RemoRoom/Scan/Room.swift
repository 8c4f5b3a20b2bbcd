import Foundation
import RemoGeometry

/// A room from a scan, in metres on the floor plan: the world (x, z) plane, y up.
/// Plan points are RemoGeometry `Point`s whose `x` is world x and whose `y` is world z.
public struct Room: Hashable, Sendable {
    /// The floor outline, in order (from the floor polygon, else the wall loop, else the
    /// floor's dimensions, else the walls joined across their gaps); empty when none
    /// could be made.
    public var floorOutline: [Point]
    /// Where the outline came from.
    public var outlineSource: OutlineSource
    /// The floor area in square metres.
    public var floorArea: Double
    /// The floor outline's perimeter in metres.
    public var floorPerimeter: Double
    /// The ceiling height in metres (the median wall height), when walls were scanned.
    public var ceilingHeight: Double?
    /// The lowest and highest wall heights, when they differ.
    public var ceilingHeightRange: ClosedRange<Double>?
    /// The outline's smallest enclosing rectangle (length ≥ width) and the ceiling height.
    public var dimensions: Dimensions
    /// The scanned walls.
    public var walls: [Wall]
    /// The doors.
    public var doors: [Door]
    /// The windows.
    public var windows: [Window]
    /// Openings without a door.
    public var openings: [Opening]
    /// Furniture and equipment.
    public var objects: [RoomObject]
    /// What a user should know about the scan.
    public var warnings: [RoomWarning]
    /// The floor's height (world y), for objects standing on it.
    public var floorLevel: Double

    /// Where a floor outline came from.
    public enum OutlineSource: String, Hashable, Sendable {
        /// The floor's `polygonCorners`.
        case floorPolygon = "floor-polygon"
        /// The loop the walls close.
        case wallLoop = "wall-loop"
        /// The floor's `dimensions`, a rectangle.
        case floorDimensions = "floor-dimensions"
        /// The walls joined end to end across the gaps where they do not close (a guess:
        /// the scan has no floor polygon and no closed loop of walls).
        case bridgedWalls = "bridged-walls"
        /// No outline could be made.
        case none
    }

    /// Length, width and height in metres.
    public struct Dimensions: Hashable, Sendable {
        /// The longer side, in metres.
        public var length: Double
        /// The width in metres.
        public var width: Double
        /// The ceiling height, in metres, when known.
        public var height: Double?
    }
}

extension Room {
    /// The indices in ``objects`` of the pieces whose centre lies outside the floor outline
    /// (a piece scanned through a doorway in the next room, or an outline that misses a
    /// bay): plans draw them apart, and the room carries an `object-outside-floor`
    /// warning. None without a simple outline.
    public var objectsOutsideFloor: [Int] {
        guard floorOutline.count >= 3, let outline = try? Ring(floorOutline), outline.isSimple else { return [] }
        return objects.indices.filter { outline.locate(objects[$0].center) == .outside }
    }
}

/// A wall as a segment on the plan.
public struct Wall: Hashable, Sendable {
    /// The scan's identifier for the element, when it has one.
    public var identifier: String?
    /// One end on the plan.
    public var start: Point
    /// The other end on the plan.
    public var end: Point
    /// The height in metres.
    public var height: Double
    /// The unit normal on the plan, when the scan gives one (RoomPlan's points into the
    /// room); ``Room/inwardNormal(ofWall:)`` gives one for every wall.
    public var normal: Point?
    /// The scanner's confidence (high, medium, low), when given.
    public var confidence: String?

    /// The length in metres.
    public var length: Double { Segment(start, end).length }
}

/// A door in a wall.
public struct Door: Hashable, Sendable {
    /// The scan's identifier for the element.
    public var identifier: String
    /// The width in metres.
    public var width: Double
    /// The height in metres.
    public var height: Double
    /// Whether the scanner saw it open.
    public var isOpen: Bool?
    /// Its wall: an index into ``Room/walls``.
    public var wall: Int?
    /// Its centre on the plan; nil when the scan does not say where it is (openings
    /// of the RoomDimensions form without a position).
    public var center: Point?
    /// The direction along its width on the plan (unit), that of its wall.
    public var direction: Point
    /// How far along its wall its centre is, from the wall's ``Wall/start``, in metres.
    public var offsetAlongWall: Double?
    /// The height of its lower edge above the floor, in metres.
    public var bottom: Double = 0
}

/// A window in a wall.
public struct Window: Hashable, Sendable {
    /// The scan's identifier for the element.
    public var identifier: String
    /// The width in metres.
    public var width: Double
    /// The height in metres.
    public var height: Double
    /// The height of its bottom edge above the floor.
    public var sill: Double
    /// Its wall: an index into ``Room/walls``.
    public var wall: Int?
    /// Its centre on the plan; nil when the scan does not say where it is (openings
    /// of the RoomDimensions form without a position).
    public var center: Point?
    /// The unit direction along its width on the plan, that of its wall.
    public var direction: Point
    /// How far along its wall its centre is, from the wall's ``Wall/start``, in metres.
    public var offsetAlongWall: Double?
    /// The height of its lower edge above the floor: its sill.
    public var bottom: Double { sill }
}

/// An opening (a doorless passage) in a wall.
public struct Opening: Hashable, Sendable {
    /// The scan's identifier for the element.
    public var identifier: String
    /// The width in metres.
    public var width: Double
    /// The height in metres.
    public var height: Double
    /// Its wall: an index into ``Room/walls``.
    public var wall: Int?
    /// Its centre on the plan; nil when the scan does not say where it is (openings
    /// of the RoomDimensions form without a position).
    public var center: Point?
    /// The unit direction along its width on the plan, that of its wall.
    public var direction: Point
    /// How far along its wall its centre is, from the wall's ``Wall/start``, in metres.
    public var offsetAlongWall: Double?
    /// The height of its lower edge above the floor, in metres.
    public var bottom: Double = 0
}

/// A piece of furniture or equipment, as an oriented box on the plan.
public struct RoomObject: Hashable, Sendable {
    /// The scan's identifier for the element.
    public var identifier: String
    /// The category, such as `sofa` or `table`; unknown ones keep their name.
    public var category: String
    /// Attributes from newer scans (such as `StorageType: shelf`), by name.
    public var attributes: ObjectAttributes
    /// Along its own x axis.
    public var width: Double
    /// Along its own z axis.
    public var depth: Double
    /// The height in metres.
    public var height: Double
    /// The centre on the plan.
    public var center: Point
    /// The rotation of its width axis from the plan's x axis, in degrees.
    public var rotationDegrees: Double
    /// Whether its bottom is near the floor.
    public var floorStanding: Bool
    /// The scanner's confidence (high, medium, low), when given.
    public var confidence: String?

    /// The footprint's four corners on the plan.
    public var footprint: [Point] { footprintCorners.points }

    /// Whether `name` names this object: its identifier or its category, ignoring case
    /// (how "replace this sofa" picks the furniture to leave out).
    public func isNamed(_ name: String) -> Bool {
        let name = name.lowercased()
        return identifier.lowercased() == name || category.lowercased() == name
    }

    /// The same, held inline (the fit checker reads it for every object).
    var footprintCorners: Quad {
        let angle = rotationDegrees * .pi / 180
        let ux = Point(cos(angle), sin(angle))
        let uz = Point(-ux.y, ux.x)
        let hw = width / 2
        let hd = depth / 2
        func corner(_ sx: Double, _ sz: Double) -> Point {
            Point(center.x + sx * hw * ux.x + sz * hd * uz.x, center.y + sx * hw * ux.y + sz * hd * uz.y)
        }
        return Quad(corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1))
    }
}

/// Something a user should know about a scan.
public struct RoomWarning: Hashable, Sendable {
    /// A stable code, such as walls-not-closed.
    public var code: String
    /// A sentence for people.
    public var message: String

    /// The room has no floor outline: no floor polygon, and walls that neither close nor
    /// join into one.
    static let noFloorOutline = RoomWarning(
        code: "no-floor-outline",
        message: "there is no floor outline: no floor polygon, and the walls neither close nor join into one; fit badges are unknown")
}
