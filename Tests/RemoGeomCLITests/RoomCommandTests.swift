import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom room and fit, end to end")
struct RoomCommandTests {
    @Test("room --format json has the contract's keys; text names the warnings", TestData.needs(.roomplan))
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
                "objects", "warnings", "verdict", "description",
            ])
        #expect(rooms.first?["verdict"] == .string("rescan"), "walls along half the outline call for a rescan")
        #expect(rooms.first?["floorArea"] == .number(14))
        #expect(rooms.first?["dimensions"]?.objectKeys == ["length", "width", "height"])
        // Each kind of element with its own keys, from a sample that has walls, doors, windows
        // and furniture, and a real export that has an opening.
        let living = try JSONParser.parse(CLIRunner.run(["room", "SampleScans/rooms/living-room.json", "--format", "json"]).stdout)
        let real = try JSONParser.parse(
            CLIRunner.run(["room", TestData.url(.roomplan, "Imhaohao_standardphysics_apple_livingroom.room.json").path, "--format", "json"])
                .stdout)
        for (value, kind, keys) in [
            (living, "walls", ["id", "identifier", "start", "end", "length", "height", "normal"]),
            (living, "doors", ["width", "height", "isOpen", "wall", "center", "offsetAlongWall", "bottom"]),
            (living, "windows", ["width", "height", "sill", "wall", "center", "offsetAlongWall", "bottom"]),
            (living, "objects", ["category", "width", "depth", "height", "center", "rotation", "floorStanding"]),
            (real, "openings", ["width", "height", "wall", "center", "offsetAlongWall", "bottom"]),
        ] {
            guard case .array(let list)? = value["rooms"], case .array(let elements)? = list.first?[kind], !elements.isEmpty else {
                Issue.record("no \(kind)")
                continue
            }
            #expect(elements.allSatisfy { $0.objectKeys == keys }, "\(kind)")
        }
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
        // Every item is unknown: the ceiling is checked (each is lower than 2.50 m), the floor is not.
        for item in ["Lounge armchair (armchair)", "Three-seat sofa (big-sofa)", "Wide wardrobe (wardrobe)", "Floor lamp (mystery-lamp)"] {
            #expect(fit.stdout.contains("\(item): unknown"))
        }
        #expect(fit.stdout.contains("ceiling-height: 2.10 m tall under a 2.50 m ceiling (0.40 m to spare)"))
        #expect(fit.stdout.contains("floor-space: the scan has no usable floor outline"))
    }

    @Test("a shopping list in groups and in millimetres gets the badges and reasons of the same items listed plainly")
    func groupsAndMillimetres() throws {
        let grouped = """
            {"groups": [
             {"name": "living", "items": [{"id": "armchair", "name": "Lounge armchair", "category": "chair",
               "width": 750, "depth": 820, "height": 880, "unit": "mm"}]},
             {"name": "bedroom", "items": [{"id": "wardrobe", "name": "Wide wardrobe", "category": "storage",
               "width": 1500, "depth": 950, "height": 2100, "unit": "mm"}]}]}
            """
        let room = "SampleScans/rooms/living-room.json"
        let fromGroups = try CLIRunner.run(["fit", "--room", room, "--items", "-", "--format", "json"], stdin: Data(grouped.utf8))
        let plain = try CLIRunner.run(["fit", "--room", room, "--items", "SampleScans/rooms/shopping-list.json", "--format", "json"])
        #expect(fromGroups.status == 0 && plain.status == 0, "\(fromGroups.stderr)")
        guard case .array(let groupedItems)? = try JSONParser.parse(fromGroups.stdout)["items"],
            case .array(let plainItems)? = try JSONParser.parse(plain.stdout)["items"]
        else {
            Issue.record("no items: \(fromGroups.stdout)")
            return
        }
        #expect(groupedItems.map { $0["id"] } == [.string("armchair"), .string("wardrobe")])
        for item in groupedItems {
            let same = plainItems.first { $0["id"] == item["id"] }
            #expect(item["badge"] == same?["badge"] && item["reasons"] == same?["reasons"] && item["placement"] == same?["placement"])
        }
        // The wardrobe does not fit the living room, so the comparison is not of two empty answers.
        #expect(groupedItems.last?["badge"] == .string("does-not-fit"))
    }

    @Test("a stub wall, a low-confidence wall and a door on another story each give their warning")
    func scanWarnings() throws {
        let sample = "SampleScans/rooms/living-room.json"
        guard var scan = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sample))) as? [String: Any],
            var walls = scan["walls"] as? [[String: Any]], var doors = scan["doors"] as? [[String: Any]], !doors.isEmpty
        else {
            Issue.record("the sample scan has no walls or doors")
            return
        }
        var stub = walls[0]
        stub["dimensions"] = [0.2, 2.6, 0]
        stub["identifier"] = "STUB"
        walls.append(stub)
        walls[1]["confidence"] = ["low": [String: Any]()]
        doors[0]["story"] = 1
        (scan["walls"], scan["doors"]) = (walls, doors)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("warnings.json").path
        try JSONSerialization.data(withJSONObject: scan).write(to: URL(fileURLWithPath: path))
        func warnings(_ file: String) throws -> [JSONValue] {
            let result = try CLIRunner.run(["room", file, "--format", "json"])
            guard case .array(let rooms)? = try JSONParser.parse(result.stdout)["rooms"], case .array(let list)? = rooms.first?["warnings"]
            else { return [] }
            return list
        }
        #expect(try warnings(sample).isEmpty)
        let found = try warnings(path)
        #expect(found.map { $0["code"] } == [.string("stub-walls"), .string("low-confidence"), .string("multiple-stories")])
        #expect(
            found.map { $0["message"] } == [
                .string("1 wall is shorter than 0.3 m"), .string("1 element was scanned with low confidence"),
                .string("elements belong to 2 stories"),
            ])
    }

    @Test("fit reads the room or the list from standard input for -; not both")
    func standardInput() throws {
        let scan = try Data(contentsOf: Repository.url("SampleScans/rooms/living-room.json"))
        let list = try Data(contentsOf: Repository.url("SampleScans/rooms/shopping-list.json"))
        let fromFiles = try CLIRunner.run([
            "fit", "--room", "SampleScans/rooms/living-room.json", "--items", "SampleScans/rooms/shopping-list.json", "--format", "json",
        ])
        let room = try CLIRunner.run(
            ["fit", "--room", "-", "--items", "SampleScans/rooms/shopping-list.json", "--format", "json"], stdin: scan)
        let items = try CLIRunner.run(
            ["fit", "--room", "SampleScans/rooms/living-room.json", "--items", "-", "--format", "json"], stdin: list)
        #expect(room.status == 0 && items.status == 0)
        #expect(try JSONParser.parse(room.stdout)["room"] == .string("-"))
        #expect(try JSONParser.parse(room.stdout)["items"] == JSONParser.parse(fromFiles.stdout)["items"])
        #expect(try JSONParser.parse(items.stdout)["items"] == JSONParser.parse(fromFiles.stdout)["items"])
        let both = try CLIRunner.run(["fit", "--room", "-", "--items", "-"], stdin: scan)
        #expect(both.status == 2)
        #expect(both.stderr.contains("cannot both read standard input"))
    }

    @Test("--remove matches furniture ignoring case, and warns about a name that matches none")
    func remove() throws {
        let arguments = ["fit", "--room", "SampleScans/rooms/living-room.json", "--items", "SampleScans/rooms/shopping-list.json"]
        let lower = try CLIRunner.run(arguments + ["--remove", "sofa", "--format", "json"])
        let upper = try CLIRunner.run(arguments + ["--remove", "SOFA", "--remove", "sofaa", "--format", "json"])
        #expect(lower.status == 0 && upper.status == 0)
        #expect(upper.stdout == lower.stdout)
        #expect(lower.stderr.isEmpty)
        #expect(upper.stderr == "remo-geom fit: warning: --remove sofaa names no furniture in the room (it has: sofa, table)\n")
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

    /// A CapturedStructure of two sample rooms (the living room, then the bedroom with
    /// the narrow door), written to `folder`.
    static func twoRoomStructure(in folder: URL) throws -> String {
        func sample(_ name: String) throws -> String {
            try String(contentsOf: Repository.url("SampleScans/rooms/\(name)"), encoding: .utf8)
        }
        let text =
            #"{"rooms": ["# + (try sample("living-room.json")) + "," + (try sample("bedroom-narrow-door.json")) + #"], "version": 2}"#
        let path = folder.appendingPathComponent("two-rooms.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("--room-number chooses a room of a structure for fit and for room's plan; a number past the rooms exits 2")
    func roomNumber() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let structure = try Self.twoRoomStructure(in: folder)
        func badges(_ arguments: [String]) throws -> [JSONValue?] {
            let result = try CLIRunner.run(
                ["fit", "--room", structure, "--items", "SampleScans/rooms/shopping-list.json", "--format", "json"] + arguments)
            #expect(result.status == 0)
            guard case .array(let items)? = try JSONParser.parse(result.stdout)["items"] else { return [] }
            return items.map { $0["badge"] }
        }
        // The living room takes the armchair; the bedroom's narrow door does not let it in.
        #expect(try badges([]).first == .string("fits"))
        #expect(try badges(["--room-number", "1"]).first == .string("fits"))
        #expect(try badges(["--room-number", "2"]).first == .string("does-not-fit"))
        let past = try CLIRunner.run(["fit", "--room", structure, "--items", "SampleScans/rooms/shopping-list.json", "--room-number", "3"])
        #expect(past.status == 2)
        #expect(past.stderr.contains("two-rooms.json: the scan has 2 rooms; --room-number 3 names none"))
        let zero = try CLIRunner.run(["fit", "--room", structure, "--items", "SampleScans/rooms/shopping-list.json", "--room-number", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--room-number counts from 1"))

        let first = folder.appendingPathComponent("first.png").path
        let second = folder.appendingPathComponent("second.png").path
        #expect(try CLIRunner.run(["room", structure, "--plan", first]).status == 0)
        #expect(try CLIRunner.run(["room", structure, "--plan", second, "--room-number", "2"]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: first))
        let b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) && b.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(a != b)
        let missing = folder.appendingPathComponent("missing.png").path
        let none = try CLIRunner.run(["room", structure, "--plan", missing, "--room-number", "5", "--format", "json"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("the scan has 2 rooms; --room-number 5 names none"))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("room --plan --all-rooms draws every room of a structure on one plan; without --plan, or with --room-number, exit 2")
    func allRooms() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let structure = try Self.twoRoomStructure(in: folder)
        let (all, first) = (folder.appendingPathComponent("all.png").path, folder.appendingPathComponent("first.png").path)
        #expect(try CLIRunner.run(["room", structure, "--plan", all, "--all-rooms"]).status == 0)
        #expect(try CLIRunner.run(["room", structure, "--plan", first]).status == 0)
        let second = folder.appendingPathComponent("second.png").path
        #expect(try CLIRunner.run(["room", structure, "--plan", second, "--room-number", "2"]).status == 0)
        let pictures = try [all, first, second].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(pictures[0] != pictures[1] && pictures[0] != pictures[2], "the plan of all rooms is one room's")
        let noPlan = try CLIRunner.run(["room", structure, "--all-rooms"])
        #expect(noPlan.status == 2 && noPlan.stderr.contains("--all-rooms draws a plan"))
        let both = try CLIRunner.run(["room", structure, "--plan", all, "--all-rooms", "--room-number", "2"])
        #expect(both.status == 2 && both.stderr.contains("leave out --room-number"))
    }

    @Test("a structure with no rooms at all: room --plan and fit say so and exit 2, instead of no picture or no-scan badges")
    func noRooms() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.json")
        try Data(#"{"rooms": [], "story": 0, "version": 2}"#.utf8).write(to: empty)
        let room = try CLIRunner.run(["room", empty.path, "--plan", folder.appendingPathComponent("p.png").path, "--format", "text"])
        #expect(room.status == 2)
        // Refused before anything is printed: no summary of a run that failed.
        #expect(room.stdout.isEmpty)
        #expect(room.stderr.contains("empty.json: the scan has no rooms"))
        let summary = try CLIRunner.run(["room", empty.path, "--format", "text"])
        #expect(summary.status == 0 && summary.stdout.contains("captured-structure, 0 rooms"))
        let fit = try CLIRunner.run(["fit", "--room", empty.path, "--items", "SampleScans/rooms/shopping-list.json"])
        #expect(fit.status == 2)
        #expect(fit.stderr.contains("empty.json: the scan has no rooms"))
    }

    @Test("bad usage exits 2, as documented, with the usage on standard error; help and version exit 0")
    func usage() throws {
        for arguments in [
            ["fit", "--items", "SampleScans/rooms/shopping-list.json", "--bogus"], ["room"], ["nonsense"],
            ["room", "SampleScans/rooms/l-shaped.json", "--scan-format", "bogus"],
            ["room", "SampleScans/rooms/l-shaped.json", "--format", "yaml"],
            ["room", "SampleScans/rooms/l-shaped.json", "--plan", "-"],
            ["fit", "--room", "SampleScans/rooms/l-shaped.json", "--items", "SampleScans/rooms/shopping-list.json", "--plan", "-"],
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("Usage: remo-geom"), "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        for arguments in [["--help"], ["fit", "--help"], ["--version"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(!result.stdout.isEmpty, "\(arguments)")
        }
    }
}

extension JSONValue {
    /// The keys of an object, in order; nil for anything else.
    fileprivate var objectKeys: [String]? {
        guard case .object(let members) = self else { return nil }
        return members.map(\.key)
    }
}
