import Foundation
import RemoGeometry
import RemoRoom
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoRender

/// Floor plans that read well: labels that never overlap or leave their piece or the
/// picture, furniture outside the floor drawn apart, lettering in both cases with m², and
/// a scale bar.
@Suite("Floor plans")
struct FloorPlanTests {
    /// Every sample room and real export, with the sample list and 60 seeded products at
    /// their witness placements: crowded plans, whose labels must give way.
    static func plans() throws -> [(name: String, room: Room, products: [PlannedProduct])] {
        var rooms: [(String, Room)] = []
        for name in ["living-room", "l-shaped", "bedroom-narrow-door", "walls-not-closed"] {
            let bytes = try [UInt8](Data(contentsOf: Repository.url("SampleScans/rooms/\(name).json")))
            rooms.append((name, try #require(try RoomScan.decode(bytes).rooms.first)))
        }
        for file in TestData.files(.roomplan, endingWith: ".json") {
            let bytes = try TestData.bytes(.roomplan, file)
            rooms.append((file, try #require(try RoomScan.decode(bytes).rooms.first)))
        }
        var rng = SplitMix64(seed: 5)
        let categories = ["sofa", "bed", "dining table", "storage", "chair"]
        let products = (0..<60).map { k in
            Product(
                id: "item-\(k)", category: categories[k % categories.count], width: Double.random(in: 0.3...2.4, using: &rng),
                depth: Double.random(in: 0.3...1.8, using: &rng), height: 0.8)
        }
        return rooms.map { name, room in
            let checker = FitChecker(room: room)
            let planned = products.compactMap { product in
                let result = checker.check(product)
                return result.placement.map { PlannedProduct(label: result.id, placement: $0, badge: result.badge) }
            }
            return (name, room, planned)
        }
    }

    @Test(
        "no two labels overlap, and each lies inside its piece and the picture, on crowded plans of every sample and real room",
        TestData.needs(.roomplan))
    func labelsKeepApart() throws {
        var (labelled, leftOut) = (0, 0)
        for (name, room, products) in try Self.plans() {
            let (image, labels) = FloorPlanRenderer().drawing(rooms: [room], products: products, numbered: false)
            let boxes = labels.placed
            for (i, box) in boxes.enumerated() {
                #expect(box.min.x >= 0 && box.min.y >= 0 && box.max.x <= Double(image.width) && box.max.y <= Double(image.height))
                let piece = try Ring(labels.pieces[i])
                for corner in [box.min, Point(box.max.x, box.min.y), box.max, Point(box.min.x, box.max.y)] {
                    #expect(piece.locate(corner) == .inside, "\(name): label \(i) leaves its piece")
                }
                for other in boxes[(i + 1)...] {
                    let apart = box.max.x <= other.min.x || other.max.x <= box.min.x || box.max.y <= other.min.y || other.max.y <= box.min.y
                    #expect(apart, "\(name): labels \(box) and \(other) overlap")
                }
            }
            #expect(!boxes.isEmpty, "\(name): no label at all")
            let pieces = labels.texts.filter { !$0.hasPrefix("wall ") }.count
            labelled += pieces
            leftOut += room.objects.count + products.count - pieces
        }
        print("plan labels: \(labelled) placed, \(leftOut) left out by the rule")
        // Crowded enough that the rule had to leave some out.
        #expect(leftOut > 0 && labelled > 100, "\(labelled) placed, \(leftOut) left out")
    }

    @Test("each wall's id is written by its own wall, on the room's side, where furniture leaves room")
    func wallIds() throws {
        let room = try #require(try RoomScan.decode(try Repository.bytes("SampleScans/rooms/living-room.json")).rooms.first)
        let renderer = FloorPlanRenderer()
        let (_, labels) = renderer.drawing(rooms: [room], products: [], numbered: false)
        // The sofa stands against wall 0, leaving no room for its id; walls 1 to 3 have theirs.
        let ids = labels.texts.filter { $0.hasPrefix("wall ") }
        #expect(Set(ids) == ["wall 1", "wall 2", "wall 3"], "\(labels.texts)")
        // Each id's box is nearer its own wall, drawn on the plan, than any other wall; and on the floor.
        let (image, _) = renderer.drawing(rooms: [room], products: [], numbered: false)
        let scale = Double(image.width - 140) / room.dimensions.length
        for (text, box) in zip(labels.texts, labels.placed) where text.hasPrefix("wall ") {
            let k = try #require(Int(text.dropFirst(5)))
            let middle = Point((box.min.x + box.max.x) / 2, (box.min.y + box.max.y) / 2)
            // The living room is drawn unturned: x to the right, z down, 70 pixels of margin.
            let plan = Point((middle.x - 70) / scale, (middle.y - 70) / scale)
            let distances = room.walls.map { Segment($0.start, $0.end).distance(to: plan) }
            #expect(distances.firstIndex(of: distances.min()!) == k, "\(text) at \(plan)")
            #expect(try Ring(room.floorOutline).locate(plan) == .inside)
        }
        // Several rooms on one plan: no wall ids (they would repeat).
        let (_, several) = renderer.drawing(rooms: [room, room], products: [], numbered: true)
        #expect(!several.texts.contains { $0.hasPrefix("wall ") })
    }

    @Test("a label too wide for its piece shrinks, then drops its second line, then is abbreviated, then is left out")
    func labelRule() {
        var labels = PlanLabels(width: 1000, height: 1000)
        let wide = [Point(100, 100), Point(400, 100), Point(400, 160), Point(100, 160)]
        let full = labels.place(["sofa", "2.20 × 0.95"], in: wide, size: 16)
        #expect(full?.lines == ["sofa", "2.20 × 0.95"] && full?.size == 16)
        // Too low for two lines at any size tried: one line.
        let low = [Point(100, 300), Point(400, 300), Point(400, 318), Point(100, 318)]
        #expect(labels.place(["table", "1.10 × 0.60"], in: low, size: 16)?.lines == ["table"])
        // Too narrow for the word: its first three letters.
        let narrow = [Point(500, 100), Point(536, 100), Point(536, 200), Point(500, 200)]
        #expect(labels.place(["wardrobe", "1.50 × 0.95"], in: narrow, size: 16)?.lines == ["war."])
        // Too small for anything: left out.
        let tiny = [Point(600, 100), Point(606, 100), Point(606, 106), Point(600, 106)]
        #expect(labels.place(["lamp"], in: tiny, size: 16) == nil)
        // Where a label already is, another goes beside it, not over it.
        let rug = labels.place(["rug"], in: wide, size: 16)
        #expect(rug != nil && rug?.firstCenter != Point(250, 130))
        let (sofaBox, rugBox) = (labels.placed[0], labels.placed[labels.placed.count - 1])
        #expect(
            sofaBox.max.x <= rugBox.min.x || rugBox.max.x <= sofaBox.min.x || sofaBox.max.y <= rugBox.min.y || rugBox.max.y <= sofaBox.min.y
        )
        // Nor over a piece that covers this one.
        var fresh = PlanLabels(width: 1000, height: 1000)
        #expect(fresh.place(["sofa"], in: wide, size: 16, off: [[Point(0, 0), Point(1000, 0), Point(1000, 1000), Point(0, 1000)]]) == nil)
    }

    @Test("lettering in both cases, with m², and a scale bar of a round length")
    func lettering() {
        for (small, capital) in zip("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
            let (a, b) = (Glyphs.strokes(small).map { $0.map { [$0.0, $0.1] } }, Glyphs.strokes(capital).map { $0.map { [$0.0, $0.1] } })
            #expect(!a.isEmpty && a != b, "\(small)")
        }
        #expect(!Glyphs.strokes("²").isEmpty && Glyphs.strokes("²").allSatisfy { $0.allSatisfy { $0.1 <= 0.9 } })
        #expect(FloorPlanRenderer.scaleBarLength(pixelsPerMetre: 200, width: 1200) == 1)
        #expect(FloorPlanRenderer.scaleBarLength(pixelsPerMetre: 20, width: 1200) == 10)
        #expect(FloorPlanRenderer.scaleBarLength(pixelsPerMetre: 5000, width: 1200) == 0.25)
    }

    @Test("furniture outside the floor is drawn in red, unfilled, and only there", TestData.needs(.roomplan))
    func outsideFurniture() throws {
        let plans = try Self.plans()
        func redPixels(_ room: Room) -> Int {
            let image = FloorPlanRenderer().render(room)
            return stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 180 && image.pixels[$0 + 1] < 90 }.count
        }
        let ravida = try #require(plans.first { $0.name.contains("ravida") }?.room)
        #expect(ravida.objectsOutsideFloor.count == 2)
        #expect(redPixels(ravida) > 200)
        let living = try #require(plans.first { $0.name == "living-room" }?.room)
        #expect(living.objectsOutsideFloor.isEmpty && redPixels(living) == 0)
    }

    @Test("several rooms on one plan: each room's floor where the scan puts it, each numbered")
    func allRooms() throws {
        let living = try #require(try Self.plans().first { $0.name == "living-room" }?.room)
        // The same room again, 10 m further along x.
        var next = living
        func shifted(_ p: Point) -> Point { Point(p.x + 10, p.y) }
        next.floorOutline = living.floorOutline.map(shifted)
        next.walls = living.walls.map { wall in
            var w = wall
            (w.start, w.end) = (shifted(wall.start), shifted(wall.end))
            return w
        }
        next.objects = living.objects.map { object in
            var o = object
            o.center = shifted(object.center)
            return o
        }
        next.doors = living.doors.map { door in
            var d = door
            d.center = door.center.map(shifted)
            return d
        }
        next.windows = []
        let (image, labels) = FloorPlanRenderer().drawing(rooms: [living, next], products: [], numbered: true)
        // Floor on the left and on the right, with a gap between.
        func floor(column: Int) -> Bool {
            (0..<image.height).contains { row in
                let k = 4 * (row * image.width + column)
                return image.pixels[k] == 236 && image.pixels[k + 1] == 232 && image.pixels[k + 2] == 224
            }
        }
        #expect(floor(column: image.width / 8) && !floor(column: image.width / 2) && floor(column: 7 * image.width / 8))
        // Two pieces in each room, and each room's number: six labels.
        #expect(labels.placed.count == 6)
    }
}
