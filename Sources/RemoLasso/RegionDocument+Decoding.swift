import RemoGeometry
import RemoJSON

/// Why a region document could not be read.
public enum RegionDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not JSON.
    case syntax(JSONSyntaxError)
    /// The JSON does not have the document's shape: where (a JSON path) and what.
    case schema(path: String, message: String)

    /// A stable code for the error object of `remo-geom validate`.
    public var code: String {
        switch self {
        case .syntax: return "invalid-json"
        case .schema: return "invalid-document"
        }
    }

    public var description: String {
        switch self {
        case .syntax(let e): return "not valid JSON: \(e)"
        case .schema(let path, let message): return "\(path): \(message)"
        }
    }
}

extension RegionDocument {
    /// Decodes a region document (docs/formats.md) from JSON bytes.
    ///
    /// Points are `[x, y]` pairs or `{"x": …, "y": …}` objects; unknown keys are
    /// ignored. A region with more than `keepingAtMost` points keeps that many and
    /// counts the rest in ``Region/omittedPointCount``, so that a hostile file cannot
    /// make it hold millions of points. Numbers too large for a double decode as
    /// infinities, for the validator to report as `invalid-coordinate`.
    ///
    /// - Throws: ``RegionDocumentError`` naming the JSON path of the first problem,
    ///   such as `regions[1].points[37][0]: expected a number, found a string`.
    public static func decode(_ bytes: [UInt8], keepingAtMost maximumPoints: Int = 1_000_000) throws(RegionDocumentError)
        -> RegionDocument
    {
        var decoder = Decoder(reader: JSONReader(bytes: bytes), maximumPoints: maximumPoints)
        do {
            let document = try decoder.document()
            try decoder.reader.finish()
            return document
        } catch let error as JSONSyntaxError {
            throw .syntax(error)
        } catch let error as RegionDocumentError {
            throw error
        } catch {
            throw .schema(path: "$", message: "\(error)")
        }
    }

    /// Decodes a region document from a JSON string.
    public static func decode(_ text: String) throws(RegionDocumentError) -> RegionDocument {
        try decode(Array(text.utf8))
    }
}

/// A recursive-descent decoder over ``JSONReader`` that knows where it is.
private struct Decoder {
    var reader: JSONReader
    let maximumPoints: Int

    func mismatch(_ path: String, expected: String, found: JSONKind) -> RegionDocumentError {
        .schema(path: path, message: "expected \(expected), found \(found.withArticle)")
    }

    mutating func expect(_ kind: JSONKind, _ path: @autoclosure () -> String, _ description: String) throws {
        let found = try reader.nextKind()
        if found != kind { throw mismatch(path(), expected: description, found: found) }
    }

    mutating func number(_ path: @autoclosure () -> String) throws -> Double {
        try expect(.number, path(), "a number")
        return try reader.readNumber()
    }

    mutating func string(_ path: @autoclosure () -> String) throws -> String {
        try expect(.string, path(), "a string")
        return try reader.readString()
    }

    mutating func optionalString(_ path: @autoclosure () -> String) throws -> String? {
        if try reader.nextKind() == .null {
            try reader.skip()
            return nil
        }
        return try string(path())
    }

    mutating func document() throws -> RegionDocument {
        try expect(.object, "$", "an object (the region document)")
        try reader.beginObject()
        var image: ImageSize?
        var scale = 1.0
        var regions: [Region]?
        while let key = try reader.nextKey() {
            switch key {
            case "image": image = try imageSize("image")
            case "scale":
                scale = try number("scale")
                // Chips are 12 pt: past 10,000 pixels per point their size overflows nothing
                // useful, and far past it, to infinity.
                guard scale.isFinite, scale > 0, scale <= 10_000 else {
                    throw RegionDocumentError.schema(path: "scale", message: "must be a positive number up to 10000")
                }
            case "regions": regions = try regionList("regions")
            default: try reader.skip()
            }
        }
        guard let image else { throw RegionDocumentError.schema(path: "image", message: "missing (the image's width and height)") }
        guard let regions else { throw RegionDocumentError.schema(path: "regions", message: "missing (an array of regions)") }
        return RegionDocument(image: image, scale: scale, regions: regions)
    }

    mutating func imageSize(_ path: String) throws -> ImageSize {
        try expect(.object, path, "an object with width and height")
        try reader.beginObject()
        var width: Double?
        var height: Double?
        while let key = try reader.nextKey() {
            switch key {
            case "width": width = try number(path + ".width")
            case "height": height = try number(path + ".height")
            default: try reader.skip()
            }
        }
        func positive(_ value: Double?, _ name: String) throws -> Double {
            guard let value else { throw RegionDocumentError.schema(path: path + "." + name, message: "missing") }
            guard value.isFinite, value > 0 else {
                throw RegionDocumentError.schema(path: path + "." + name, message: "must be a positive number of pixels")
            }
            return value
        }
        return ImageSize(width: try positive(width, "width"), height: try positive(height, "height"))
    }

    mutating func regionList(_ path: String) throws -> [Region] {
        try expect(.array, path, "an array of regions")
        try reader.beginArray()
        var regions: [Region] = []
        while try reader.nextElement() {
            regions.append(try region("\(path)[\(regions.count)]"))
        }
        return regions
    }

    mutating func region(_ path: String) throws -> Region {
        try expect(.object, path, "an object (a region)")
        try reader.beginObject()
        var id: String?
        var number: Int?
        var points: [Point]?
        var omitted = 0
        var region = Region(id: "", number: 0, points: [])
        while let key = try reader.nextKey() {
            switch key {
            case "id": id = try string(path + ".id")
            case "number":
                let value = try self.number(path + ".number")
                guard value == value.rounded(), value.magnitude < 1e15 else {
                    throw RegionDocumentError.schema(path: path + ".number", message: "must be a whole number")
                }
                number = Int(value)
            case "points": (points, omitted) = try pointList(path + ".points")
            case "action": region.action = try optionalString(path + ".action")
            case "instruction": region.instruction = try optionalString(path + ".instruction")
            case "avoid": region.avoid = try optionalString(path + ".avoid")
            case "styleNudges":
                try expect(.array, path + ".styleNudges", "an array of strings")
                try reader.beginArray()
                var nudges: [String] = []
                while try reader.nextElement() { nudges.append(try string("\(path).styleNudges[\(nudges.count)]")) }
                region.styleNudges = nudges
            default: try reader.skip()
            }
        }
        guard let id else { throw RegionDocumentError.schema(path: path + ".id", message: "missing") }
        guard let number else { throw RegionDocumentError.schema(path: path + ".number", message: "missing") }
        guard let points else { throw RegionDocumentError.schema(path: path + ".points", message: "missing") }
        region.id = id
        region.number = number
        region.points = points
        region.omittedPointCount = omitted
        return region
    }

    mutating func pointList(_ path: String) throws -> ([Point], Int) {
        try expect(.array, path, "an array of points")
        // Fast path for the usual [[x, y], …]; anything else is read point by point below,
        // which names the problem's path.
        if let (values, count) = reader.readNumberPairs(keep: maximumPoints) {
            var points: [Point] = []
            points.reserveCapacity(values.count / 2)
            for k in stride(from: 0, to: values.count, by: 2) { points.append(Point(values[k], values[k + 1])) }
            return (points, count - points.count)
        }
        try reader.beginArray()
        var points: [Point] = []
        var count = 0
        while try reader.nextElement() {
            let p = try point("\(path)[\(count)]")
            if count < maximumPoints { points.append(p) }
            count += 1
        }
        return (points, count - points.count)
    }

    mutating func point(_ path: @autoclosure () -> String) throws -> Point {
        let kind = try reader.nextKind()
        switch kind {
        case .array:
            try reader.beginArray()
            guard try reader.nextElement() else {
                throw RegionDocumentError.schema(path: path(), message: "expected [x, y], found an empty array")
            }
            let x = try number(path() + "[0]")
            guard try reader.nextElement() else {
                throw RegionDocumentError.schema(path: path(), message: "expected [x, y], found one number")
            }
            let y = try number(path() + "[1]")
            guard try !reader.nextElement() else {
                throw RegionDocumentError.schema(path: path(), message: "expected [x, y], found more than two numbers")
            }
            return Point(x, y)
        case .object:
            try reader.beginObject()
            var x: Double?
            var y: Double?
            while let key = try reader.nextKey() {
                switch key {
                case "x": x = try number(path() + ".x")
                case "y": y = try number(path() + ".y")
                default: try reader.skip()
                }
            }
            guard let x, let y else {
                throw RegionDocumentError.schema(path: path(), message: "expected {\"x\": …, \"y\": …} with both coordinates")
            }
            return Point(x, y)
        default:
            throw mismatch(path(), expected: "a point ([x, y] or {\"x\", \"y\"})", found: kind)
        }
    }
}
