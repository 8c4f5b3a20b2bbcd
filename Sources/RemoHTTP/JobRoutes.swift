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
    }

    /// `POST /v1/validate`: the `validate` object without `file` (an invalid document is
    /// still 200, with `"valid": false`).
    static func validate(_ input: Input) throws(ServiceError) -> Response {
        var rules = LassoRules()
        if let v = try integer(input.query, "maxRegions", atLeast: 0) { rules.maximumRegions = v }
        if let v = try number(input.query, "minAreaFraction", in: 0...1) { rules.minimumAreaFraction = v }
        if let v = try integer(input.query, "maxPoints", atLeast: 3) { rules.maximumPoints = v }
        return json(try job { () throws(JobError) in try Jobs.validate(input.body, rules: rules).json })
    }

    /// `POST /v1/chips`: `{"chips", "findings"}`.
    static func chips(_ input: Input) throws(ServiceError) -> Response {
        json(try job { () throws(JobError) in try Jobs.chips(input.body).json })
    }

    /// `POST /v1/render`: the annotated PNG, with `Remo-Valid`.
    static func render(_ input: Input) throws(ServiceError) -> Response {
        guard let boundary = MultipartForm.boundary(of: input.contentType) else {
            throw ServiceError(.unsupportedMediaType, code: "unsupported-media-type", message: "POST /v1/render takes multipart/form-data")
        }
        let form = try MultipartForm(input.body, boundary: boundary)
        guard let image = form["image"], let regions = form["regions"] else {
            throw .badRequest("the form needs two parts: image (PNG bytes) and regions (a region document)", code: "invalid-multipart")
        }
        var options = RenderOptions(maximumPixels: input.maximumPixels)
        if let scale = input.query["scale"] {
            if scale == "auto" {
                options.scale = .automatic
            } else {
                guard let value = Double(scale), value > 0, value <= RenderOptions.maximumScale else {
                    throw invalid(
                        "scale", "auto or a number of pixels per point up to \(LassoValidator.format(RenderOptions.maximumScale))")
                }
                options.scale = .pixelsPerPoint(value)
            }
        }
        if let text = input.query["strokeWidth"] {
            let limit = RenderOptions.strokeWidthLimit
            guard let width = Double(text), width > 0, width < limit else {
                throw invalid("strokeWidth", "a width between 0 and \(LassoValidator.format(limit)) points")
            }
            options.strokeWidth = width
        }
        if let chips = input.query["chips"] {
            guard chips == "true" || chips == "false" else { throw invalid("chips", "true or false") }
            options.drawChips = chips == "true"
        }
        if let compression = input.query["compression"] {
            guard let value = PNGCompression(rawValue: compression) else { throw invalid("compression", "fast, default or small") }
            options.compression = value
        }
        let result = try job { () throws(JobError) in
            try Jobs.render(image: image, regions: regions, options: options, imageName: "the image part", regionsName: "the regions part")
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[HTTPField.Name("Remo-Valid")!] = result.report.valid ? "true" : "false"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: result.png)))
    }

    /// `POST /v1/room`: the `room` object without `file`.
    static func room(_ input: Input) throws(ServiceError) -> Response {
        var format: RoomScanFormat? = nil
        if let name = input.query["format"] {
            guard let value = RoomScanFormat(rawValue: name) else {
                throw invalid("format", "captured-room, captured-structure or room-dimensions")
            }
            format = value
        }
        return json(try job { () throws(JobError) in ResultJSON.roomSummary(try Jobs.room(input.body, format: format)) })
    }

    /// `POST /v1/fit`: the `fit` object.
    static func fit(_ input: Input) throws(ServiceError) -> Response {
        let result = try job { () throws(JobError) in try FitRequest(input.body, itemsRequired: true).fit() }
        return json(ResultJSON.fit(room: nil, results: result.results))
    }

    /// `POST /v1/plan`: the floor plan as PNG, with the fitting items when `items` is given.
    static func plan(_ input: Input) throws(ServiceError) -> Response {
        let png = try job { () throws(JobError) in try FitRequest(input.body, itemsRequired: false).plan() }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// `POST /v1/repair`: the region document with its self-crossing regions repaired and
    /// a `repairs` list (docs/commands.md).
    static func repair(_ input: Input) throws(ServiceError) -> Response {
        json(try job { () throws(JobError) in try Jobs.repair(input.body).document })
    }

    /// `POST /v1/simplify`: the region document with fewer points per region and a
    /// `simplifications` list (docs/commands.md); query `maxPoints`, `tolerance`.
    static func simplify(_ input: Input) throws(ServiceError) -> Response {
        var options = SimplifyOptions()
        if let v = try integer(input.query, "maxPoints", atLeast: SimplifyOptions.minimumPoints) { options.maxPoints = v }
        options.tolerance = try number(input.query, "tolerance", atLeast: 0)
        return json(try job { () throws(JobError) in try Jobs.simplify(input.body, options: options).document })
    }

    /// `POST /v1/mask`: the inpainting mask of a region document, a PNG
    /// (docs/commands.md); query `region`, `style`, `feather`, `grow`.
    static func mask(_ input: Input) throws(ServiceError) -> Response {
        var options = MaskOptions(maximumPixels: input.maximumPixels)
        options.region = input.query["region"]
        if let name = input.query["style"] {
            guard let style = MaskStyle(rawValue: name) else { throw invalid("style", "alpha or white-on-black") }
            options.style = style
        }
        let limit = 0...MaskOptions.maximumDistance
        if let v = try number(input.query, "feather", in: limit) { options.feather = v }
        if let v = try number(input.query, "grow", in: limit) { options.grow = v }
        let png = try job { () throws(JobError) in try Jobs.mask(input.body, options: options) }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// `POST /v1/photo`: the photo report of docs/commands.md. The format is told from
    /// the bytes (the media type only has to be one of the image types).
    static func photo(_ input: Input) throws(ServiceError) -> Response {
        json(
            try job { () throws(JobError) in
                try Jobs.photo(input.body, maximumPixels: input.maximumPixels, name: "the body").json(file: nil)
            })
    }

    // MARK: Helpers

    static func job<T>(_ work: () throws(JobError) -> T) throws(ServiceError) -> T {
        do { return try work() } catch { throw ServiceError(error) }
    }

    static func json(_ value: JSONValue) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: JSONWriter.string(value))))
    }

    static func invalid(_ name: String, _ expected: String) -> ServiceError {
        .badRequest("the query parameter \(name) must be \(expected)", code: "invalid-parameter")
    }

    static func integer(_ query: [String: String], _ name: String, atLeast minimum: Int) throws(ServiceError) -> Int? {
        guard let text = query[name] else { return nil }
        guard let value = Int(text), value >= minimum else { throw invalid(name, "a whole number of at least \(minimum)") }
        return value
    }

    static func number(_ query: [String: String], _ name: String, in range: ClosedRange<Double>) throws(ServiceError) -> Double? {
        guard let text = query[name] else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw invalid(name, "a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func number(_ query: [String: String], _ name: String, atLeast minimum: Double) throws(ServiceError) -> Double? {
        guard let text = query[name] else { return nil }
        guard let value = Double(text), value >= minimum, value.isFinite else {
            throw invalid(name, "a number of at least \(LassoValidator.format(minimum))")
        }
        return value
    }
}
