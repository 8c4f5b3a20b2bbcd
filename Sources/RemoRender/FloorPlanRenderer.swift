import Foundation
import RemoGeometry
import RemoRoom

/// A product placed on a plan: its label, where it fits, and how well.
public struct PlannedProduct: Hashable, Sendable {
    /// The text drawn in its footprint.
    public var label: String
    /// Where it fits.
    public var placement: FitPlacement
    /// How well it fits (colours the outline).
    public var badge: Badge

    /// A product to draw at its placement.
    public init(label: String, placement: FitPlacement, badge: Badge) {
        self.label = label
        self.placement = placement
        self.badge = badge
    }
}

/// Draws a room's floor plan: the floor, walls, windows, doors with their swing,
/// furniture footprints with labels and sizes, the room's dimensions in metres, and
/// optionally products at their witness placements. The plan is turned so that the
/// longest wall (or outline edge) runs horizontally.
public struct FloorPlanRenderer: Sendable {
    /// The picture's width in pixels (the height follows the room).
    public var width: Int

    /// A renderer for plans `width` pixels wide (at least 200).
    public init(width: Int = 1200) {
        self.width = max(200, width)
    }

    static let floor = RGBA(236, 232, 224)
    static let wall = RGBA(40, 40, 46)
    static let window = RGBA(90, 160, 220)
    static let furniture = RGBA(196, 188, 176)
    static let ink = RGBA(30, 30, 34)
    static let fits = RGBA(40, 150, 80)
    static let tight = RGBA(220, 150, 20)

    /// The plan as an image.
    public func render(_ room: Room, products: [PlannedProduct] = []) -> RGBAImage {
        // Turn the longest wall horizontal.
        let edges =
            room.walls.map { ($0.start, $0.end) }
            + room.floorOutline.indices.map { (room.floorOutline[$0], room.floorOutline[($0 + 1) % room.floorOutline.count]) }
        let longest = edges.max { Segment($0.0, $0.1).length < Segment($1.0, $1.1).length }
        let angle = longest.map { -atan2($0.1.y - $0.0.y, $0.1.x - $0.0.x) } ?? 0
        let (c, s) = (cos(angle), sin(angle))
        func turn(_ p: Point) -> Point { Point(p.x * c - p.y * s, p.x * s + p.y * c) }
        let all = (room.floorOutline + room.walls.flatMap { [$0.start, $0.end] } + room.objects.flatMap(\.footprint)).map(turn)
        guard let box = BoundingBox(of: all), box.width > 0 || box.height > 0 else {
            return RGBAImage(width: width, height: width / 2, fill: (255, 255, 255, 255))
        }
        let margin = 70.0
        let pixelsPerMetre = (Double(width) - 2 * margin) / max(box.width, 0.5)
        // At most four times as tall as wide, whatever the scan says.
        let height = (box.height * pixelsPerMetre + 2 * margin + 40).rounded(.up).clamped(to: 200...(4 * width))
        func pixel(_ p: Point) -> Point {
            let q = turn(p)
            return Point(margin + (q.x - box.min.x) * pixelsPerMetre, margin + (q.y - box.min.y) * pixelsPerMetre)
        }
        var painter = Painter(image: RGBAImage(width: width, height: height, fill: (255, 255, 255, 255)))
        let textSize = max(11, min(18, pixelsPerMetre * 0.12))

        // Floor.
        if room.floorOutline.count >= 3 { painter.fill(room.floorOutline.map(pixel), colour: Self.floor) }
        // Furniture.
        for object in room.objects {
            let corners = object.footprint.map(pixel)
            painter.fill(corners, colour: Self.furniture)
            painter.stroke([corners], closed: true, colour: Self.ink, radius: 1)
            if let center = BoundingBox(of: corners).map({ Point(($0.min.x + $0.max.x) / 2, ($0.min.y + $0.max.y) / 2) }) {
                painter.text(object.category, center: Point(center.x, center.y - textSize * 0.7), size: textSize, colour: Self.ink)
                painter.text(
                    String(format: "%.2f×%.2f", object.width, object.depth), center: Point(center.x, center.y + textSize * 0.7),
                    size: textSize * 0.8, colour: Self.ink)
            }
        }
        // Walls, windows, doors, openings.
        for wall in room.walls { painter.stroke([[pixel(wall.start), pixel(wall.end)]], closed: false, colour: Self.wall, radius: 4) }
        // Only what the scan places (the RoomDimensions form may not say where a doorway is).
        for window in room.windows {
            guard let center = window.center else { continue }
            let (a, b) = Self.ends(center, window.direction, window.width)
            painter.stroke([[pixel(a), pixel(b)]], closed: false, colour: Self.window, radius: 3)
        }
        for door in room.doors {
            guard let center = door.center else { continue }
            let (a, b) = Self.ends(center, door.direction, door.width)
            painter.stroke([[pixel(a), pixel(b)]], closed: false, colour: RGBA(255, 255, 255), radius: 5)
            // The swing: a quarter circle from the hinge at a, into the room.
            let hinge = pixel(a)
            let leaf = pixel(b)
            let radius = Segment(hinge, leaf).length
            let start = atan2(leaf.y - hinge.y, leaf.x - hinge.x)
            let outline = room.floorOutline.count >= 3 ? try? Ring(room.floorOutline.map(pixel)) : nil
            let probe = Point(hinge.x + radius * 0.5 * cos(start + .pi / 4), hinge.y + radius * 0.5 * sin(start + .pi / 4))
            let direction = outline?.locate(probe) == .outside ? -1.0 : 1.0
            let arc = (0...16).map { k -> Point in
                let t = start + direction * Double(k) / 16 * .pi / 2
                return Point(hinge.x + radius * cos(t), hinge.y + radius * sin(t))
            }
            painter.stroke([arc, [hinge, arc.last ?? hinge]], closed: false, colour: Self.ink, radius: 0.8)
        }
        for opening in room.openings {
            guard let center = opening.center else { continue }
            let (a, b) = Self.ends(center, opening.direction, opening.width)
            painter.stroke([[pixel(a), pixel(b)]], closed: false, colour: Self.floor, radius: 5)
        }
        // Products at their witness placements.
        for product in products {
            let corners = product.placement.clearedFootprint.map(pixel)
            let colour = product.badge == .fits ? Self.fits : Self.tight
            painter.stroke([corners], closed: true, colour: colour, radius: 2)
            if let box = BoundingBox(of: corners) {
                painter.text(
                    product.label, center: Point((box.min.x + box.max.x) / 2, (box.min.y + box.max.y) / 2), size: textSize, colour: colour)
            }
        }
        // Dimensions.
        let caption = String(format: "%.2f × %.2f M  %.1f M2", room.dimensions.length, room.dimensions.width, room.floorArea)
        painter.text(caption, center: Point(Double(width) / 2, Double(height) - 30), size: 20, colour: Self.ink)
        return painter.image
    }

    static func ends(_ center: Point, _ direction: Point, _ width: Double) -> (Point, Point) {
        (
            Point(center.x - direction.x * width / 2, center.y - direction.y * width / 2),
            Point(center.x + direction.x * width / 2, center.y + direction.y * width / 2)
        )
    }
}

extension Painter {
    /// Strokes polylines with anti-aliased lines of the given half-width.
    mutating func stroke(_ lines: [[Point]], closed: Bool, colour: RGBA, radius: Double) {
        guard
            let field = DistanceField(
                polylines: lines, closed: closed, reach: radius + 1, imageWidth: image.width, imageHeight: image.height)
        else { return }
        paint(field, core: colour, coreRadius: radius, halo: colour, haloRadius: radius)
    }

    /// Writes text in the project's stroke font, centred.
    mutating func text(_ text: String, center: Point, size: Double, colour: RGBA) {
        stroke(Glyphs.polylines(for: text, center: center, size: size), closed: false, colour: colour, radius: max(0.6, size * 0.06))
    }
}
