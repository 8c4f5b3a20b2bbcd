import Foundation
import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoRoom

/// Scans without a floor polygon, as every iOS 16 export is: the floor's outline and
/// height come from the walls.
@Suite("Room scans without a floor")
struct FloorlessScanTests {
    /// The real export with its floors (and the iOS 17 keys beside them) taken out.
    static func withoutFloors(_ file: String) throws -> [UInt8] {
        var json = try #require(try JSONSerialization.jsonObject(with: Data(RealExportTests.load(file))) as? [String: Any])
        for key in ["floors", "sections", "version"] { json.removeValue(forKey: key) }
        return [UInt8](try JSONSerialization.data(withJSONObject: json))
    }

    /// The sample list and seeded products of every clearance category.
    static func products() throws -> [Product] {
        var rng = SplitMix64(seed: 9)
        let categories = ["sofa", "bed", "dining table", "chair", "storage", "desk"]
        return try FitTests.products()
            + (0..<30).map { i in
                Product(
                    id: "p\(i)", category: categories[i % categories.count], width: Double.random(in: 0.4...2.4, using: &rng),
                    depth: Double.random(in: 0.4...2.0, using: &rng), height: Double.random(in: 0.4...2.0, using: &rng))
            }
    }

    @Test(
        "each real export without its floor: an outline from the walls (closed, else joined across the gaps with a warning), objects on the floor as with it, every witness confirmed",
        TestData.needs(.roomplan),
        arguments: RealExportTests.references)
    func realExportsWithoutFloors(_ reference: RealExportTests.Reference) throws {
        let original = try #require(try RoomScan.decode(RealExportTests.load(reference.file)).rooms.first)
        let room = try #require(try RoomScan.decode(Self.withoutFloors(reference.file)).rooms.first)
        let ring = try Ring(room.floorOutline)
        #expect(ring.isSimple)
        if reference.wallsClosed {
            // The same outline as the floor's, corner for corner to the millimetre.
            #expect(room.outlineSource == .wallLoop)
            #expect(room.floorOutline.count == original.floorOutline.count)
            for corner in original.floorOutline {
                #expect(room.floorOutline.contains { Segment($0, corner).length < 0.001 }, "corner \(corner) of the floor is missing")
            }
        } else {
            #expect(room.outlineSource == .bridgedWalls)
            #expect(room.warnings.contains { $0.code == "walls-bridged" })
        }
        // The README's shares of the floor, to the whole percent it gives them in.
        #expect(abs(room.floorArea / reference.area - reference.floorlessShare) < 0.005, "area \(room.floorArea)")
        #expect(!room.warnings.contains { $0.code == "no-floor-outline" })
        // The floor's height from the walls' bottoms: the same pieces stand on it.
        #expect(room.objects.map(\.floorStanding) == original.objects.map(\.floorStanding))
        #expect(room.objects.contains { $0.floorStanding })
        let checker = FitChecker(room: room)
        var fitting = 0
        for product in try Self.products() {
            let result = checker.check(product)
            guard result.badge == .fits || result.badge == .tight else { continue }
            fitting += 1
            try FitTests.confirm(try #require(result.placement), in: room)
        }
        // (MyHome-01's two walls span a 2.3 m² triangle with three pieces in it.)
        if room.floorArea > 10 { #expect(fitting > 3, "fitting \(fitting)") }
    }

    @Test(
        "the custom export without floors: its furniture stands on the floor (at the walls' bottoms), and no witness overlaps it",
        TestData.needs(.roomplan))
    func customExport() throws {
        let bytes = try RealExportTests.load("gddickinson_floorplan_app_office2.json")
        let room = try #require(try RoomScan.decode(bytes).rooms.first)
        // Each object's bottom and each wall's bottom are at -1.34 m in the file.
        #expect(room.objects.count == 6 && room.objects.allSatisfy(\.floorStanding))
        let checker = FitChecker(room: room)
        var (fitting, notFitting) = (0, 0)
        for product in try Self.products() {
            let result = checker.check(product)
            if result.badge == .doesNotFit { notFitting += 1 }
            guard result.badge == .fits || result.badge == .tight else { continue }
            fitting += 1
            try FitTests.confirm(try #require(result.placement), in: room)
        }
        #expect(fitting > 3 && notFitting > 3, "fitting \(fitting), not fitting \(notFitting)")
        let sofa = try #require(try FitTests.products().first { $0.id == "big-sofa" })
        #expect(checker.check(sofa).badge == .doesNotFit)
    }

    /// A CapturedRoom JSON text with these walls (2.5 m high, standing on y = -1.2) and
    /// no floor.
    static func room(walls: [(Point, Point)], objects: String = "") -> String {
        let texts = walls.map { s, e in
            let length = Segment(s, e).length
            let u = Point((e.x - s.x) / length, (e.y - s.y) / length)
            return
                #"{"category": {"wall": {}}, "dimensions": [\#(length), 2.5, 0], "transform": [\#(u.x),0,\#(u.y),0, 0,1,0,0, \#(-u.y),0,\#(u.x),0, \#((s.x + e.x) / 2),0.05,\#((s.y + e.y) / 2),1]}"#
        }
        return #"{"walls": [\#(texts.joined(separator: ","))], "doors": [], "windows": [], "openings": [], "objects": [\#(objects)]}"#
    }

    static func walls(_ segments: [(Point, Point)]) -> [Wall] {
        segments.enumerated().map { i, s in Wall(identifier: "w\(i)", start: s.0, end: s.1, height: 2.5, normal: nil, confidence: nil) }
    }

    @Test(
        "joining walls: a missing wall is bridged, stubs are left out, an L of two walls spans its triangle, collinear walls give nothing")
    func bridging() throws {
        let (a, b, c, d) = (Point(0, 0), Point(5, 0), Point(5, 4), Point(0, 4))
        // A rectangle with its fourth wall missing, a stub at a corner, walls given out of
        // order and backwards.
        let three = try #require(WallLoop.bridged(Self.walls([(c, b), (d, c), (a, b), (Point(5, 4), Point(5.1, 4.1))])))
        #expect(three.gaps == 1 && abs(three.gapLength - 4) < 1e-12)
        #expect(abs(try Ring(three.corners).area - 20) < 1e-9)
        #expect(Set(three.corners.map { [$0.x, $0.y] }) == [[0, 0], [5, 0], [5, 4], [0, 4]])
        // Two walls meeting at a corner, with a hair between their ends: joined back along
        // themselves they make a sliver, which is refused for the triangle.
        let l = try #require(WallLoop.bridged(Self.walls([(Point(0, 0), Point(4, 0)), (Point(0, 1), Point(0.0001, 0.0002))])))
        #expect(abs(try Ring(l.corners).area - 2) < 1e-3)
        // Two walls along one line, or one wall: no outline.
        #expect(WallLoop.bridged(Self.walls([(a, b), (Point(6, 0), Point(9, 0))])) == nil)
        #expect(WallLoop.bridged(Self.walls([(a, b)])) == nil)
        // Two walls nearly along one line: only a sliver joins them.
        #expect(WallLoop.bridged(Self.walls([(a, b), (Point(6, 0.01), Point(9, 0.02))])) == nil)
        // More walls than a room has: no loop is looked for (it would take time in their
        // number squared), closed or not.
        let square = [(a, b), (b, c), (c, d), (d, a)]
        #expect(WallLoop.outline(Self.walls(square)) != nil)
        let many = Self.walls(Array(repeating: square, count: WallLoop.wallLimit / 4 + 1).flatMap { $0 })
        #expect(WallLoop.outline(many) == nil && WallLoop.bridged(many) == nil)
        // Two opposite walls: the room between them.
        let opposite = try #require(WallLoop.bridged(Self.walls([(a, b), (c, d)])))
        #expect(abs(try Ring(opposite.corners).area - 20) < 1e-9 && opposite.gaps == 2)
    }

    @Test("no outline at all: the room says so, and fit badges are unknown unless the ceiling already rules a piece out")
    func noOutline() throws {
        let text = Self.room(
            walls: [(Point(0, 0), Point(5, 0))],
            objects: #"{"category": {"sofa": {}}, "dimensions": [2, 0.8, 0.9], "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 2,-0.8,1,1]}"#)
        let room = try #require(try RoomScan.decode(Array(text.utf8)).rooms.first)
        #expect(room.floorOutline.isEmpty && room.outlineSource == .none)
        #expect(room.warnings.contains { $0.code == "no-floor-outline" })
        // The floor's height from the one wall's bottom (-1.2), where the sofa stands.
        #expect(room.objects.first?.floorStanding == true)
        let checker = FitChecker(room: room)
        let chair = checker.check(Product(id: "chair", category: "chair", width: 0.5, depth: 0.5, height: 0.9))
        #expect(chair.badge == .unknown && chair.placement == nil)
        #expect(chair.reasons.map(\.code) == ["ceiling-height", "door-passage", "floor-space"])
        #expect(chair.reasons.last?.message.contains("no usable floor outline") == true)
        let tall = checker.check(Product(id: "tall", category: "storage", width: 0.5, depth: 0.5, height: 3))
        #expect(tall.badge == .doesNotFit)
    }

    @Test("a room of walls that do not close, read from a scan: bridged, warned, and pieces placed on it")
    func bridgedScan() throws {
        let text = Self.room(walls: [(Point(0, 0), Point(5, 0)), (Point(5, 0), Point(5, 4)), (Point(5, 4), Point(0, 4))])
        let room = try #require(try RoomScan.decode(Array(text.utf8)).rooms.first)
        #expect(room.outlineSource == .bridgedWalls && abs(room.floorArea - 20) < 1e-9)
        let warning = try #require(room.warnings.first { $0.code == "walls-bridged" })
        #expect(warning.message.contains("1 gap (4.00 m)"))
        let result = FitChecker(room: room).check(Product(id: "bed", category: "bed", width: 1.6, depth: 2, height: 0.5))
        #expect(result.badge == .fits)
        try FitTests.confirm(try #require(result.placement), in: room)
    }
}
