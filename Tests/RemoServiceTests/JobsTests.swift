import Foundation
import RemoJSON
import RemoLasso
import RemoRoom
import RemoService
import RemoTestSupport
import Testing

/// The one-function-per-job layer that every front end calls: typed results, stable
/// error codes and kinds, and the same bytes the command line prints.
@Suite("Jobs")
struct JobsTests {
    static func bytes(_ relative: String) throws -> [UInt8] { try Repository.bytes(relative) }

    static let valid = "SampleScans/regions/valid.json"
    static let design = "SampleScans/design.png"

    @Test("each bad request gets its stable code and kind")
    func errors() throws {
        func failure(_ job: () throws -> Void) -> JobError? {
            do {
                try job()
                return nil
            } catch {
                return error as? JobError
            }
        }
        let truncated = failure { _ = try Jobs.validate(Array("{\"image\":".utf8)) }
        #expect(truncated?.code == .invalidJSON && truncated?.kind == .badInput)
        let shape = failure { _ = try Jobs.chips(Array(#"{"image": {"width": 10, "height": 10}, "regions": 3}"#.utf8)) }
        #expect(shape?.code == .invalidDocument && shape?.message.contains("regions") == true)
        let document = try Self.bytes(Self.valid)
        let notPNG = failure { _ = try Jobs.render(image: document, regions: document) }
        #expect(notPNG?.code == .invalidImage && notPNG?.kind == .badInput)
        let huge = failure {
            _ = try Jobs.render(image: try Self.bytes(Self.design), regions: document, request: RenderRequest(maximumPixels: 1000))
        }
        #expect(huge?.code == .imageTooLarge && huge?.kind == .tooLarge)
        var other = try JSONSerialization.jsonObject(with: Data(document)) as! [String: Any]
        other["image"] = ["width": 800, "height": 600]
        let mismatch = failure {
            _ = try Jobs.render(image: try Self.bytes(Self.design), regions: Array(try JSONSerialization.data(withJSONObject: other)))
        }
        #expect(mismatch?.code == .sizeMismatch && mismatch?.kind == .sizeMismatch)
        #expect(mismatch?.message.contains("is for a 800 × 600 image, but the image is 1024 × 768") == true)
        let scan = try Jobs.room(try Self.bytes("SampleScans/rooms/living-room.json"))
        let room = failure { _ = try Jobs.chooseRoom(scan, number: 2) }
        #expect(room?.code == .noSuchRoom && room?.kind == .noSuchRoom && room?.message.contains("roomNumber 2 names none") == true)
        let list = failure { _ = try Jobs.fit(room: nil, items: Array(#"{"things": []}"#.utf8)) }
        #expect(list?.code == .invalidList)
        let badScan = failure { _ = try Jobs.room(Array("[1, 2]".utf8)) }
        #expect(badScan?.code == .invalidScan)
        // Found by schemathesis: an image side past Int's range trapped in the refusal's
        // message instead of being refused.
        for side in ["1e300", "9.3e18", "4294967296"] {
            let vast = failure {
                _ = try Jobs.mask(Array(#"{"image": {"width": \#(side), "height": 1}, "regions": []}"#.utf8))
            }
            #expect(vast?.code == .imageTooLarge, "\(side): \(String(describing: vast))")
        }
    }

    @Test("validate and chips: the objects the CLI prints, without its file name")
    func sameJSONAsTheCommandLine() throws {
        let result = try Jobs.validate(try Self.bytes(Self.valid))
        #expect(result.report.valid && result.report.chips.count == 3)
        let printed = try CLIRunner.run(["validate", Self.valid, "--format", "json"]).stdout
        #expect(printed == #"{"file":"\#(Self.valid)","# + JSONWriter.string(result.json).dropFirst() + "\n")
        let chips = try CLIRunner.run(["chips", Self.valid, "--format", "json"]).stdout
        #expect(chips == JSONWriter.string(try Jobs.chips(try Self.bytes(Self.valid)).json) + "\n")
    }

    @Test("render: the same PNG bytes as remo-geom render, whatever the options")
    func sameRender() throws {
        for (arguments, options) in [
            ([String](), RenderRequest()),
            (
                ["--scale", "2", "--stroke-width", "5", "--compression", "small", "--no-chips"],
                RenderRequest(scale: .pixelsPerPoint(2), strokeWidth: 5, drawChips: false, compression: .small)
            ),
            (["--scale", "auto"], RenderRequest(scale: .automatic)),
        ] {
            let job = try Jobs.render(image: try Self.bytes(Self.design), regions: try Self.bytes(Self.valid), request: options)
            let printed = try CLIRunner.runBytes(["render", "--image", Self.design, "--regions", Self.valid, "--output", "-"] + arguments)
            #expect(printed == job.png, "\(arguments)")
        }
    }

    @Test("one scale rule: render places the chips chips and validate place, from the document's own scale unless told otherwise")
    func renderPlacesTheChipsOfChips() throws {
        // The sample at 2 pixels per point, where `auto` would give 1 for its 1024 × 768 image.
        let text = String(decoding: try Self.bytes(Self.valid), as: UTF8.self)
        #expect(text.contains(#""scale": 1,"#))
        let bytes = Array(text.replacingOccurrences(of: #""scale": 1,"#, with: #""scale": 2,"#).utf8)
        let chips = try Jobs.chips(bytes).chips
        let validated = try Jobs.validate(bytes).report.chips
        let rendered = try Jobs.render(image: try Self.bytes(Self.design), regions: bytes).report.chips
        #expect(rendered == chips && validated == chips)
        #expect(chips.allSatisfy { $0.radius == 24 }, "\(chips.map(\.radius))")
        // Asked for, auto and a number override the document's scale.
        let automatic = try Jobs.render(image: try Self.bytes(Self.design), regions: bytes, request: RenderRequest(scale: .automatic))
        #expect(automatic.report.chips.allSatisfy { $0.radius == 12 })
        let three = try Jobs.render(image: try Self.bytes(Self.design), regions: bytes, request: RenderRequest(scale: .pixelsPerPoint(3)))
        #expect(three.report.chips.allSatisfy { $0.radius == 36 })
    }

    /// Room and fit through the jobs and through the CLI: the same objects.
    static func sameRoomAndFit(_ scans: [String]) throws {
        let list = try Self.bytes("SampleScans/rooms/shopping-list.json")
        for path in scans {
            let scan = try Jobs.room(try Self.bytes(path))
            let printed = try CLIRunner.run(["room", path, "--format", "json"]).stdout
            #expect(printed == #"{"file":"\#(path)","# + JSONWriter.string(ResultJSON.roomSummary(scan)).dropFirst() + "\n", "\(path)")
            let fit = try Jobs.fit(room: try Jobs.chooseRoom(scan, number: nil), items: list, remove: ["Sofa"])
            let badges = try CLIRunner.run([
                "fit", "--room", path, "--items", "SampleScans/rooms/shopping-list.json", "--remove", "Sofa", "--format", "json",
            ])
            #expect(badges.stdout == JSONWriter.string(ResultJSON.fit(room: path, results: fit.results)) + "\n", "\(path)")
        }
    }

    @Test("room and fit on the real exports: the same objects as the CLI", TestData.needs(.roomplan))
    func sameRoomAndFitOnRealExports() throws {
        try Self.sameRoomAndFit(TestData.paths(.roomplan, endingWith: ".json"))
    }

    @Test("room, fit and plan: the same objects and pictures as the CLI, on the samples")
    func sameRoomAndFit() throws {
        let list = try Self.bytes("SampleScans/rooms/shopping-list.json")
        try Self.sameRoomAndFit([
            "SampleScans/rooms/living-room.json", "SampleScans/rooms/l-shaped.json", "schemas/examples/room-dimensions.json",
        ])
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let planPath = folder.appendingPathComponent("plan.png").path
        let living = "SampleScans/rooms/living-room.json"
        _ = try CLIRunner.run(["fit", "--room", living, "--items", "SampleScans/rooms/shopping-list.json", "--plan", planPath])
        let room = try Jobs.chooseRoom(try Jobs.room(try Self.bytes(living)), number: 1)
        #expect(
            Array(try Data(contentsOf: URL(fileURLWithPath: planPath))) == (try Jobs.plan(room, fit: try Jobs.fit(room: room, items: list)))
        )
    }

    @Test("schemathesis findings: a scale or sizes that overflow give an error or a warning, never null numbers in the answer")
    func noInfinitiesInAnswers() throws {
        let scaled =
            #"{"image": {"width": 100, "height": 100}, "scale": 1e308, "regions": [{"id": "a", "number": 1, "points": [[1, 1], [50, 1], [50, 50]]}]}"#
        do {
            _ = try Jobs.chips(Array(scaled.utf8))
            Issue.record("a scale of 1e308 was accepted")
        } catch {
            #expect(error.code == .invalidDocument && error.message.contains("up to 10000"))
        }
        let huge =
            #"{"ceilingHeight": 2.4, "walls": [{"length": 4, "height": 2.4, "position": [0, 1.2, 0]}, {"length": 4.8e16, "height": 2.5e16, "position": [1e300, 0, 0]}], "openings": [{"type": "door", "width": 6e15, "height": 2}]}"#
        let scan = try Jobs.room(Array(huge.utf8))
        let text = JSONWriter.string(ResultJSON.roomSummary(scan))
        #expect(!text.contains("null,") && !text.contains("[null") && text.contains("invalid-size"), "\(text)")
        #expect(scan.rooms[0].walls.count == 1 && scan.rooms[0].doors.isEmpty)
    }
}
