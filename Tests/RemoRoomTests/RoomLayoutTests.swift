import Foundation
import RemoGEOS
import RemoGeometry
import RemoTestSupport
import Testing

@testable import RemoRoom

/// The room output's walls, doors, windows and openings, verdicts and descriptions.
@Suite("Room output: where each opening is, the verdict, the description")
struct RoomLayoutTests {
    /// A RoomPlan export read here from its raw transforms with Foundation's JSON reader,
    /// not through the library's model: what the library's room output is checked against.
    struct RawExport {
        struct Element {
            var center: Point
            var bottom: Double
            var wall: Int?
            var offset: Double?
        }

        var walls: [(start: Point, end: Point, along: Point, normal: Point)] = []
        var floor: [Point] = []
        var elements: [String: [Element]] = [:]

        init(_ url: URL) throws {
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }
            func unit(_ x: Double, _ z: Double) -> Point {
                let l = (x * x + z * z).squareRoot()
                return Point(x / l, z / l)
            }
            let rawWalls = root["walls"] as? [[String: Any]] ?? []
            var identifiers: [String?] = []
            var bottoms: [Double] = []
            for wall in rawWalls {
                let t = numbers(wall["transform"])
                let length = numbers(wall["dimensions"])[0]
                let along = unit(t[0], t[2])
                let c = Point(t[12], t[14])
                walls.append(
                    (
                        Point(c.x - along.x * length / 2, c.y - along.y * length / 2),
                        Point(c.x + along.x * length / 2, c.y + along.y * length / 2),
                        along, unit(t[8], t[10])
                    ))
                identifiers.append(wall["identifier"] as? String)
                bottoms.append(t[13] - numbers(wall["dimensions"])[1] / 2)
            }
            var floorY = bottoms.sorted()[bottoms.count / 2]
            if let floor = (root["floors"] as? [[String: Any]])?.first {
                let t = numbers(floor["transform"])
                floorY = t[13]
                self.floor = (floor["polygonCorners"] as? [Any] ?? []).map { corner in
                    let p = numbers(corner)
                    return Point(t[0] * p[0] + t[4] * p[1] + t[8] * p[2] + t[12], t[2] * p[0] + t[6] * p[1] + t[10] * p[2] + t[14])
                }
            }
            for kind in ["doors", "windows", "openings"] {
                elements[kind] = (root[kind] as? [[String: Any]] ?? []).map { element in
                    let t = numbers(element["transform"])
                    let height = numbers(element["dimensions"])[1]
                    let center = Point(t[12], t[14])
                    let wall = (element["parentIdentifier"] as? String).flatMap { parent in identifiers.firstIndex(of: parent) }
                    let offset = wall.map { w in
                        (center.x - walls[w].start.x) * walls[w].along.x + (center.y - walls[w].start.y) * walls[w].along.y
                    }
                    return Element(center: center, bottom: t[13] - height / 2 - floorY, wall: wall, offset: offset)
                }
            }
        }
    }

    static let centimetre = 0.01

    @Test(
        "doors, windows and openings: wall, centre, offset along the wall and bottom within 1 cm of the raw transforms; every wall's normal RoomPlan's, pointing into the floor",
        TestData.needs(.roomplan))
    func realExports() throws {
        var compared = 0
        for path in TestData.paths(.roomplan, endingWith: ".json") where !path.contains("gddickinson") {
            let raw = try RawExport(URL(fileURLWithPath: path))
            let room = try #require(try RoomScan.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).rooms.first)
            let read: [String: [(wall: Int?, center: Point?, offset: Double?, bottom: Double)]] = [
                "doors": room.doors.map { ($0.wall, $0.center, $0.offsetAlongWall, $0.bottom) },
                "windows": room.windows.map { ($0.wall, $0.center, $0.offsetAlongWall, $0.bottom) },
                "openings": room.openings.map { ($0.wall, $0.center, $0.offsetAlongWall, $0.bottom) },
            ]
            for (kind, expected) in raw.elements {
                let got = try #require(read[kind])
                #expect(got.count == expected.count, "\(path) \(kind)")
                for (g, e) in zip(got, expected) {
                    compared += 1
                    #expect(g.wall == e.wall, "\(path) \(kind): wall \(String(describing: g.wall)), expected \(String(describing: e.wall))")
                    let center = try #require(g.center)
                    #expect(Segment(center, e.center).length <= Self.centimetre, "\(path) \(kind) centre")
                    #expect(abs(g.bottom - e.bottom) <= Self.centimetre, "\(path) \(kind) bottom \(g.bottom) vs \(e.bottom)")
                    if let eo = e.offset {
                        let go = try #require(g.offset)
                        #expect(abs(go - eo) <= Self.centimetre, "\(path) \(kind) offset \(go) vs \(eo)")
                    }
                }
            }
            // Normals: RoomPlan's own; on the floor polygon, a point 5 cm along it is on the floor, 5 cm against it is not (GEOS).
            #expect(room.walls.count == raw.walls.count)
            let floor = raw.floor.count >= 3 ? try GEOSGeometry.polygon(raw.floor) : nil
            for (k, wall) in raw.walls.enumerated() {
                let normal = room.inwardNormal(ofWall: k)
                #expect(Segment(normal, wall.normal).length < 1e-9, "\(path) wall \(k)")
                guard let floor else { continue }
                let middle = Point((wall.start.x + wall.end.x) / 2, (wall.start.y + wall.end.y) / 2)
                guard try floor.distance(to: GEOSGeometry.point(middle)) < 0.02 else { continue }
                let inside = Point(middle.x + normal.x * 0.05, middle.y + normal.y * 0.05)
                #expect(try floor.intersects(GEOSGeometry.point(inside)), "\(path) wall \(k): the normal points out of the floor")
            }
        }
        #expect(compared >= 13, "only \(compared) doors, windows and openings compared")  // as many as the corpus has
    }

    @Test("a normal the scan gives pointing out of the room, or none at all, is turned to point in")
    func normalsPointIn() throws {
        // A 4 × 3 m room of four walls drawn counterclockwise, each wall's given normal pointing out.
        let corners = [Point(0, 0), Point(4, 0), Point(4, 3), Point(0, 3)]
        var walls = corners.indices.map { k in
            let (a, b) = (corners[k], corners[(k + 1) % 4])
            let length = Segment(a, b).length
            return Wall(
                identifier: nil, start: a, end: b, height: 2.5, normal: Point((b.y - a.y) / length, -(b.x - a.x) / length), confidence: nil)
        }
        var room = Room(
            floorOutline: corners, outlineSource: .floorPolygon, floorArea: 12, floorPerimeter: 14, ceilingHeight: 2.5,
            ceilingHeightRange: nil,
            dimensions: Room.Dimensions(length: 4, width: 3, height: 2.5), walls: walls, doors: [], windows: [], openings: [], objects: [],
            warnings: [], floorLevel: 0)
        let inward = [Point(0, 1), Point(-1, 0), Point(0, -1), Point(1, 0)]
        for k in 0..<4 { #expect(Segment(room.inwardNormal(ofWall: k), inward[k]).length < 1e-12, "wall \(k)") }
        for k in walls.indices { walls[k].normal = nil }
        room.walls = walls
        for k in 0..<4 { #expect(Segment(room.inwardNormal(ofWall: k), inward[k]).length < 1e-12, "wall \(k) without a normal") }
    }

    @Test("the verdict: rescan when walls run along under 60 % of the floor or the floor is not known, warn with warnings, else ok")
    func verdicts() throws {
        #expect(try FitTests.sample("living-room.json").verdict == .ok)
        #expect(try FitTests.sample("l-shaped.json").verdict == .ok)
        // Walls along half its outline.
        #expect(try FitTests.sample("walls-not-closed.json").verdict == .rescan)
        var room = try FitTests.sample("living-room.json")
        room.warnings.append(RoomWarning(code: "low-confidence", message: "1 element was scanned with low confidence"))
        #expect(room.verdict == .warn)
        // Take walls away: 3 of 4 walls (14.6 of 18.8 m) warn only for the warning; 2 of 4 (9.4 m) call for a rescan.
        room.walls.removeLast()
        #expect(room.verdict == .warn)
        room.walls.removeLast()
        #expect(room.verdict == .rescan)
        room = try FitTests.sample("living-room.json")
        (room.floorOutline, room.outlineSource) = ([], .none)
        #expect(room.verdict == .rescan)
    }

    @Test("the real exports' verdicts follow their walls' share of the floor (the corpus's own table)", TestData.needs(.roomplan))
    func realVerdicts() throws {
        // Σ wall length over the floor perimeter, from the corpus's SOURCES.md.
        let shares = [
            "Imhaohao_standardphysics_apple_livingroom.room.json": 21.556 / 21.556,
            "Imhaohao_standardphysics_phone-ravida_room.json": 18.148 / 25.013,
            "BartVerbier_BuildMate_visit-20260710-135715-4f59e5.json": 14.221 / 20.403,
            "muratatakashi_RoomPlan-test_MyHome-01_capturedRoom.json": 5.512 / 11.025,
            "muratatakashi_RoomPlan-test_MyHome-02_capturedRoom.json": 14.449 / 24.344,
        ]
        for (file, share) in shares {
            let room = try #require(try RoomScan.decode([UInt8](Data(contentsOf: TestData.url(.roomplan, file)))).rooms.first)
            #expect((room.verdict == .rescan) == (share < 0.6), "\(file): \(room.verdict) with walls along \(share)")
        }
    }

    @Test("the description: size, kind, ceiling, each opening's wall and place by the compass, the furniture")
    func description() throws {
        // The sample living room: 5.20 m along x by 4.20 m along z; the door's centre at (5.20, 3.36), on the
        // wall x = 5.20 (east) at 80 % of its run from z = 0 to z = 4.20 (south, +z); the window's at (0, 2.10),
        // the middle of the wall x = 0 (west); the sofa's centre at z < 1.4 (the north third).
        let text = try FitTests.sample("living-room.json").promptDescription
        for part in [
            "A 5.20 × 4.20 m living room with a 2.60 m ceiling.", "The door (0.90 m wide) is on the east wall, near its south end",
            "the window (1.60 m wide) is on the west wall, centred", "a sofa (2.20 × 0.95 m) on the north side",
        ] {
            #expect(text.contains(part), "\(text)\nlacks: \(part)")
        }
        // Turned a quarter (x, z) → (−z, x): east becomes south, west north, north east.
        var room = try FitTests.sample("living-room.json")
        func turn(_ p: Point) -> Point { Point(-p.y, p.x) }
        room.floorOutline = room.floorOutline.map(turn)
        for k in room.walls.indices {
            room.walls[k].start = turn(room.walls[k].start)
            room.walls[k].end = turn(room.walls[k].end)
            room.walls[k].normal = room.walls[k].normal.map(turn)
        }
        for k in room.doors.indices { room.doors[k].center = room.doors[k].center.map(turn) }
        for k in room.windows.indices { room.windows[k].center = room.windows[k].center.map(turn) }
        for k in room.objects.indices { room.objects[k].center = turn(room.objects[k].center) }
        let turned = room.promptDescription
        for part in [
            "The door (0.90 m wide) is on the south wall, near its west end", "the window (1.60 m wide) is on the north wall, centred",
            "a sofa (2.20 × 0.95 m) on the east side",
        ] {
            #expect(turned.contains(part), "\(turned)\nlacks: \(part)")
        }
    }
}
