import RemoJSON
import RemoLasso
import RemoRender
import RemoRoom
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

    /// Whether the job reads or writes an image: it may take seconds, so it runs on a
    /// thread of its own and heartbeats.
    public var isImageJob: Bool {
        switch self {
        case .renderAnnotation, .drawPlan, .checkPhoto, .drawMask: true
        case .validateRegions, .placeChips, .summarizeRoom, .fitBadges, .repairRegions, .simplifyRegions: false
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
    public init(files: FilesRoot, maximumPixels: Int = PNGCodec.defaultMaximumPixels) {
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
            let options = try argument.options("rules")
            var rules = LassoRules()
            if let v = try options.integer("maxRegions", atLeast: 0) { rules.maximumRegions = v }
            if let v = try options.number("minAreaFraction", 0...1) { rules.minimumAreaFraction = v }
            if let v = try options.integer("maxPoints", atLeast: 3) { rules.maximumPoints = v }
            return try Jobs.validate(try argument.objectBytes("document", "a region document"), rules: rules, name: "$.document").json

        case .placeChips:
            let argument = try ActivityArgument(argument, shape: "{\"document\"}")
            return try Jobs.chips(try argument.objectBytes("document", "a region document"), name: "$.document").json

        case .renderAnnotation:
            let argument = try ActivityArgument(argument, shape: "{\"image\", \"regions\", \"output\", \"options\"}")
            let (imagePath, outputPath) = (try argument.string("image"), try argument.string("output"))
            let regions = try argument.objectBytes("regions", "a region document")
            let options = try argument.options("options")
            var render = RenderOptions(maximumPixels: maximumPixels)
            render.scale = try options.scale("scale", 0...RenderOptions.maximumScale)
            if let width = try options.number("strokeWidth", 0...RenderOptions.strokeWidthLimit, excludingLower: true) {
                guard width < RenderOptions.strokeWidthLimit else {
                    throw ActivityArgument.invalid(
                        "$.options.strokeWidth: expected a number over 0 and under \(RenderOptions.strokeWidthLimit)")
                }
                render.strokeWidth = width
            }
            if let chips = try options.bool("chips") { render.drawChips = chips }
            if let name = try options.string("compression", oneOf: PNGCompression.allCases.map(\.rawValue)) {
                render.compression = PNGCompression(rawValue: name)!
            }
            let image = try files.read(imagePath, member: "$.image")
            let result = try Jobs.render(image: image, regions: regions, options: render, imageName: imagePath, regionsName: "$.regions")
            var written = try write(result.png, to: outputPath, stillWanted: stillWanted)
            written.append(("valid", .bool(result.report.valid)))
            written.append(("warnings", .array(result.problems.map(JSONValue.string))))
            return .object(written)

        case .summarizeRoom:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"format\"}")
            let names = RoomScanFormat.allCases.map(\.rawValue)
            var format: RoomScanFormat? = nil
            switch argument.members.value(of: "format") {
            case nil, .null?: break
            case .string(let s)? where names.contains(s): format = RoomScanFormat(rawValue: s)
            default: throw ActivityArgument.invalid("$.format: expected one of \(names.joined(separator: ", "))")
            }
            let scan = try Jobs.room(try argument.objectBytes("scan", "a room scan"), format: format, name: "$.scan")
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
            let given = try argument.options("options")
            var options = SimplifyOptions()
            if let v = try given.integer("maxPoints", atLeast: SimplifyOptions.minimumPoints) { options.maxPoints = v }
            options.tolerance = try given.number("tolerance", 0...1e9)
            let document = try argument.objectBytes("document", "a region document")
            return try Jobs.simplify(document, options: options, name: "$.document").document

        case .drawMask:
            let argument = try ActivityArgument(argument, shape: "{\"regions\", \"output\", \"options\"}")
            let outputPath = try argument.string("output")
            let given = try argument.options("options")
            var options = MaskOptions(maximumPixels: maximumPixels)
            options.region = try given.string("region")
            if let name = try given.string("style", oneOf: MaskStyle.allCases.map(\.rawValue)) {
                options.style = MaskStyle(rawValue: name)!
            }
            options.feather = try given.number("feather", 0...MaskOptions.maximumDistance) ?? 0
            options.grow = try given.number("grow", 0...MaskOptions.maximumDistance) ?? 0
            let png = try Jobs.mask(try argument.objectBytes("regions", "a region document"), options: options, name: "$.regions")
            return .object(try write(png, to: outputPath, stillWanted: stillWanted))

        case .checkPhoto:
            let argument = try ActivityArgument(argument, shape: "{\"image\"}")
            let path = try argument.string("image")
            return try Jobs.photo(try files.read(path, member: "$.image"), maximumPixels: maximumPixels, name: path).json(file: nil)
        }
    }

    /// Writes an output file and describes it: `{"output", "bytes", "sha256"}`.
    func write(_ bytes: [UInt8], to path: String, stillWanted: () -> Bool) throws(JobError) -> [(key: String, value: JSONValue)] {
        guard stillWanted() else { throw JobError(.internalFailure, code: "cancelled", message: "the activity was cancelled") }
        try files.write(bytes, to: path, member: "$.output")
        return [("output", .string(path)), ("bytes", .number(Double(bytes.count))), ("sha256", .string(SHA256.hex(bytes)))]
    }
}
