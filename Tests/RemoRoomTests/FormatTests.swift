import Foundation
import RemoRoom
import RemoTestSupport
import Testing

@Suite("Room scans: the other formats")
struct FormatTests {
    static func sample(_ name: String) throws -> String {
        try String(contentsOf: Repository.url("SampleScans/rooms/\(name)"), encoding: .utf8)
    }

    @Test("a CapturedStructure gives one room per room, each read like a CapturedRoom")
    func structure() throws {
        let text = #"{"rooms": ["# + (try Self.sample("living-room.json")) + "," + (try Self.sample("l-shaped.json")) + #"], "story": 0}"#
        let scan = try RoomScan.decode(Array(text.utf8))
        #expect(scan.format == .capturedStructure)
        #expect(scan.rooms.count == 2)
        #expect(abs(scan.rooms[0].floorArea - 21.84) < 1e-9)
        #expect(abs(scan.rooms[1].floorArea - 21.25) < 1e-9)
    }

    @Test("a CapturedStructure that lists no rooms: its merged top-level elements are read as one room, with a warning")
    func structureWithoutRooms() throws {
        let living = try Self.sample("living-room.json")
        let alone = try #require(try RoomScan.decode(Array(living.utf8)).rooms.first)
        let text = "{\"rooms\": [], " + living.drop(while: { $0 != "{" }).dropFirst()
        let scan = try RoomScan.decode(Array(text.utf8))
        #expect(scan.format == .capturedStructure)
        let room = try #require(scan.rooms.first)
        #expect(scan.rooms.count == 1)
        #expect(room.floorOutline == alone.floorOutline && room.objects == alone.objects && room.doors == alone.doors)
        #expect(Array(room.warnings.dropLast()) == alone.warnings)
        #expect(room.warnings.last?.code == "structure-without-rooms")
        // Nothing at the top either: no rooms, and no warning to hang them on.
        #expect(try RoomScan.decode(Array(#"{"rooms": [], "story": 0, "version": 2}"#.utf8)).rooms.isEmpty)
        // A structure with rooms keeps to them, whatever its top level holds.
        let both = "{\"rooms\": [" + (try Self.sample("l-shaped.json")) + "], " + living.drop(while: { $0 != "{" }).dropFirst()
        let rooms = try RoomScan.decode(Array(both.utf8)).rooms
        #expect(rooms.count == 1 && abs(rooms[0].floorArea - 21.25) < 1e-9)
    }

    @Test("the simple RoomDimensions form: walls by centre, normal and length close into a loop")
    func roomDimensions() throws {
        let text = #"""
            {"floorArea": 12.0, "ceilingHeight": 2.4,
             "walls": [
               {"length": 4, "height": 2.4, "position": {"x": 2, "y": 1.2, "z": 0}, "normal": {"x": 0, "y": 0, "z": 1}},
               {"length": 3, "height": 2.4, "position": {"x": 4, "y": 1.2, "z": 1.5}, "normal": {"x": -1, "y": 0, "z": 0}},
               {"length": 4, "height": 2.4, "position": {"x": 2, "y": 1.2, "z": 3}, "normal": {"x": 0, "y": 0, "z": -1}},
               {"length": 3, "height": 2.4, "position": {"x": 0, "y": 1.2, "z": 1.5}, "normal": {"x": 1, "y": 0, "z": 0}}],
             "openings": [{"type": "door", "width": 0.9, "height": 2.0}, {"type": "window", "width": 1.2, "height": 1.0}]}
            """#
        let scan = try RoomScan.decode(Array(text.utf8))
        #expect(scan.format == .roomDimensions)
        let room = try #require(scan.rooms.first)
        #expect(room.floorArea == 12)
        #expect(room.ceilingHeight == 2.4)
        #expect(room.floorOutline.count == 4)
        #expect(abs(room.floorPerimeter - 14) < 1e-9)
        #expect(room.doors.count == 1 && room.windows.count == 1)
        #expect(abs(room.dimensions.length - 4) < 1e-9 && abs(room.dimensions.width - 3) < 1e-9)
    }

    @Test(
        "a RoomDimensions member of the wrong type is refused with its path, not read as absent (schemathesis found a wall normal of {\"z\": {}} accepted)",
        arguments: [
            (#"{"walls": [{"length": 2, "normal": {"x": 0, "y": 0, "z": {}}}]}"#, "walls[0].normal"),
            (#"{"walls": [{"length": 2, "position": [1, 2]}]}"#, "walls[0].position"),
            (#"{"walls": [{"length": 2}, {"length": 2, "height": "3"}]}"#, "walls[1].height"),
            (#"{"walls": [{"length": 2, "identifier": 7}]}"#, "walls[0].identifier"),
            (#"{"walls": {}, "floorArea": 3}"#, "walls"),
            (#"{"walls": [], "floorArea": "12"}"#, "$.floorArea"),
            (#"{"walls": [], "openings": {}}"#, "openings"),
            (#"{"walls": [], "openings": [{"type": 5}]}"#, "openings[0].type"),
            (#"{"walls": [], "openings": [{"type": "door", "width": null}]}"#, "openings[0].width"),
        ])
    func roomDimensionsWrongTypes(text: String, path: String) {
        #expect {
            try RoomScan.decode(Array(text.utf8), format: .roomDimensions)
        } throws: { error in
            guard case .format(let message) = error as? RoomScanError else { return false }
            return message.hasPrefix(path + ":")
        }
    }

    @Test("the format can be forced; a forced format that does not fit is an error")
    func forced() throws {
        let text = try Self.sample("living-room.json")
        #expect(try RoomScan.decode(Array(text.utf8), format: .capturedRoom).rooms.count == 1)
        #expect(throws: RoomScanError.self) { try RoomScan.decode(Array(text.utf8), format: .capturedStructure) }
    }
}
