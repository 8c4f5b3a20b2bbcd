import Foundation
import HTTPTypes
import Hummingbird
import RemoJSON
import RemoLasso
import RemoRender
import RemoRoom
import RemoService

/// The job routes of docs/service.md: each decodes its request, calls the job of
/// ``RemoService/Jobs`` and encodes the answer; no job logic lives here.
enum JobRoutes {
    /// A request's parts that the jobs read.
    struct Input: Sendable {
        var body: [UInt8]
        var contentType: String
        var query: [String: String]
        var maximumPixels: Int

        /// The query string as the jobs' options.
        var parameters: TextParameters { TextParameters(query, naming: .query) }
    }

    /// A job ready to run: its request read and its memory declared (the service admits it
    /// by that against its budget), its work not yet done.
    struct Prepared: Sendable {
        /// The bytes the job declares (``RemoService/DeclaredMemory``).
        var memory: Int
        /// Computes the answer.
        var run: @Sendable () throws(ServiceError) -> Response

        /// An answer made already (the health, metrics and spec routes).
        static func answer(_ response: Response) -> Prepared {
            Prepared(memory: 0) { () throws(ServiceError) in response }
        }
    }

    /// `POST /v1/validate`: the `validate` object without `file` (an invalid document is
    /// still 200, with `"valid": false`).
    static func validate(_ input: Input) throws(ServiceError) -> Prepared {
        let request = try job { () throws(JobError) in try ValidateRequest(input.parameters) }
        return Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            json(try job { () throws(JobError) in try Jobs.validate(input.body, request: request).json })
        }
    }

    /// `POST /v1/chips`: `{"chips", "findings"}`.
    static func chips(_ input: Input) throws(ServiceError) -> Prepared {
        Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            json(try job { () throws(JobError) in try Jobs.chips(input.body).json })
        }
    }

    /// `POST /v1/render`: the annotated PNG, with `Remo-Valid`.
    static func render(_ input: Input) throws(ServiceError) -> Prepared {
        guard let boundary = MultipartForm.boundary(of: input.contentType) else {
            throw ServiceError(.unsupportedMediaType, message: "POST /v1/render takes multipart/form-data")
        }
        let form = try MultipartForm(input.body, boundary: boundary)
        guard let image = form["image"], let regions = form["regions"] else {
            throw ServiceError(.invalidMultipart, message: "the form needs two parts: image (PNG bytes) and regions (a region document)")
        }
        let request = try job { () throws(JobError) in try RenderRequest(input.parameters, maximumPixels: input.maximumPixels) }
        return Prepared(memory: DeclaredMemory.render(image: image, regions: regions, request: request)) { () throws(ServiceError) in
            let result = try job { () throws(JobError) in
                try Jobs.render(
                    image: image, regions: regions, request: request, imageName: "the image part", regionsName: "the regions part")
            }
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            headers[HTTPField.Name("Remo-Valid")!] = result.report.valid ? "true" : "false"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: result.png)))
        }
    }

    /// The parts `before`, `after` and `regions` of a revision's multipart form (composite, drift).
    static func revisionParts(_ input: Input, route: String) throws(ServiceError) -> (before: [UInt8], after: [UInt8], regions: [UInt8]) {
        guard let boundary = MultipartForm.boundary(of: input.contentType) else {
            throw ServiceError(.unsupportedMediaType, message: "POST \(route) takes multipart/form-data")
        }
        let form = try MultipartForm(input.body, boundary: boundary)
        guard let before = form["before"], let after = form["after"], let regions = form["regions"] else {
            throw ServiceError(
                .invalidMultipart, message: "the form needs three parts: before and after (images) and regions (a region document)")
        }
        return (before, after, regions)
    }

    /// `POST /v1/composite`: the revision as the app shows it, a PNG, with the result object
    /// in `Remo-Result` (docs/commands.md); parts `before`, `after`, `regions`.
    static func composite(_ input: Input) throws(ServiceError) -> Prepared {
        let (before, after, regions) = try revisionParts(input, route: "/v1/composite")
        let request = try job { () throws(JobError) in try CompositeRequest(input.parameters, maximumPixels: input.maximumPixels) }
        let memory = DeclaredMemory.composite(before: before, after: after, regions: regions, request: request)
        return Prepared(memory: memory) { () throws(ServiceError) in
            let result = try job { () throws(JobError) in
                try Jobs.composite(
                    before: before, after: after, regions: regions, request: request,
                    names: ("the before part", "the after part", "the regions part"))
            }
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            headers[HTTPField.Name("Remo-Result")!] = JSONWriter.string(result.json(output: nil))
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: result.png)))
        }
    }

    /// `POST /v1/drift`: the drift object (docs/commands.md); parts `before`, `after`,
    /// `regions`. A drifted pair is still 200.
    static func drift(_ input: Input) throws(ServiceError) -> Prepared {
        let (before, after, regions) = try revisionParts(input, route: "/v1/drift")
        let request = try job { () throws(JobError) in try DriftRequest(input.parameters, maximumPixels: input.maximumPixels) }
        let memory = DeclaredMemory.drift(before: before, after: after, regions: regions, request: request)
        return Prepared(memory: memory) { () throws(ServiceError) in
            json(
                try job { () throws(JobError) in
                    try Jobs.drift(
                        before: before, after: after, regions: regions, request: request,
                        names: ("the before part", "the after part", "the regions part")
                    ).json
                })
        }
    }

    /// `POST /v1/bundle`: one round's files (docs/commands.md) as JSON, each file's bytes in
    /// base64 beside its name, length and SHA-256; parts `image` and `regions`. An invalid
    /// document is still 200, with `"valid": false`, its findings and no files.
    static func bundle(_ input: Input) throws(ServiceError) -> Prepared {
        guard let boundary = MultipartForm.boundary(of: input.contentType) else {
            throw ServiceError(.unsupportedMediaType, message: "POST /v1/bundle takes multipart/form-data")
        }
        let form = try MultipartForm(input.body, boundary: boundary)
        guard let image = form["image"], let regions = form["regions"] else {
            throw ServiceError(
                .invalidMultipart, message: "the form needs two parts: image (PNG, JPEG or HEIC) and regions (a region document)")
        }
        let request = try job { () throws(JobError) in try BundleRequest(input.parameters, maximumPixels: input.maximumPixels) }
        let memory = DeclaredMemory.bundle(image: image, regions: regions, request: request)
        return Prepared(memory: memory) { () throws(ServiceError) in
            let result = try job { () throws(JobError) in
                try Jobs.bundle(image: image, regions: regions, request: request, names: ("the image part", "the regions part"))
            }
            var members = result.members
            if let at = members.firstIndex(where: { $0.key == "files" }), case .array(let files) = members[at].value {
                members[at].value = .array(
                    zip(files, result.files).map { described, file in
                        guard case .object(let fields) = described else { return described }
                        return .object(fields + [("data", .string(Data(file.bytes).base64EncodedString()))])
                    })
            }
            return json(.object(members))
        }
    }

    /// `POST /v1/room`: the `room` object without `file`.
    static func room(_ input: Input) throws(ServiceError) -> Prepared {
        let request = try job { () throws(JobError) in try RoomRequest(input.parameters) }
        return Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            json(try job { () throws(JobError) in ResultJSON.roomSummary(try Jobs.room(input.body, format: request.format)) })
        }
    }

    /// `POST /v1/fit`: the `fit` object.
    static func fit(_ input: Input) throws(ServiceError) -> Prepared {
        Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            let result = try job { () throws(JobError) in try FitRequest(input.body, itemsRequired: true).fit() }
            return json(ResultJSON.fit(room: nil, results: result.results))
        }
    }

    /// `POST /v1/plan`: the floor plan as PNG, with the fitting items when `items` is given.
    static func plan(_ input: Input) throws(ServiceError) -> Prepared {
        Prepared(memory: DeclaredMemory.plan(input.body)) { () throws(ServiceError) in
            png(try job { () throws(JobError) in try FitRequest(input.body, itemsRequired: false).plan() })
        }
    }

    /// `POST /v1/repair`: the region document with its self-crossing regions repaired and
    /// a `repairs` list (docs/commands.md).
    static func repair(_ input: Input) throws(ServiceError) -> Prepared {
        Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            json(try job { () throws(JobError) in try Jobs.repair(input.body).document })
        }
    }

    /// `POST /v1/simplify`: the region document with fewer points per region and a
    /// `simplifications` list (docs/commands.md); query `maxPoints`, `tolerance`.
    static func simplify(_ input: Input) throws(ServiceError) -> Prepared {
        let request = try job { () throws(JobError) in try SimplifyRequest(input.parameters) }
        return Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            json(try job { () throws(JobError) in try Jobs.simplify(input.body, request: request).document })
        }
    }

    /// `POST /v1/dimensions`: `{"results": [...]}`, one reading per text of `{"texts": [...]}`.
    static func dimensions(_ input: Input) throws(ServiceError) -> Prepared {
        Prepared(memory: DeclaredMemory.json(input.body)) { () throws(ServiceError) in
            let request = try job { () throws(JobError) in try DimensionsRequest(input.body) }
            return json(ResultJSON.dimensionsResult(request.read()))
        }
    }

    /// `POST /v1/mask`: the inpainting mask of a region document, a PNG
    /// (docs/commands.md); query `region`, `style`, `feather`, `grow`.
    static func mask(_ input: Input) throws(ServiceError) -> Prepared {
        let request = try job { () throws(JobError) in try MaskRequest(input.parameters, maximumPixels: input.maximumPixels) }
        return Prepared(memory: DeclaredMemory.mask(document: input.body, request: request)) { () throws(ServiceError) in
            png(try job { () throws(JobError) in try Jobs.mask(input.body, request: request) })
        }
    }

    /// `POST /v1/prepare`: the image prepared for the generator (docs/commands.md), with the
    /// result object in `Remo-Result`. The format is told from the bytes.
    static func prepare(_ input: Input) throws(ServiceError) -> Prepared {
        let request = try job { () throws(JobError) in try PrepareRequest(input.parameters, maximumPixels: input.maximumPixels) }
        return Prepared(memory: DeclaredMemory.prepare(image: input.body, request: request)) { () throws(ServiceError) in
            let result = try job { () throws(JobError) in try Jobs.prepare(image: input.body, request: request, imageName: "the body") }
            var headers = HTTPFields()
            headers[.contentType] = result.prepared.format == .png ? "image/png" : "image/jpeg"
            headers[HTTPField.Name("Remo-Result")!] = JSONWriter.string(result.json(output: nil))
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: result.prepared.bytes)))
        }
    }

    /// `POST /v1/photo`: the photo report of docs/commands.md. The format is told from
    /// the bytes (the media type only has to be one of the image types).
    static func photo(_ input: Input) throws(ServiceError) -> Prepared {
        Prepared(memory: DeclaredMemory.photo(image: input.body, maximumPixels: input.maximumPixels)) { () throws(ServiceError) in
            json(
                try job { () throws(JobError) in
                    try Jobs.photo(input.body, maximumPixels: input.maximumPixels, name: "the body").json(file: nil)
                })
        }
    }

    // MARK: Helpers

    static func job<T>(_ work: () throws(JobError) -> T) throws(ServiceError) -> T {
        do { return try work() } catch { throw ServiceError(error) }
    }

    static func png(_ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ value: JSONValue) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: JSONWriter.string(value))))
    }
}
