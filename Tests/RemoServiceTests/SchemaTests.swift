import Foundation
import RemoJSON
import RemoService
import RemoTestSupport
import Testing

/// Every format, input and output, against its JSON Schema in `schemas/`, checked by a
/// real validator (Python's jsonschema, draft 2020-12) through
/// `scripts/check-json-schema.py`.
@Suite("JSON Schemas")
struct SchemaTests {
    /// Checks the JSON text of `values` (each written to its own file) against `schema`;
    /// the checker's output when something does not conform.
    static func check(_ schema: String, _ values: [String]) throws -> (ok: Bool, output: String) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (k, value) in values.enumerated() {
            let url = folder.appendingPathComponent("value-\(k).json")
            try Data(value.utf8).write(to: url)
            files.append(url.path)
        }
        let result = try CLIRunner.runProgram(
            "/usr/bin/env", ["python3", "scripts/check-json-schema.py", "schemas/\(schema).schema.json"] + files)
        return (result.status == 0, result.stdout + result.stderr)
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: Repository.url(relative), encoding: .utf8)
    }

    static let regionDocuments = ["four-regions", "out-of-bounds", "overlapping", "self-intersecting", "too-small", "valid"].map {
        "SampleScans/regions/\($0).json"
    }

    static let sampleScans = [
        "SampleScans/rooms/living-room.json", "SampleScans/rooms/l-shaped.json", "SampleScans/rooms/bedroom-narrow-door.json",
        "SampleScans/rooms/walls-not-closed.json", "schemas/examples/room-dimensions.json",
    ]

    /// The `room` and `fit` outputs of the CLI and the room job for each scan.
    static func roomAndFitOutputs(_ scans: [String]) throws -> (rooms: [String], fits: [String]) {
        var rooms: [String] = []
        var fits: [String] = []
        for path in scans {
            rooms.append(try CLIRunner.run(["room", path, "--format", "json"]).stdout)
            rooms.append(JSONWriter.string(ResultJSON.roomSummary(try Jobs.room(Array(Data(contentsOf: Repository.url(path)))))))
            fits.append(
                try CLIRunner.run(["fit", "--room", path, "--items", "SampleScans/rooms/shopping-list.json", "--format", "json"]).stdout)
        }
        return (rooms, fits)
    }

    @Test("the inputs: sample region documents, the shopping list, the RoomDimensions form")
    func inputs() throws {
        for (schema, files) in [
            ("region-document", Self.regionDocuments),
            ("shopping-list", ["SampleScans/rooms/shopping-list.json", "SampleScans/rooms/shopping-list-texts.json"]),
            ("room-dimensions", ["schemas/examples/room-dimensions.json"]),
        ] {
            let result = try Self.check(schema, try files.map(Self.text))
            #expect(result.ok, "\(schema): \(result.output)")
        }
    }

    @Test(
        "the outputs of the CLI and of the jobs: validate, chips, room, fit, photo, prepare, composite, drift, bundle and the error object")
    func outputs() throws {
        var validate: [String] = []
        var chips: [String] = []
        for path in Self.regionDocuments {
            validate.append(try CLIRunner.run(["validate", path, "--format", "json"]).stdout)
            validate.append(JSONWriter.string(try Jobs.validate(Array(Data(Self.text(path).utf8))).json))
            chips.append(try CLIRunner.run(["chips", path, "--format", "json"]).stdout)
        }
        var (rooms, fits) = try Self.roomAndFitOutputs(Self.sampleScans)
        fits.append(try CLIRunner.run(["fit", "--items", "SampleScans/rooms/shopping-list.json", "--format", "json"]).stdout)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"image\": ".utf8).write(to: broken)
        let errors = [
            try CLIRunner.run(["validate", broken.path, "--format", "json"]).stdout,
            try CLIRunner.run(["photo", broken.path, "--format", "json"]).stdout,
            JSONWriter.string(ResultJSON.error(JobError(.invalidJSON, message: "the document: not valid JSON"))),
        ]
        var photos = try ["sharp.jpg", "blurred.jpg", "dark.jpg", "sharp.heic", "originals/rocket.png"].map {
            try CLIRunner.run(["photo", "SampleScans/photos/\($0)", "--format", "json"]).stdout
        }
        photos.append(
            JSONWriter.string(
                try Jobs.photo(Array(Data(contentsOf: URL(fileURLWithPath: "SampleScans/photos/sharp.heic")))).json(file: nil)))
        fits.append(
            try CLIRunner.run([
                "fit", "--room", "SampleScans/rooms/living-room.json", "--items", "SampleScans/rooms/shopping-list-texts.json", "--format",
                "json",
            ]).stdout)
        // Every text of the size corpus, as the service and the worker answer them.
        let corpus = try Self.text("Tests/dimensions-corpus.txt").split(separator: "\n").filter {
            !$0.hasPrefix("#") && $0.contains(" => ")
        }
        .map { String($0.split(separator: " => ")[0]) }
        let sizes = [JSONWriter.string(ResultJSON.dimensionsResult(try DimensionsRequest(texts: corpus).read()))]
        let composites = [
            try CLIRunner.run([
                "composite", "--before", "SampleScans/design.png", "--after", "SampleScans/mask.png", "--regions",
                "SampleScans/regions/valid.json", "--output", folder.appendingPathComponent("c.png").path,
            ]).stdout
        ]
        let drifts = try ["SampleScans/design.png", "SampleScans/mask.png", "SampleScans/photos/sharp.jpg"].map {
            try CLIRunner.run([
                "drift", "--before", "SampleScans/design.png", "--after", $0, "--regions", "SampleScans/regions/valid.json", "--format",
                "json",
            ]).stdout
        }
        let bundles = [
            try CLIRunner.run([
                "bundle", "--image", "SampleScans/design.png", "--regions", "SampleScans/regions/valid.json", "--output-dir",
                folder.appendingPathComponent("round").path, "--max-side", "300",
            ]).stdout,
            try CLIRunner.run([
                "bundle", "--image", "SampleScans/design.png", "--regions", "SampleScans/regions/overlapping.json", "--output-dir",
                folder.appendingPathComponent("refused").path,
            ]).stdout,
        ]
        var prepared = try ["sharp.jpg", "sharp.heic", "originals/rocket.png"].map {
            try CLIRunner.run(["prepare", "SampleScans/photos/\($0)", "--output", folder.appendingPathComponent("p.jpg").path]).stdout
        }
        prepared.append(
            JSONWriter.string(
                try Jobs.prepare(image: Array(Data(contentsOf: URL(fileURLWithPath: "SampleScans/design.png")))).json(output: nil)))
        for (schema, values) in [
            ("validate-result", validate), ("chips-result", chips), ("room-result", rooms), ("fit-result", fits), ("error", errors),
            ("photo-result", photos), ("dimensions-result", sizes), ("prepare-result", prepared), ("composite-result", composites),
            ("bundle-result", bundles), ("drift-result", drifts),
        ] {
            let result = try Self.check(schema, values)
            #expect(result.ok, "\(schema): \(result.output)")
        }
    }

    @Test("the room and fit outputs of the real RoomPlan exports", TestData.needs(.roomplan))
    func realExportOutputs() throws {
        let (rooms, fits) = try Self.roomAndFitOutputs(TestData.paths(.roomplan, endingWith: ".json"))
        for (schema, values) in [("room-result", rooms), ("fit-result", fits)] {
            let result = try Self.check(schema, values)
            #expect(result.ok, "\(schema): \(result.output)")
        }
    }

    @Test("the checker is real: outputs with a key missing, a wrong type or an unknown code are refused")
    func checkerRefuses() throws {
        let valid = try CLIRunner.run(["validate", "SampleScans/regions/valid.json", "--format", "json"]).stdout
        for broken in [
            valid.replacingOccurrences(of: #""valid":true,"#, with: ""),
            valid.replacingOccurrences(of: #""vertexCount":"#, with: #""vertexCount":"many","vertexCounts":"#),
            valid.replacingOccurrences(of: #""chips":["#, with: #""chips":[{"region":"x"},"#),
        ] {
            #expect(!(try Self.check("validate-result", [broken])).ok)
        }
        let fit = try CLIRunner.run(["fit", "--items", "SampleScans/rooms/shopping-list.json", "--format", "json"]).stdout
        #expect(!(try Self.check("fit-result", [fit.replacingOccurrences(of: "\"no-scan\"", with: "\"no-room\"")])).ok)
    }

    @Test("openapi.json is a valid OpenAPI 3.1 document, and it is what scripts/make-openapi.py writes (with the served copy)")
    func openAPIDocument() throws {
        let valid = try CLIRunner.runProgram(
            "/usr/bin/env",
            ["python3", "-c", "import json, openapi_spec_validator as v; v.validate(json.load(open('openapi.json'))); print('valid')"])
        #expect(valid.status == 0 && valid.stdout.contains("valid"), "\(valid.stderr)")
        let current = try CLIRunner.runProgram("/usr/bin/env", ["python3", "scripts/make-openapi.py", "--check"])
        #expect(current.status == 0, "\(current.stdout)\(current.stderr)")
    }
}
