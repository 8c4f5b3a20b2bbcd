import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom room and fit, end to end")
struct RoomCommandTests {
    @Test("room --format json has the contract's keys; text names the warnings")
    func room() throws {
        let result = try CLIRunner.run(["room", "SampleScans/rooms/walls-not-closed.json", "--format", "json"])
        #expect(result.status == 0)
        let value = try JSONParser.parse(result.stdout)
        #expect(value["format"] == .string("captured-room"))
        guard case .array(let rooms)? = value["rooms"], case .object(let room)? = rooms.first else {
            Issue.record("no rooms")
            return
        }
        #expect(
            room.map(\.key) == [
                "floorArea", "floorPerimeter", "ceilingHeight", "dimensions", "floorOutline", "walls", "doors", "windows", "openings",
                "objects", "warnings",
            ])
        #expect(rooms.first?["floorArea"] == .number(14))
        let text = try CLIRunner.run(["room", "SampleScans/rooms/walls-not-closed.json", "--format", "text"])
        #expect(text.stdout.contains("warning: walls-not-closed: walls cover 50%"))
    }

    @Test("fit --format json: a badge, reasons and a placement or null per item; exit 0 whatever the badges")
    func fit() throws {
        let result = try CLIRunner.run([
            "fit", "--room", "SampleScans/rooms/living-room.json", "--items", "SampleScans/rooms/shopping-list.json", "--format", "json",
        ])
        #expect(result.status == 0)
        let value = try JSONParser.parse(result.stdout)
        guard case .array(let items)? = value["items"] else {
            Issue.record("no items")
            return
        }
        #expect(items.map { $0["badge"] } == [.string("fits"), .string("tight"), .string("does-not-fit"), .string("unknown")])
        #expect(items[0]["placement"]?["center"] != nil)
        #expect(items[3]["placement"] == .null)
    }

    @Test("--plan writes a PNG floor plan, atomically, for room and fit")
    func plan() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("room.png").path
        let b = folder.appendingPathComponent("fit.png").path
        #expect(try CLIRunner.run(["room", "SampleScans/rooms/l-shaped.json", "--plan", a]).status == 0)
        let fit = try CLIRunner.run([
            "fit", "--room", "SampleScans/rooms/living-room.json", "--items", "SampleScans/rooms/shopping-list.json", "--plan", b,
        ])
        #expect(fit.status == 0)
        for path in [a, b] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["fit.png", "room.png"])
        let missing = try CLIRunner.run(["room", "SampleScans/rooms/l-shaped.json", "--plan", "/nonexistent/dir/p.png"])
        #expect(missing.status == 2)
    }

    @Test("a scan with no floor outline: room says so in words (counts in the singular where one), fit answers unknown")
    func noOutline() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scan = folder.appendingPathComponent("one-wall.json")
        try Data(
            #"{"walls": [{"category": {"wall": {}}, "dimensions": [4, 2.5, 0], "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 2,1.25,0,1]}], "doors": [], "objects": []}"#
                .utf8
        ).write(to: scan)
        let room = try CLIRunner.run(["room", scan.path, "--format", "text"])
        #expect(room.status == 0)
        #expect(room.stdout.contains("room 1: no floor outline, ceiling 2.50 m"))
        #expect(room.stdout.contains("1 wall, 0 doors, 0 windows, 0 openings, 0 objects"))
        #expect(room.stdout.contains("warning: no-floor-outline"))
        let fit = try CLIRunner.run(["fit", "--room", scan.path, "--items", "SampleScans/rooms/shopping-list.json", "--format", "text"])
        #expect(fit.status == 0)
        #expect(fit.stdout.contains("Lounge armchair (armchair): unknown"))
        #expect(!fit.stdout.contains("does-not-fit") || fit.stdout.contains("ceiling-height"))
    }

    @Test("unreadable inputs exit 2 with the file named")
    func unreadable() throws {
        let room = try CLIRunner.run(["room", "SampleScans/regions/valid.json"])
        #expect(room.status == 2)
        #expect(room.stderr.contains("valid.json: not a room scan"))
        let fit = try CLIRunner.run(["fit", "--room", "SampleScans/rooms/living-room.json", "--items", "/nonexistent/list.json"])
        #expect(fit.status == 2)
        #expect(fit.stderr.contains("/nonexistent/list.json: no such file"))
    }
}
