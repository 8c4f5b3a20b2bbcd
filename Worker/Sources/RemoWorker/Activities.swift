import RemoJSON
import RemoService

/// The activity types the worker serves (docs/worker.md): the names are the contract.
public enum Activity: String, CaseIterable, Sendable {
    case validateRegions = "ValidateRegions"
    case placeChips = "PlaceChips"
    case renderAnnotation = "RenderAnnotation"
    case summarizeRoom = "SummarizeRoom"
    case fitBadges = "FitBadges"
    case drawPlan = "DrawPlan"
    case checkPhoto = "CheckPhoto"
    case repairRegions = "RepairRegions"
    case simplifyRegions = "SimplifyRegions"
    case drawMask = "DrawMask"
    case readDimensions = "ReadDimensions"

    /// Whether the job reads or writes an image: it may take seconds, so it runs on a
    /// thread of its own and heartbeats.
    public var isImageJob: Bool {
        switch self {
        case .renderAnnotation, .drawPlan, .checkPhoto, .drawMask: true
        case .validateRegions, .placeChips, .summarizeRoom, .fitBadges, .repairRegions, .simplifyRegions, .readDimensions: false
        }
    }
}

/// Runs activities: each reads its one JSON argument, calls the job of
/// ``RemoService/Jobs`` that the command line and the HTTP service call, and returns its one
/// JSON result. Image jobs read and write files under the files root.
public struct ActivityRunner: Sendable {
    /// Where image paths point.
    public var files: FilesRoot
    /// Images over this many pixels are refused from their header (`image-too-large`).
    public var maximumPixels: Int

    /// A runner over `files`.
    public init(files: FilesRoot, maximumPixels: Int = PixelLimit.default) {
        self.files = files
        self.maximumPixels = maximumPixels
    }

    /// Runs one activity.
    ///
    /// - Parameters:
    ///   - activity: Which.
    ///   - argument: Its argument: the JSON bytes of one object.
    ///   - stillWanted: Asked before an output file is written; false once the activity was
    ///     cancelled, so that a cancelled job writes nothing.
    /// - Throws: ``RemoService/JobError``: bad input is not worth retrying, the rest is.
    public func run(_ activity: Activity, argument: [UInt8], stillWanted: () -> Bool = { true }) throws(JobError) -> JSONValue {
        switch activity {
        case .validateRegions:
            let argument = try ActivityArgument(argument, shape: "{\"document\", \"rules\"}")
            let request = try ValidateRequest(try argument.options("rules"))
            return try Jobs.validate(try argument.objectBytes("document", "a region document"), request: request, name: "$.document").json

        case .placeChips:
            let argument = try ActivityArgument(argument, shape: "{\"document\"}")
            return try Jobs.chips(try argument.objectBytes("document", "a region document"), name: "$.document").json

        case .renderAnnotation:
            let argument = try ActivityArgument(argument, shape: "{\"image\", \"regions\", \"output\", \"options\"}")
            let (imagePath, outputPath) = (try argument.string("image"), try argument.string("output"))
            let regions = try argument.objectBytes("regions", "a region document")
            let request = try RenderRequest(try argument.options("options"), maximumPixels: maximumPixels)
            try files.refuseOverwriting((outputPath, "$.output"), inputs: [(imagePath, "$.image")])
            let image = try files.read(imagePath, member: "$.image")
            let result = try Jobs.render(image: image, regions: regions, request: request, imageName: imagePath, regionsName: "$.regions")
            var written = try write(result.png, to: outputPath, stillWanted: stillWanted)
            written.append(("valid", .bool(result.report.valid)))
            written.append(("warnings", .array(result.problems.map(JSONValue.string))))
            return .object(written)

        case .summarizeRoom:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"format\"}")
            let request = try RoomRequest(argument.topLevelOptions(RoomRequest.parameters))
            let scan = try Jobs.room(try argument.objectBytes("scan", "a room scan"), format: request.format, name: "$.scan")
            return ResultJSON.roomSummary(scan)

        case .fitBadges:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"items\", \"remove\", \"roomNumber\"}")
            let result = try FitRequest(argument.members, itemsRequired: true).fit()
            return ResultJSON.fit(room: nil, results: result.results)

        case .drawPlan:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"items\", \"output\", ...}")
            let outputPath = try argument.string("output")
            let png = try FitRequest(argument.members, itemsRequired: false).plan()
            return .object(try write(png, to: outputPath, stillWanted: stillWanted))

        case .repairRegions:
            let argument = try ActivityArgument(argument, shape: "{\"document\", \"options\"}")
            _ = try argument.options("options")  // none yet; an object when given
            return try Jobs.repair(try argument.objectBytes("document", "a region document"), name: "$.document").document

        case .simplifyRegions:
            let argument = try ActivityArgument(argument, shape: "{\"document\", \"options\"}")
            let request = try SimplifyRequest(try argument.options("options"))
            let document = try argument.objectBytes("document", "a region document")
            return try Jobs.simplify(document, request: request, name: "$.document").document

        case .drawMask:
            let argument = try ActivityArgument(argument, shape: "{\"regions\", \"output\", \"options\"}")
            let outputPath = try argument.string("output")
            let request = try MaskRequest(try argument.options("options"), maximumPixels: maximumPixels)
            let png = try Jobs.mask(try argument.objectBytes("regions", "a region document"), request: request, name: "$.regions")
            return .object(try write(png, to: outputPath, stillWanted: stillWanted))

        case .readDimensions:
            return ResultJSON.dimensionsResult(try DimensionsRequest(argument).read())

        case .checkPhoto:
            let argument = try ActivityArgument(argument, shape: "{\"image\"}")
            let path = try argument.string("image")
            return try Jobs.photo(try files.read(path, member: "$.image"), maximumPixels: maximumPixels, name: path).json(file: nil)
        }
    }

    /// Writes an output file and describes it: `{"output", "bytes", "sha256"}`.
    func write(_ bytes: [UInt8], to path: String, stillWanted: () -> Bool) throws(JobError) -> [(key: String, value: JSONValue)] {
        guard stillWanted() else { throw JobError(.cancelled, message: "the activity was cancelled") }
        try files.write(bytes, to: path, member: "$.output")
        return [("output", .string(path)), ("bytes", .number(Double(bytes.count))), ("sha256", .string(SHA256.hex(bytes)))]
    }
}
