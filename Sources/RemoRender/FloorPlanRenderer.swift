import RemoImage
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
/// furniture footprints with labels and sizes, each wall's id by its middle (the `wall` that
/// doors, windows and openings name in the room output), the room's dimensions and area, a
/// scale bar, and optionally products at their witness placements. The plan is turned so that the
/// longest wall (or outline edge) runs horizontally. Labels follow the rule of `PlanLabels`: none
/// overlaps another or leaves its piece or the picture. Furniture whose centre lies outside
/// the floor outline (`Room.objectsOutsideFloor`) is drawn in red with no fill.
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
    static let outside = RGBA(200, 60, 50)
    static let wallLabel = RGBA(110, 106, 100)

    /// The plan as an image.
    public func render(_ room: Room, products: [PlannedProduct] = []) -> RGBAImage {
        drawing(rooms: [room], products: products, numbered: false).image
    }

    /// The rooms of one scan (a CapturedStructure's) on one plan, in the scan's own
    /// coordinates, each numbered at its middle as the summary numbers them.
    public func render(rooms: [Room]) -> RGBAImage {
        drawing(rooms: rooms, products: [], numbered: rooms.count > 1).image
    }

    /// The plan, and where its labels went (for the tests of ``PlanLabels``' rule).
    func drawing(rooms: [Room], products: [PlannedProduct], numbered: Bool) -> (image: RGBAImage, labels: PlanLabels) {
        // Turn the longest wall horizontal.
        let edges = rooms.flatMap { room in
            room.walls.map { ($0.start, $0.end) }
                + room.floorOutline.indices.map { (room.floorOutline[$0], room.floorOutline[($0 + 1) % room.floorOutline.count]) }
        }
        let longest = edges.max { Segment($0.0, $0.1).length < Segment($1.0, $1.1).length }
        let angle = longest.map { -atan2($0.1.y - $0.0.y, $0.1.x - $0.0.x) } ?? 0
        let (c, s) = (cos(angle), sin(angle))
        func turn(_ p: Point) -> Point { Point(p.x * c - p.y * s, p.x * s + p.y * c) }
        let all = rooms.flatMap { room in
            (room.floorOutline + room.walls.flatMap { [$0.start, $0.end] } + room.objects.flatMap(\.footprint)).map(turn)
        }
        guard let box = BoundingBox(of: all), box.width > 0 || box.height > 0 else {
            return (RGBAImage(width: width, height: width / 2, fill: (255, 255, 255, 255)), PlanLabels(width: width, height: width / 2))
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
        var labels = PlanLabels(width: width, height: height)
        let textSize = max(11, min(18, pixelsPerMetre * 0.12))

        for room in rooms where room.floorOutline.count >= 3 { painter.fill(room.floorOutline.map(pixel), colour: Self.floor) }
        for room in rooms { drawFurniture(of: room, with: &painter, labels: &labels, textSize: textSize, pixel: pixel) }
        for room in rooms { drawWallsAndDoorways(of: room, with: &painter, pixel: pixel) }
        // Products at their witness placements, then their labels over every outline, each
        // with a halo of the floor's colour so that the other outlines do not cross it.
        func colour(_ product: PlannedProduct) -> RGBA { product.badge == .fits ? Self.fits : Self.tight }
        for product in products {
            painter.stroke([product.placement.clearedFootprint.map(pixel)], closed: true, colour: colour(product), radius: 2)
        }
        for product in products {
            if let label = labels.place([product.label], in: product.placement.clearedFootprint.map(pixel), size: textSize) {
                painter.text(label, colour: colour(product), halo: Self.floor)
            }
        }
        // Each wall's id (what doors, windows and openings name in the room output) by its
        // middle on the room's side, where it fits: after every other label, so that it never
        // takes their place.
        if !numbered, let room = rooms.first {
            let furniture = room.objects.map { $0.footprint.map(pixel) } + products.map { $0.placement.clearedFootprint.map(pixel) }
            for k in room.walls.indices where room.walls[k].length > 0.6 {
                let wall = room.walls[k]
                let n = room.inwardNormal(ofWall: k)
                let u = Point((wall.end.x - wall.start.x) / wall.length, (wall.end.y - wall.start.y) / wall.length)
                let m = Point((wall.start.x + wall.end.x) / 2, (wall.start.y + wall.end.y) / 2)
                let (half, depth) = (min(0.6, wall.length / 2 - 0.05), 0.45)
                let strip = [
                    Point(m.x - u.x * half + n.x * 0.05, m.y - u.y * half + n.y * 0.05),
                    Point(m.x + u.x * half + n.x * 0.05, m.y + u.y * half + n.y * 0.05),
                    Point(m.x + u.x * half + n.x * depth, m.y + u.y * half + n.y * depth),
                    Point(m.x - u.x * half + n.x * depth, m.y - u.y * half + n.y * depth),
                ].map(pixel)
                if let label = labels.place(["wall \(k)"], in: strip, size: 0.85 * textSize, off: furniture, keepWhole: true) {
                    painter.text(label, colour: Self.wallLabel)
                }
            }
        }
        // Each room's number at its middle, when there are several.
        if numbered {
            for (k, room) in rooms.enumerated() where room.floorOutline.count >= 3 {
                let corners = room.floorOutline.map(pixel)
                let furniture = room.objects.map { $0.footprint.map(pixel) }
                if let label = labels.place(["room \(k + 1)"], in: corners, size: 1.5 * textSize, off: furniture, keepWhole: true) {
                    painter.text(label, colour: Self.ink)
                }
            }
        }
        drawScaleBar(
            with: &painter, metres: Self.scaleBarLength(pixelsPerMetre: pixelsPerMetre, width: width), pixelsPerMetre: pixelsPerMetre,
            y: Double(height) - 62)
        // The dimensions and the area, shrunk to the picture's width if need be.
        if rooms.count == 1, let room = rooms.first {
            let caption =
                "\(room.dimensions.length.twoDecimals) × \(room.dimensions.width.twoDecimals) m   \(room.floorArea.twoDecimals) m²"
            var size = 20.0
            while size > PlanLabels.smallest && Glyphs.width(of: caption, size: size) > Double(width) - 20 { size *= PlanLabels.step }
            painter.text(caption, center: Point(Double(width) / 2, Double(height) - 30), size: size, colour: Self.ink)
        }
        return (painter.image, labels)
    }

    /// Furniture footprints, each labelled with its category and size where the label fits
    /// (``PlanLabels``); a piece outside the floor in red, unfilled.
    private func drawFurniture(
        of room: Room, with painter: inout Painter, labels: inout PlanLabels, textSize: Double, pixel: (Point) -> Point
    ) {
        let outside = Set(room.objectsOutsideFloor)
        let footprints = room.objects.map { $0.footprint.map(pixel) }
        for (k, corners) in footprints.enumerated() {
            if outside.contains(k) {
                painter.stroke([corners], closed: true, colour: Self.outside, radius: 1.5)
            } else {
                painter.fill(corners, colour: Self.furniture)
                painter.stroke([corners], closed: true, colour: Self.ink, radius: 1)
            }
        }
        // The labels once every piece is drawn, each off the other pieces.
        for (k, object) in room.objects.enumerated() {
            let size = "\(object.width.twoDecimals) × \(object.depth.twoDecimals)"
            let others = footprints.indices.filter { $0 != k }.map { footprints[$0] }
            if let label = labels.place([object.category, size], in: footprints[k], size: textSize, off: others) {
                painter.text(label, colour: outside.contains(k) ? Self.outside : Self.ink)
            }
        }
    }

    /// Walls, windows, doors with their swing, and openings.
    private func drawWallsAndDoorways(of room: Room, with painter: inout Painter, pixel: (Point) -> Point) {
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
    }

    /// The scale bar's length in metres: the longest of 0.25, 0.5, 1, 2, 5, 10, 20 and 50 m
    /// that takes at most a quarter of the picture's width (the shortest if none does).
    static func scaleBarLength(pixelsPerMetre: Double, width: Int) -> Double {
        let lengths = [0.25, 0.5, 1, 2, 5, 10, 20, 50]
        return lengths.last { $0 * pixelsPerMetre <= Double(width) / 4 } ?? lengths[0]
    }

    /// A scale bar `metres` long at the bottom left, with end ticks and its length written above it.
    private func drawScaleBar(with painter: inout Painter, metres: Double, pixelsPerMetre: Double, y: Double) {
        let (x0, x1) = (20.0, 20 + metres * pixelsPerMetre)
        painter.stroke(
            [[Point(x0, y), Point(x1, y)], [Point(x0, y - 5), Point(x0, y + 5)], [Point(x1, y - 5), Point(x1, y + 5)]], closed: false,
            colour: Self.ink, radius: 1)
        let label = metres < 1 ? "\(Int(metres * 100)) cm" : "\(Int(metres)) m"
        painter.text(label, center: Point((x0 + x1) / 2, y - 14), size: 12, colour: Self.ink)
    }

    static func ends(_ center: Point, _ direction: Point, _ width: Double) -> (Point, Point) {
        (
            Point(center.x - direction.x * width / 2, center.y - direction.y * width / 2),
            Point(center.x + direction.x * width / 2, center.y + direction.y * width / 2)
        )
    }
}

extension Painter {
    /// Strokes polylines with anti-aliased lines of the given half-width; with a `halo`,
    /// each line is ringed with it, `haloWidth` pixels wide.
    mutating func stroke(_ lines: [[Point]], closed: Bool, colour: RGBA, radius: Double, halo: RGBA? = nil, haloWidth: Double = 0) {
        guard
            let field = DistanceField(
                polylines: lines, closed: closed, reach: radius + haloWidth + 1, imageWidth: image.width, imageHeight: image.height)
        else { return }
        paint(field, core: colour, coreRadius: radius, halo: halo ?? colour, haloRadius: radius + haloWidth)
    }

    /// Writes text in the project's stroke font, centred; with a `halo`, each stroke is
    /// ringed with it, a pixel and a half wide.
    mutating func text(_ text: String, center: Point, size: Double, colour: RGBA, halo: RGBA? = nil) {
        stroke(
            Glyphs.polylines(for: text, center: center, size: size), closed: false, colour: colour, radius: max(0.6, size * 0.06),
            halo: halo, haloWidth: halo == nil ? 0 : 1.5)
    }

    /// Writes a label where ``PlanLabels`` placed it, a line under another.
    mutating func text(_ label: PlanLabels.Placement, colour: RGBA, halo: RGBA? = nil) {
        for (k, line) in label.lines.enumerated() {
            let center = Point(label.firstCenter.x, label.firstCenter.y + Double(k) * PlanLabels.pitch * label.size)
            text(line, center: center, size: label.size, colour: colour, halo: halo)
        }
    }
}
