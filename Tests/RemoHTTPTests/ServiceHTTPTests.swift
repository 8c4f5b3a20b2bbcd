import Foundation
import RemoGeometry
import RemoImage
import RemoJSON
import RemoRender
import RemoShapes
import RemoTestSupport
import Synchronization
import Testing

/// `remo-geom serve` as the backend calls it: a real server on a free loopback port,
/// requests through curl, every response checked against openapi.json.
@Suite("remo-geom serve over HTTP")
struct ServiceHTTPTests {
    static let valid = "SampleScans/regions/valid.json"
    static let list = "SampleScans/rooms/shopping-list.json"

    /// A slow render (a wide stroke over a dense lasso): PNG and region document files.
    /// The image is noise, so that the answer is megabytes long and takes a while to send.
    static func slowRender(in folder: URL, points: Int = 20_000, width: Int = 1600, height: Int = 1200) throws -> (
        image: String, regions: String
    ) {
        let image = folder.appendingPathComponent("slow.png").path
        var picture = RGBAImage(width: width, height: height, fill: (120, 130, 140, 255))
        var rng = SplitMix64(seed: 11)
        for k in stride(from: 0, to: picture.pixels.count, by: 4) {
            let grain = UInt8.random(in: 0...255, using: &rng)
            (picture.pixels[k], picture.pixels[k + 1], picture.pixels[k + 2]) = (grain, grain &+ 40, grain &+ 80)
        }
        try Data(try PNGCodec.encode(picture)).write(to: URL(fileURLWithPath: image))
        let lasso = Shapes.lasso(
            count: points, center: Point(Double(width) / 2, Double(height) / 2), radius: Double(min(width, height)) * 0.375, seed: 3)
        let document = JSONValue.object([
            ("image", .object([("width", .number(Double(width))), ("height", .number(Double(height)))])),
            (
                "regions",
                .array([
                    .object([
                        ("id", .string("r1")), ("number", .number(1)),
                        ("points", .array(lasso.map { .array([.number($0.x), .number($0.y)]) })),
                    ])
                ])
            ),
        ])
        let regions = folder.appendingPathComponent("slow.json").path
        try Data(JSONWriter.string(document).utf8).write(to: URL(fileURLWithPath: regions))
        return (image, regions)
    }

    @Test("every route answers the same bytes as the CLI for the same input, and every response conforms to openapi.json")
    func sameBytesAsTheCommandLine() throws {
        let service = try ServiceProcess()
        let validate = try service.request("POST", "/v1/validate?maxRegions=3", file: Self.valid)
        let cli = try CLIRunner.run(["validate", Self.valid, "--format", "json"]).stdout
        #expect(validate.status == 200 && #"{"file":"\#(Self.valid)","# + validate.text.dropFirst() + "\n" == cli)
        let chips = try service.request("POST", "/v1/chips", file: Self.valid)
        let printedChips = try CLIRunner.run(["chips", Self.valid, "--format", "json"]).stdout
        #expect(chips.status == 200 && chips.text + "\n" == printedChips)
        for (query, arguments) in [
            ("", [String]()),
            (
                "?scale=2&strokeWidth=5&chips=false&compression=small",
                ["--scale", "2", "--stroke-width", "5", "--no-chips", "--compression", "small"]
            ),
        ] {
            let render = try service.request(
                "POST", "/v1/render\(query)", form: [("image", "@SampleScans/design.png"), ("regions", "@\(Self.valid)")])
            #expect(render.status == 200 && render.headers["content-type"] == "image/png" && render.headers["remo-valid"] == "true")
            let rendered = try CLIRunner.runBytes(
                ["render", "--image", "SampleScans/design.png", "--regions", Self.valid, "--output", "-"] + arguments)
            #expect(render.body == rendered)
        }
        let invalid = try service.request(
            "POST", "/v1/render", form: [("image", "@SampleScans/design.png"), ("regions", "@SampleScans/regions/overlapping.json")])
        #expect(invalid.status == 200 && invalid.headers["remo-valid"] == "false")
        for scan in ["SampleScans/rooms/living-room.json", "SampleScans/rooms/l-shaped.json", "schemas/examples/room-dimensions.json"] {
            let room = try service.request("POST", "/v1/room", file: scan)
            let summary = try CLIRunner.run(["room", scan, "--format", "json"]).stdout
            #expect(room.status == 200 && #"{"file":"\#(scan)","# + room.text.dropFirst() + "\n" == summary)
            let body =
                #"{"scan": \#(try String(contentsOfFile: scan, encoding: .utf8)), "items": \#(try String(contentsOfFile: Self.list, encoding: .utf8)), "remove": ["sofa"]}"#
            let fit = try service.request("POST", "/v1/fit", body: Array(body.utf8))
            let printed = try CLIRunner.run(["fit", "--room", scan, "--items", Self.list, "--remove", "sofa", "--format", "json"]).stdout
            #expect(
                fit.status == 200 && fit.text.replacingOccurrences(of: #"{"room":null"#, with: #"{"room":"\#(scan)""#) + "\n" == printed)
            let plan = try service.request("POST", "/v1/plan", body: Array(body.utf8))
            let planFile = service.folder.appendingPathComponent("plan.png").path
            _ = try CLIRunner.run(["fit", "--room", scan, "--items", Self.list, "--remove", "sofa", "--plan", planFile, "--format", "json"])
            let drawn = Array(try Data(contentsOf: URL(fileURLWithPath: planFile)))
            #expect(plan.status == 200 && plan.body == drawn)
        }
        for (photo, type) in [("SampleScans/photos/sharp.jpg", "image/jpeg"), ("SampleScans/photos/sharp.heic", "image/heic")] {
            let report = try service.request("POST", "/v1/photo", file: photo, contentType: type)
            let printed = try CLIRunner.run(["photo", photo, "--format", "json"]).stdout
            #expect(report.status == 200 && #"{"file":"\#(photo)","# + report.text.dropFirst() + "\n" == printed)
        }
        for (photo, type, query, options) in [
            ("SampleScans/photos/sharp.jpg", "image/jpeg", "?maxSide=256&quality=70", ["--max-side", "256", "--quality", "70"]),
            ("SampleScans/photos/sharp.heic", "image/heic", "?format=png&maxSide=300", ["--format", "png", "--max-side", "300"]),
        ] {
            let prepared = try service.request("POST", "/v1/prepare\(query)", file: photo, contentType: type)
            let format = query.contains("png") ? "png" : "jpeg"
            let file = service.folder.appendingPathComponent("prepared.\(format)").path
            let printed = try CLIRunner.run(["prepare", photo, "--output", file] + options).stdout
            #expect(prepared.status == 200 && prepared.headers["content-type"] == "image/\(format)")
            #expect(prepared.body == Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            #expect(#"{"output":"\#(file)","# + (prepared.headers["remo-result"] ?? "").dropFirst() + "\n" == printed)
        }
        let composite = try service.request(
            "POST", "/v1/composite?grow=2&feather=6",
            form: [("before", "@SampleScans/design.png"), ("after", "@SampleScans/mask.png"), ("regions", "@\(Self.valid)")])
        let compositeFile = service.folder.appendingPathComponent("composite.png").path
        let composited = try CLIRunner.run([
            "composite", "--before", "SampleScans/design.png", "--after", "SampleScans/mask.png", "--regions", Self.valid, "--output",
            compositeFile, "--grow", "2", "--feather", "6",
        ]).stdout
        #expect(composite.status == 200 && composite.headers["content-type"] == "image/png")
        #expect(composite.body == Array(try Data(contentsOf: URL(fileURLWithPath: compositeFile))))
        #expect(#"{"output":"\#(compositeFile)","# + (composite.headers["remo-result"] ?? "").dropFirst() + "\n" == composited)
        let drift = try service.request(
            "POST", "/v1/drift?grow=4",
            form: [("before", "@SampleScans/design.png"), ("after", "@SampleScans/mask.png"), ("regions", "@\(Self.valid)")])
        let measured = try CLIRunner.run([
            "drift", "--before", "SampleScans/design.png", "--after", "SampleScans/mask.png", "--regions", Self.valid, "--grow", "4",
            "--format", "json",
        ])
        #expect(drift.status == 200 && drift.text + "\n" == measured.stdout && measured.status == 1, "\(drift.text)")
        let bundle = try service.request(
            "POST", "/v1/bundle?maxSide=600", form: [("image", "@SampleScans/design.png"), ("regions", "@\(Self.valid)")])
        let roundFolder = service.folder.appendingPathComponent("round").path
        let bundled = try CLIRunner.run([
            "bundle", "--image", "SampleScans/design.png", "--regions", Self.valid, "--output-dir", roundFolder, "--max-side", "600",
        ]).stdout
        let answered = try JSONParser.parse(bundle.body)
        let printed = try JSONParser.parse(Array(bundled.utf8))
        #expect(bundle.status == 200 && answered["valid"] == .bool(true))
        if case .array(let files)? = answered["files"], case .array(let listed)? = printed["files"] {
            #expect(files.count == 4 && listed.count == 4)
            for (file, described) in zip(files, listed) {
                guard case .string(let name)? = file["name"], case .string(let data)? = file["data"] else {
                    Issue.record("a file without its name or data: \(file)")
                    continue
                }
                let written = try Data(contentsOf: URL(fileURLWithPath: roundFolder + "/" + name))
                #expect(Data(base64Encoded: data) == written, "\(name)")
                #expect(file["sha256"] == described["sha256"] && file["name"] == described["name"])
            }
        } else {
            Issue.record("no files: \(bundle.text)")
        }
        let crossing = "SampleScans/regions/self-intersecting.json"
        let repair = try service.request("POST", "/v1/repair", file: crossing)
        let repaired = try CLIRunner.run(["repair", crossing]).stdout
        #expect(repair.status == 200 && repair.text + "\n" == repaired)
        let valid = "SampleScans/regions/valid.json"
        let simplify = try service.request("POST", "/v1/simplify?maxPoints=20&tolerance=1", file: valid)
        let simplified = try CLIRunner.run(["simplify", valid, "--max-points", "20", "--tolerance", "1"]).stdout
        #expect(simplify.status == 200 && simplify.text + "\n" == simplified && simplify.text.contains(#""simplifications":["#))
        let mask = try service.request("POST", "/v1/mask?region=lamp&style=white-on-black&grow=2&feather=3", file: valid)
        let maskFile = service.folder.appendingPathComponent("mask.png").path
        _ = try CLIRunner.run([
            "mask", "--regions", valid, "--output", maskFile, "--region", "lamp", "--style", "white-on-black", "--grow", "2", "--feather",
            "3",
        ])
        let drawn = Array(try Data(contentsOf: URL(fileURLWithPath: maskFile)))
        #expect(mask.status == 200 && mask.body == drawn)
        let noRegion = try service.request("POST", "/v1/mask?region=nope", file: valid)
        #expect(noRegion.status == 422 && noRegion.text.contains(#""code":"no-such-region""#))
        let texts = ["W 88 x D 38 x H 33 in", "Ø 45 cm, H 60 cm", "Box: 40 x 20 x 10 in"]
        let body = Array(JSONWriter.string(.object([("texts", .array(texts.map(JSONValue.string)))])).utf8)
        let sizes = try service.request("POST", "/v1/dimensions", body: body)
        let read = try CLIRunner.run(["dimensions", "--format", "json", "--"] + texts).stdout
        #expect(sizes.status == 200 && sizes.text + "\n" == #"{"results":"# + read.dropLast() + "}\n", "\(sizes.text)")
        let tooMany = Array(JSONWriter.string(.object([("texts", .array([.number(3)]))])).utf8)
        let notText = try service.request("POST", "/v1/dimensions", body: tooMany)
        #expect(notText.status == 400 && notText.text.contains("$.texts[0]: expected a string"), "\(notText.text)")
        let refused = try service.request("POST", "/v1/simplify?maxPoints=2", file: valid)
        #expect(refused.status == 400 && refused.text.contains("the query parameter maxPoints: expected a whole number of at least 3"))
        #expect(try service.request("GET", "/healthz").text == #"{"status":"ok"}"#)
        #expect(try service.request("GET", "/readyz").text == #"{"status":"ok"}"#)
        let metrics = try service.request("GET", "/metrics")
        #expect(metrics.text.contains(#"remo_http_requests_total{route="/v1/validate",status="200"} 1"#))
        #expect(metrics.text.contains("remo_http_request_duration_seconds") && metrics.text.contains("remo_http_requests_in_flight"))
        let openapi = try service.request("GET", "/openapi.json")
        let document = Array(try Data(contentsOf: Repository.url("openapi.json")))
        #expect(openapi.body == document)
        #expect(validate.headers["x-request-id"]?.isEmpty == false)
        #expect(try service.request("GET", "/healthz", headers: ["X-Request-Id: abc-123"]).headers["x-request-id"] == "abc-123")
        #expect(service.log.contains("request.id=abc-123") && service.log.contains("path=/v1/render"))
        let conformance = try service.checkAgainstOpenAPI()
        #expect(conformance.ok, "\(conformance.report)")
        #expect(service.stop() == 0, "\(service.log.suffix(3000))")
    }

    @Test("every error path gives its status and error object, never a 5xx, and conforms to openapi.json")
    func errorPaths() throws {
        let service = try ServiceProcess(["--max-body-bytes", "200000", "--max-pixels", "2000000"])
        func expectError(_ response: ServiceProcess.Response, _ status: Int, _ code: String, _ what: String) {
            #expect(response.status == status, "\(what): \(response.status) \(response.text)")
            #expect(response.text.contains(#""code":"\#(code)""#), "\(what): \(response.text)")
        }
        let document = try String(contentsOfFile: Self.valid, encoding: .utf8)
        expectError(try service.request("POST", "/v1/validate", body: Array("{\"image\" 1}".utf8)), 400, "invalid-json", "malformed")
        expectError(
            try service.request("POST", "/v1/validate", body: Array(document.prefix(document.count / 2).utf8)), 400, "invalid-json",
            "truncated")
        expectError(
            try service.request("POST", "/v1/chips", body: Array(#"{"image": {"width": "wide"}, "regions": []}"#.utf8)), 400,
            "invalid-document", "wrong type")
        expectError(try service.request("POST", "/v1/validate?maxRegions=-1", file: Self.valid), 400, "invalid-parameter", "bad query")
        expectError(
            try service.request("POST", "/v1/validate", file: Self.valid, contentType: "text/plain"), 415, "unsupported-media-type",
            "media type")
        expectError(try service.request("POST", "/v1/render", file: Self.valid), 415, "unsupported-media-type", "render without a form")
        expectError(
            try service.request("POST", "/v1/validate", file: Self.valid, headers: ["Content-Encoding: gzip"]), 415,
            "unsupported-media-type", "a gzip body")
        let big = service.folder.appendingPathComponent("big.json")
        try Data(count: 300_000).write(to: big)
        expectError(try service.request("POST", "/v1/validate", file: big.path), 413, "too-large", "over the limit")
        expectError(
            try service.request("POST", "/v1/validate", file: big.path, headers: ["Transfer-Encoding: chunked"]), 413, "too-large",
            "chunked over the limit")
        // A PNG header declaring 1,000,000 × 1,000,000 pixels, and a document of another size.
        let huge = service.folder.appendingPathComponent("huge.png")
        try Data(PNGHeader.declaring(width: 1_000_000, height: 1_000_000)).write(to: huge)
        expectError(
            try service.request("POST", "/v1/render", form: [("image", "@\(huge.path)"), ("regions", "@\(Self.valid)")]), 422,
            "image-too-large", "huge PNG")
        let small = service.folder.appendingPathComponent("small.png")
        try Data(try PNGCodec.encode(RGBAImage(width: 20, height: 10, fill: (0, 0, 0, 255)))).write(to: small)
        expectError(
            try service.request("POST", "/v1/render", form: [("image", "@\(small.path)"), ("regions", "@\(Self.valid)")]), 422,
            "size-mismatch", "size mismatch")
        expectError(try service.request("POST", "/v1/render", form: [("image", "@\(small.path)")]), 400, "invalid-multipart", "one part")
        expectError(
            try service.request("POST", "/v1/fit", body: Array(#"{"scan": {"walls": []}}"#.utf8)), 400, "invalid-request",
            "fit without items")
        let scan = try String(contentsOfFile: "SampleScans/rooms/living-room.json", encoding: .utf8)
        expectError(
            try service.request("POST", "/v1/plan", body: Array(#"{"scan": \#(scan), "roomNumber": 2}"#.utf8)), 422, "no-such-room",
            "room number")
        expectError(try service.request("POST", "/v1/room", body: Array("[1, 2, 3]".utf8)), 400, "invalid-scan", "not a scan")
        expectError(
            try service.request("POST", "/v1/photo", file: "SampleScans/photos/sharp.jpg", contentType: "application/json"), 415,
            "unsupported-media-type", "photo as JSON")
        expectError(
            try service.request("POST", "/v1/photo", body: [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3], contentType: "image/jpeg"), 400,
            "invalid-image",
            "a broken JPEG")
        // A small JPEG whose frame header declares 2,000 × 2,000 pixels: over the limit of
        // 2,000,000, refused from the header.
        var photo: [UInt8] = Array(try Data(contentsOf: URL(fileURLWithPath: "Tests/RemoImageTests/Fixtures/huge-declared.jpg")))
        let frame: Int = try #require(photo.indices.dropLast().first { (i: Int) -> Bool in photo[i] == 0xFF && photo[i + 1] == 0xC0 })
        for at in [frame + 5, frame + 7] { (photo[at], photo[at + 1]) = (0x07, 0xD0) }  // 2,000
        expectError(
            try service.request("POST", "/v1/photo", body: photo, contentType: "image/jpeg"), 422, "image-too-large", "a huge photo")
        expectError(
            try service.request("POST", "/v1/prepare", body: photo, contentType: "image/jpeg"), 422, "image-too-large",
            "a huge image to prepare")
        expectError(
            try service.request(
                "POST", "/v1/prepare?maxSide=0", file: "Tests/RemoImageTests/Fixtures/orientation-6.jpg", contentType: "image/jpeg"), 400,
            "invalid-parameter", "a long side of 0")
        expectError(
            try service.request("POST", "/v1/prepare", file: "SampleScans/design.png", contentType: "application/json"), 415,
            "unsupported-media-type", "an image to prepare sent as JSON")
        expectError(
            try service.request(
                "POST", "/v1/composite",
                form: [("before", "@Tests/RemoImageTests/Fixtures/orientation-1.jpg"), ("regions", "@SampleScans/regions/valid.json")]),
            400, "invalid-multipart", "a composite without its after part")
        expectError(try service.request("GET", "/v2/validate"), 404, "not-found", "unknown route")
        let wrongMethod = try service.request("GET", "/v1/validate")
        expectError(wrongMethod, 405, "method-not-allowed", "wrong method")
        #expect(wrongMethod.headers["allow"] == "POST")
        expectError(try service.request("DELETE", "/healthz"), 405, "method-not-allowed", "wrong method on a GET route")
        #expect(!service.log.contains("status=5"), "no 5xx in \(service.log)")
        let conformance = try service.checkAgainstOpenAPI()
        #expect(conformance.ok, "\(conformance.report)")
        #expect(service.stop() == 0)
    }

    @Test(
        "a body that breaks its framing (shorter than its length, a bad chunk, an unknown coding) is 400 bad-framing, never a 5xx",
        arguments: [
            "Content-Length: 50\r\n\r\n{\"a\": 1}", "Transfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n",
            "Transfer-Encoding: chunked\r\n\r\n3\r\nabcXX0\r\n\r\n", "Transfer-Encoding: xchunked\r\n\r\n5\r\nabcde\r\n0\r\n\r\n",
            "Content-Length: 9223372036854775808\r\n\r\n{}",
        ])
    func framingErrors(_ framing: String) throws {
        let service = try ServiceProcess([])
        let request = "POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" + framing
        let answer = String(decoding: try service.exchange(Array(request.utf8), closingWrites: true), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer)")
        #expect(answer.contains(#""code":"bad-framing""#), "\(answer)")
        // The service goes on answering, and counts no 5xx.
        #expect(try service.request("POST", "/v1/validate", file: Self.valid).status == 200)
        #expect(!(try service.request("GET", "/metrics").text.contains(#"status="500""#)))
        #expect(service.stop() == 0)
    }

    @Test("an X-Request-Id that is not a short token of safe characters is replaced, never echoed or logged raw; a safe one is kept")
    func requestIDs() throws {
        let service = try ServiceProcess([])
        let hostile = "x status=200 route=/forged"
        let replaced = try service.request("POST", "/v1/validate", file: Self.valid, headers: ["X-Request-Id: \(hostile)"])
        #expect(replaced.status == 200 && replaced.headers["x-request-id"] != hostile && replaced.headers["x-request-id"]?.isEmpty == false)
        let long = String(repeating: "a", count: 129)
        #expect(
            try service.request("POST", "/v1/validate", file: Self.valid, headers: ["X-Request-Id: \(long)"]).headers["x-request-id"]
                != long)
        let kept = try service.request("POST", "/v1/validate", file: Self.valid, headers: ["X-Request-Id: trace-42.a_b"])
        #expect(kept.headers["x-request-id"] == "trace-42.a_b")
        #expect(service.stop() == 0)
        #expect(!service.log.contains("route=/forged") && !service.log.contains(hostile), "\(service.log)")
        #expect(service.log.contains("request.id=trace-42.a_b"), "\(service.log)")
    }

    @Test("/metrics parses with Prometheus's own parser: every family has its HELP, durations from 100 µs to 60 s, build and process")
    func metricsExposition() throws {
        let service = try ServiceProcess([])
        #expect(try service.request("POST", "/v1/validate", file: Self.valid).status == 200)
        let scraped = service.folder.appendingPathComponent("metrics.txt")
        try Data(try service.request("GET", "/metrics").body).write(to: scraped)
        #expect(service.stop() == 0)
        let check = """
            import sys
            from prometheus_client.parser import text_string_to_metric_families
            families = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
            wanted = ["remo_http_requests", "remo_http_request_duration_seconds", "remo_http_request_bytes", "remo_http_response_bytes",
                      "remo_http_requests_in_flight", "remo_build_info", "process_cpu_seconds_total", "process_resident_memory_bytes",
                      "process_open_fds"]
            missing = [n for n in wanted if n not in families]
            undocumented = [n for n, f in families.items() if not f.documentation]
            bounds = sorted({float(s.labels["le"]) for s in families["remo_http_request_duration_seconds"].samples if "le" in s.labels})
            build = [s.labels.get("version") for s in families["remo_build_info"].samples]
            memory = families["process_resident_memory_bytes"].samples[0].value
            print(missing, undocumented, bounds[0], bounds[-2], build, memory > 1e6)
            """
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", "-c", check, scraped.path])
        #expect(
            result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[] [] 0.0001 60.0 ['0.1.0'] True",
            "\(result.stdout)\(result.stderr)")
    }

    @Test("a connection that says nothing for --idle-timeout is closed: a stalled head, a stalled body, an idle keep-alive")
    func idleConnections() throws {
        let service = try ServiceProcess(["--idle-timeout", "1"])
        let stalledHead = try service.connection()
        defer { close(stalledHead) }
        try ServiceProcess.send(Array("POST /v1/validate HTTP/1.1\r\nHost: local".utf8), on: stalledHead)
        let stalledBody = try service.connection()
        defer { close(stalledBody) }
        try ServiceProcess.send(
            Array("POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{\"image\"".utf8), on: stalledBody)
        let keptAlive = try service.connection()
        defer { close(keptAlive) }
        try ServiceProcess.send(Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8), on: keptAlive)
        #expect(ServiceProcess.receive(on: keptAlive).map { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 200") } == true)
        // Each is closed by the service well within 15 s (a timeout of 1 s), not left open.
        #expect(ServiceProcess.isClosed(stalledHead, within: 15), "a stalled head")
        #expect(ServiceProcess.isClosed(stalledBody, within: 15), "a stalled body")
        #expect(ServiceProcess.isClosed(keptAlive, within: 15), "an idle keep-alive connection")
        #expect(try service.request("POST", "/v1/validate", file: Self.valid).status == 200)
        #expect(service.stop() == 0)
    }

    @Test("started with a soft limit of 256 open files, the service raises it to the hard limit")
    func openFileLimit() throws {
        let service = try ServiceProcess([], launcher: ["/usr/bin/prlimit", "--nofile=256:"])
        let limits = try String(contentsOfFile: "/proc/\(service.process.processIdentifier)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let fields = line.split(separator: " ").dropFirst(3)
        #expect(fields.count >= 2 && fields.first == fields.dropFirst().first && fields.first != "256", "\(line)")
        #expect(service.stop() == 0)
    }

    @Test("after SIGTERM, for --drain-delay seconds new connections still get answers and readyz 503; then it exits 0, each step logged")
    func drainDelay() throws {
        let service = try ServiceProcess(["--drain-delay", "3"])
        kill(service.process.processIdentifier, SIGTERM)
        usleep(300_000)
        #expect(try service.request("GET", "/readyz").status == 503)
        #expect(try service.request("POST", "/v1/validate", file: Self.valid).status == 200)
        #expect(service.process.isRunning, "it left before the drain delay ended")
        service.process.waitUntilExit()
        #expect(service.process.terminationStatus == 0)
        // Each step of the shutdown is logged, in order, the last line saying it ended.
        let steps = ["draining: readyz answers 503", "shutting down: new connections are refused", "stopped"]
        let positions = steps.map { service.log.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted(), "\(service.log)")
        #expect(service.log.split(separator: "\n").last?.contains("stopped") == true, "\(service.log)")
    }

    @Test("--log-format json: every log line a JSON object with the request's id, status, bytes, time and error code")
    func jsonLogs() throws {
        let service = try ServiceProcess(["--log-format", "json"])
        #expect(try service.request("POST", "/v1/validate", file: Self.valid, headers: ["X-Request-Id: ok-1"]).status == 200)
        #expect(try service.request("POST", "/v1/validate?maxPoints=1", file: Self.valid, headers: ["X-Request-Id: bad-1"]).status == 400)
        #expect(service.stop() == 0)
        let lines = service.log.split(separator: "\n").filter { $0.hasPrefix("{") }
        var requests: [String: [String: JSONValue]] = [:]
        for line in lines {
            guard case .object(let members) = try JSONParser.parse(Array(line.utf8)) else {
                Issue.record("not an object: \(line)")
                continue
            }
            let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            #expect(["time", "level", "label", "message"].allSatisfy { fields[$0] != nil }, "\(line)")
            if case .string(let id)? = fields["request.id"] { requests[id] = fields }
        }
        #expect(requests["ok-1"]?["status"] == .string("200") && requests["ok-1"]?["error.code"] == nil)
        #expect(requests["bad-1"]?["status"] == .string("400") && requests["bad-1"]?["error.code"] == .string("invalid-parameter"))
        #expect(requests["ok-1"]?["bytes.out"] != nil && requests["ok-1"]?["bytes.in"] != .string("0"))
    }

    @Test("past --max-connections a request gets 503 busy with Retry-After at once; once a connection closes, answers again")
    func connectionLimit() throws {
        let service = try ServiceProcess(["--max-connections", "2"])
        let held = [try service.connection(), try service.connection()]
        usleep(200_000)
        let refused = String(decoding: try service.exchange(Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)), as: UTF8.self)
        #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused)")
        #expect(refused.lowercased().contains("retry-after: 1") && refused.contains(#""code":"busy""#), "\(refused)")
        held.forEach { close($0) }
        var answered = false
        for _ in 0..<50 where !answered {
            usleep(100_000)
            answered = (try? service.request("GET", "/healthz"))?.status == 200
        }
        #expect(answered, "no answer once the held connections closed")
        // Logged and counted like any other answer.
        #expect(service.log.contains("error.code=busy") && service.log.contains("path=/healthz"), "\(service.log)")
        let metrics = try service.request("GET", "/metrics").text
        #expect(metrics.contains(#"remo_http_requests_total{route="connection",status="503"} 1"#), "\(metrics)")
        #expect(service.stop() == 0)
    }

    @Test("every option also from a REMO_ variable named after it; the command line wins; a bad value names its variable")
    func environmentVariables() throws {
        let service = try ServiceProcess(
            ["--max-pixels", "3000000"], environment: ["REMO_MAX_BODY_BYTES": "100", "REMO_MAX_PIXELS": "5", "REMO_LOG_FORMAT": "json"])
        #expect(try service.request("POST", "/v1/validate", file: Self.valid).status == 413)
        #expect(service.log.contains(#""message":"listening on http://127.0.0.1:"#), "\(service.log)")
        #expect(service.log.contains("pixel limit 3000000"), "the command line did not win: \(service.log)")
        #expect(service.stop() == 0)
        for (variable, value) in [
            ("REMO_PORT", "eighty"), ("REMO_IDLE_TIMEOUT", "0"), ("REMO_LOG_FORMAT", "xml"), ("REMO_LOG_LEVEL", "loud"),
        ] {
            // Refused before it listens; `timeout` ends it should it listen after all.
            // (env applies its assignments in order: the variable under test comes last.)
            let bad = try CLIRunner.runProgram(
                "/usr/bin/env", ["REMO_PORT=0", "\(variable)=\(value)", "/usr/bin/timeout", "10", CLIRunner.executable.path, "serve"])
            #expect(bad.status == 2 && bad.stderr.contains(variable), "\(variable)=\(value): \(bad.stderr)")
        }
    }

    @Test(
        "settings also from a JSON file (--config or REMO_CONFIG), keyed by the options in camel case; variables and options win over it; a bad value names its key"
    )
    func configurationFile() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("serve.json")
        try Data(#"{"maxBodyBytes": 100, "maxPixels": 7, "memoryBudget": "3G", "logFormat": "json", "queueLength": 9}"#.utf8).write(
            to: file)
        let service = try ServiceProcess(["--config", file.path, "--queue-length", "11"], environment: ["REMO_MAX_PIXELS": "8"])
        #expect(try service.request("POST", "/v1/validate", file: Self.valid).status == 413, "maxBodyBytes from the file")
        let log = service.log
        #expect(log.contains(#""message":"listening on http://127.0.0.1:"#), "logFormat from the file: \(log)")
        #expect(log.contains("memory budget \(3 << 30) bytes"), "memoryBudget from the file: \(log)")
        #expect(log.contains("pixel limit 8,") && log.contains("queue 11,"), "the variable and the option win: \(log)")
        #expect(service.stop() == 0)
        let fromVariable = try ServiceProcess([], environment: ["REMO_CONFIG": file.path])
        #expect(fromVariable.log.contains("queue 9,"), "REMO_CONFIG: \(fromVariable.log)")
        #expect(fromVariable.stop() == 0)
        for (text, named) in [(#"{"idleTimeout": "soon"}"#, "idleTimeout in the configuration file"), ("{not json", "serve.json")] {
            try Data(text.utf8).write(to: file)
            let bad = try CLIRunner.runProgram(
                "/usr/bin/timeout", ["10", CLIRunner.executable.path, "serve", "--port", "0", "--config", file.path])
            #expect(bad.status == 2 && bad.stderr.contains(named), "\(text): \(bad.stderr)")
        }
        let missing = try CLIRunner.run(["serve", "--config", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 2 && missing.stderr.contains("none.json"), "\(missing.stderr)")
    }

    @Test("a request with Expect: 100-continue gets 100 Continue before it sends its body, then its answer (curl asks so above 1 MiB)")
    func expectContinue() throws {
        let service = try ServiceProcess()
        let body = try Array(Data(contentsOf: Repository.url("SampleScans/regions/valid.json")))
        let socket = try service.connection()
        defer { close(socket) }
        let head =
            "POST /v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Expect: 100-continue\r\nConnection: close\r\n\r\n"
        try ServiceProcess.send(Array(head.utf8), on: socket)
        let interim = String(decoding: ServiceProcess.receive(on: socket) ?? [], as: UTF8.self)
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(interim)")
        try ServiceProcess.send(body, on: socket)
        let text = String(decoding: ServiceProcess.readToClose(socket), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n") && text.contains("\"valid\":true"), "\(text)")
        #expect(service.stop() == 0)
    }

    @Test("a 200 MB upload over the limit is refused from Content-Length: the service's memory stays flat")
    func largeUploadMemory() throws {
        let service = try ServiceProcess()
        _ = try service.request("GET", "/healthz")
        let before = service.residentBytes
        let upload = service.folder.appendingPathComponent("upload.bin")
        #expect(FileManager.default.createFile(atPath: upload.path, contents: nil))
        let handle = try FileHandle(forWritingTo: upload)
        try handle.truncate(atOffset: 200_000_000)  // a sparse file: no 200 MB in the test's memory
        try handle.close()
        let response = try service.request("POST", "/v1/validate", file: upload.path)
        #expect(response.status == 413)
        let growth = service.residentBytes - before
        #expect(growth < 8 << 20, "resident memory grew by \(growth >> 20) MB")
        #expect(service.stop() == 0)
    }

    /// Waits up to 20 s until a request besides the metrics scrape itself is in flight.
    static func waitUntilInFlight(_ service: ServiceProcess) -> Bool {
        for _ in 0..<400 {
            if (try? service.request("GET", "/metrics"))?.text.contains("remo_http_requests_in_flight 2") == true { return true }
            usleep(50_000)
        }
        return false
    }

    @Test("SIGTERM during a render of 12 megapixels: the 38 MB response arrives whole, and the process exits 0")
    func shutdownDuringARender() throws {
        let service = try ServiceProcess()
        // An answer larger than the socket's buffers, so that it is still being sent when
        // the server closes the connection.
        let (image, regions) = try Self.slowRender(in: service.folder, width: 4096, height: 3072)
        nonisolated(unsafe) var response: ServiceProcess.Response? = nil
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            response = try? service.request(
                "POST", "/v1/render?scale=2&strokeWidth=10", form: [("image", "@\(image)"), ("regions", "@\(regions)")])
            done.signal()
        }
        try #require(Self.waitUntilInFlight(service), "the render never showed in flight: nothing would be drained")
        #expect(service.stop() == 0)
        done.wait()
        #expect(response?.status == 200)
        // Whole: as long as the header said, and ending with the PNG's end chunk. (That a
        // render answers the CLI's bytes is the test of every route above.)
        let body = response?.body ?? []
        let declared = Int(response?.headers["content-length"] ?? "")
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        #expect(body.count > 20_000_000 && declared == body.count, "\(body.count) bytes arrived of the \(declared ?? 0) declared")
        #expect(body.suffix(12).elementsEqual(iend), "the PNG's end chunk is missing")
        #expect(service.log.contains("path=/v1/render") && service.log.contains("status=200"))
    }

    @Test(
        "64 connections of renders while SIGTERM arrives: every response whole, none refused before --drain-delay ends, exit 0"
    )
    func rendersThroughADrain() throws {
        let service = try ServiceProcess(["--drain-delay", "4", "--concurrency", "2"])
        let (image, regions) = try Self.slowRender(in: service.folder, points: 2_000, width: 600, height: 450)
        let answers = Mutex<[ServiceProcess.Response]>([])
        let group = DispatchGroup()
        let render = {
            group.enter()
            Thread.detachNewThread {
                let response = try? service.request("POST", "/v1/render", form: [("image", "@\(image)"), ("regions", "@\(regions)")])
                answers.withLock { $0.append(response ?? ServiceProcess.Response(status: 0, headers: [:], body: [])) }
                group.leave()
            }
        }
        for _ in 0..<32 { render() }
        try #require(Self.waitUntilInFlight(service), "no render in flight when SIGTERM came")
        kill(service.process.processIdentifier, SIGTERM)
        // Connections opened during the drain delay are answered too.
        usleep(500_000)
        for _ in 0..<32 { render() }
        group.wait()
        service.process.waitUntilExit()
        let all = answers.withLock { $0 }
        #expect(all.count == 64)
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        let whole = all.filter {
            $0.status == 200 && Int($0.headers["content-length"] ?? "") == $0.body.count && $0.body.suffix(12).elementsEqual(iend)
        }
        #expect(whole.count == 64, "statuses \(all.map(\.status).sorted())")
        #expect(service.process.terminationStatus == 0)
    }

    @Test("after SIGTERM, readyz answers 503 on a connection already open, once the render before it is answered")
    func readyWhileDraining() throws {
        let service = try ServiceProcess()
        let (image, regions) = try Self.slowRender(in: service.folder)
        let boundary = "remo-test-boundary"
        var form: [UInt8] = []
        for (name, type, path) in [("image", "image/png", image), ("regions", "application/json", regions)] {
            form += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
            form += Array(try Data(contentsOf: URL(fileURLWithPath: path))) + Array("\r\n".utf8)
        }
        form += Array("--\(boundary)--\r\n".utf8)
        // The render and then readyz, pipelined on one connection: readyz is read only
        // when the render has been answered, which is after the SIGTERM below.
        let requests =
            Array(
                "POST /v1/render?scale=10&strokeWidth=60 HTTP/1.1\r\nHost: test\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(form.count)\r\n\r\n"
                    .utf8) + form + Array("GET /readyz HTTP/1.1\r\nHost: test\r\n\r\n".utf8)
        nonisolated(unsafe) var answer: [UInt8] = []
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            answer = (try? service.exchange(requests)) ?? []
            done.signal()
        }
        try #require(Self.waitUntilInFlight(service), "the render never showed in flight: nothing would be drained")
        #expect(try service.request("GET", "/readyz").status == 200)
        #expect(service.stop() == 0)
        done.wait()
        let text = String(decoding: answer, as: UTF8.self)
        // Each status line follows the previous body directly (the PNG ends with no newline).
        let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(statuses == ["200", "503"], "\(statuses)")
        #expect(text.hasSuffix(#"{"status":"draining"}"#))
    }

    @Test("a chunked 200 MB upload (no Content-Length) is refused with 413 as soon as it passes the limit: memory stays flat")
    func chunkedUploadOverTheLimit() throws {
        let service = try ServiceProcess(["--max-body-bytes", "1000000"])
        _ = try service.request("GET", "/healthz")
        let before = service.residentBytes
        let upload = service.folder.appendingPathComponent("upload.bin")
        #expect(FileManager.default.createFile(atPath: upload.path, contents: nil))
        let handle = try FileHandle(forWritingTo: upload)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        let response = try service.request("POST", "/v1/validate", file: upload.path, headers: ["Transfer-Encoding: chunked"])
        #expect(response.status == 413)
        #expect(response.text.contains(#""code":"too-large""#))
        let growth = service.residentBytes - before
        #expect(growth < 8 << 20, "resident memory grew by \(growth >> 20) MB")
        #expect(service.log.contains("status=413"))
        #expect(service.stop() == 0)
    }

    @Test("past the slots and the queue, requests get 503 with Retry-After; the rest are answered")
    func backpressure() throws {
        let service = try ServiceProcess(["--concurrency", "1", "--queue-length", "2"])
        let (image, regions) = try Self.slowRender(in: service.folder, points: 5_000)
        let results = Mutex<[ServiceProcess.Response]>([])
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                if let r = try? service.request(
                    "POST", "/v1/render?scale=8&strokeWidth=40", form: [("image", "@\(image)"), ("regions", "@\(regions)")])
                {
                    results.withLock { $0.append(r) }
                }
                group.leave()
            }
        }
        group.wait()
        let answers = results.withLock { $0 }
        #expect(answers.count == 8)
        let busy = answers.filter { $0.status == 503 }
        #expect(!busy.isEmpty, "statuses \(answers.map(\.status))")
        #expect(busy.allSatisfy { $0.headers["retry-after"] == "1" && $0.text.contains(#""code":"busy""#) })
        #expect(answers.allSatisfy { $0.status == 200 || $0.status == 503 })
        let conformance = try service.checkAgainstOpenAPI()
        #expect(conformance.ok, "\(conformance.report)")
        #expect(service.stop() == 0)
    }
}

/// PNG headers for hostile tests.
enum PNGHeader {
    /// A signature and an IHDR chunk (with its CRC) declaring an 8-bit RGBA image of this size.
    static func declaring(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = Array("IHDR".utf8)
        for v in [width, height] { ihdr += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        ihdr += [8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for b in ihdr {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
            + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }
}
