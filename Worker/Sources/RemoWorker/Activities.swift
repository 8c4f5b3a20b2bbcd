import RemoImage
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
    case prepareImage = "PrepareImage"
    case compositeRevision = "CompositeRevision"
    case prepareRevision = "PrepareRevision"
    case checkDrift = "CheckDrift"

    /// Whether the job reads or writes an image: it may take seconds, so it runs on a
    /// thread of its own and heartbeats.
    public var isImageJob: Bool {
        switch self {
        case .renderAnnotation, .drawPlan, .checkPhoto, .drawMask, .prepareImage, .compositeRevision, .prepareRevision, .checkDrift: true
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

    /// Runs one activity: ``compute(_:argument:fetched:)``, then ``finish(_:stillWanted:)``.
    ///
    /// - Parameters:
    ///   - activity: Which.
    ///   - argument: Its argument: the JSON bytes of one object.
    ///   - stillWanted: Asked before an output file is written; false once the activity was
    ///     cancelled, so that a cancelled job writes nothing.
    /// - Throws: ``RemoService/JobError``: bad input is not worth retrying, the rest is.
    public func run(_ activity: Activity, argument: [UInt8], stillWanted: () -> Bool = { true }) throws(JobError) -> JSONValue {
        try finish(try compute(activity, argument: argument), stillWanted: stillWanted)
    }

    /// Does an activity's work, reading its inputs but writing nothing: its result, and the
    /// file it asks to be written. (The worker runs image jobs' work in a process of their own,
    /// `JobProcess`, and writes their files itself.)
    ///
    /// - Parameters:
    ///   - activity: Which.
    ///   - argument: Its argument: the JSON bytes of one object.
    ///   - fetched: The inputs given by URL, fetched (``URLFetching/fetchInputs(_:)``), by URL.
    /// - Throws: ``RemoService/JobError``: bad input is not worth retrying, the rest is.
    public func compute(_ activity: Activity, argument: [UInt8], fetched: FetchedInputs = [:]) throws(JobError) -> ActivityProduct {
        switch activity {
        case .validateRegions:
            let argument = try ActivityArgument(argument, shape: "{\"document\", \"rules\"}")
            let request = try ValidateRequest(try argument.options("rules"))
            return ActivityProduct(
                value: try Jobs.validate(try argument.objectBytes("document", "a region document"), request: request, name: "$.document")
                    .json)

        case .placeChips:
            let argument = try ActivityArgument(argument, shape: "{\"document\"}")
            return ActivityProduct(
                value: try Jobs.chips(try argument.objectBytes("document", "a region document"), name: "$.document").json)

        case .renderAnnotation:
            let argument = try ActivityArgument(argument, shape: "{\"image\", \"regions\", \"output\", \"options\"}")
            let (imagePath, outputPath) = (try argument.string("image"), try argument.string("output"))
            let regions = try argument.objectBytes("regions", "a region document")
            let request = try RenderRequest(try argument.options("options"), maximumPixels: maximumPixels)
            try refuseOverwriting(argument, (outputPath, "$.output"), inputs: [(imagePath, "$.image")])
            let image = try input(imagePath, member: "$.image", fetched)
            let result = try Jobs.render(image: image, regions: regions, request: request, imageName: imagePath, regionsName: "$.regions")
            return ActivityProduct(
                result: [("valid", .bool(result.report.valid)), ("warnings", .array(result.problems.map(JSONValue.string)))],
                output: ActivityProduct.Output(path: outputPath, bytes: result.png))

        case .summarizeRoom:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"format\"}")
            let request = try RoomRequest(argument.topLevelOptions(RoomRequest.parameters))
            let scan = try Jobs.room(try argument.objectBytes("scan", "a room scan"), format: request.format, name: "$.scan")
            return ActivityProduct(value: ResultJSON.roomSummary(scan))

        case .fitBadges:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"items\", \"remove\", \"roomNumber\"}")
            let result = try FitRequest(argument.members, itemsRequired: true).fit()
            return ActivityProduct(value: ResultJSON.fit(room: nil, results: result.results))

        case .drawPlan:
            let argument = try ActivityArgument(argument, shape: "{\"scan\", \"items\", \"output\", ...}")
            let outputPath = try argument.string("output")
            let png = try FitRequest(argument.members, itemsRequired: false).plan()
            return ActivityProduct(result: [], output: ActivityProduct.Output(path: outputPath, bytes: png))

        case .repairRegions:
            let argument = try ActivityArgument(argument, shape: "{\"document\", \"options\"}")
            _ = try argument.options("options")  // none yet; an object when given
            return ActivityProduct(
                value: try Jobs.repair(try argument.objectBytes("document", "a region document"), name: "$.document").document)

        case .simplifyRegions:
            let argument = try ActivityArgument(argument, shape: "{\"document\", \"options\"}")
            let request = try SimplifyRequest(try argument.options("options"))
            let document = try argument.objectBytes("document", "a region document")
            return ActivityProduct(value: try Jobs.simplify(document, request: request, name: "$.document").document)

        case .drawMask:
            let argument = try ActivityArgument(argument, shape: "{\"regions\", \"output\", \"options\"}")
            let outputPath = try argument.string("output")
            let request = try MaskRequest(try argument.options("options"), maximumPixels: maximumPixels)
            let png = try Jobs.mask(try argument.objectBytes("regions", "a region document"), request: request, name: "$.regions")
            return ActivityProduct(result: [], output: ActivityProduct.Output(path: outputPath, bytes: png))

        case .readDimensions:
            return ActivityProduct(value: ResultJSON.dimensionsResult(try DimensionsRequest(argument).read()))

        case .prepareImage:
            let argument = try ActivityArgument(argument, shape: "{\"image\", \"output\", \"options\"}")
            let (imagePath, outputPath) = (try argument.string("image"), try argument.string("output"))
            let request = try PrepareRequest(try argument.options("options"), maximumPixels: maximumPixels)
                .writing(to: outputPath, label: "$.output")
            try refuseOverwriting(argument, (outputPath, "$.output"), inputs: [(imagePath, "$.image")])
            let result = try Jobs.prepare(image: try input(imagePath, member: "$.image", fetched), request: request, imageName: imagePath)
            return ActivityProduct(
                result: result.members, output: ActivityProduct.Output(path: outputPath, bytes: result.prepared.bytes))

        case .compositeRevision:
            let argument = try ActivityArgument(argument, shape: "{\"before\", \"after\", \"regions\", \"output\", \"options\"}")
            let (beforePath, afterPath, outputPath) = (
                try argument.string("before"), try argument.string("after"), try argument.string("output")
            )
            let regions = try argument.objectBytes("regions", "a region document")
            let request = try CompositeRequest(try argument.options("options"), maximumPixels: maximumPixels)
            try refuseOverwriting(argument, (outputPath, "$.output"), inputs: [(beforePath, "$.before"), (afterPath, "$.after")])
            let result = try Jobs.composite(
                before: try image(beforePath, member: "$.before", fetched), after: try image(afterPath, member: "$.after", fetched),
                regions: regions, request: request, names: (beforePath, afterPath, "$.regions"))
            return ActivityProduct(result: result.members, output: ActivityProduct.Output(path: outputPath, bytes: result.png))

        case .prepareRevision:
            let argument = try ActivityArgument(argument, shape: "{\"image\", \"regions\", \"outputDir\", \"options\"}")
            let (imagePath, outputDir) = (try argument.string("image"), try argument.string("outputDir"))
            guard !URLFetching.isURL(outputDir) else {
                throw JobError(.invalidRequest, message: "$.outputDir: a folder under the files root, not a URL")
            }
            let regions = try argument.objectBytes("regions", "a region document")
            let request = try BundleRequest(try argument.options("options"), maximumPixels: maximumPixels)
            let result = try Jobs.bundle(
                image: try input(imagePath, member: "$.image", fetched), regions: regions, request: request, names: (imagePath, "$.regions")
            )
            let files = result.files.map { (name: $0.name, bytes: $0.bytes) }
            return ActivityProduct(
                value: .object([("outputDir", result.valid ? .string(outputDir) : .null)] + result.members),
                folder: result.valid ? ActivityProduct.Folder(path: outputDir, files: files, overwrite: try argument.overwrite()) : nil)

        case .checkDrift:
            let argument = try ActivityArgument(argument, shape: "{\"before\", \"after\", \"regions\", \"options\"}")
            let (beforePath, afterPath) = (try argument.string("before"), try argument.string("after"))
            let regions = try argument.objectBytes("regions", "a region document")
            let request = try DriftRequest(try argument.options("options"), maximumPixels: maximumPixels)
            return ActivityProduct(
                value: try Jobs.drift(
                    before: try input(beforePath, member: "$.before", fetched), after: try input(afterPath, member: "$.after", fetched),
                    regions: regions, request: request, names: (beforePath, afterPath, "$.regions")
                ).json)

        case .checkPhoto:
            let argument = try ActivityArgument(argument, shape: "{\"image\"}")
            let path = try argument.string("image")
            return ActivityProduct(
                value: try Jobs.photo(try input(path, member: "$.image", fetched), maximumPixels: maximumPixels, name: path).json(
                    file: nil))
        }
    }

    /// An image input: a file under the root, left open to be read as it is decoded, or
    /// the bytes fetched from a URL.
    func image(_ reference: String, member: String, _ fetched: FetchedInputs) throws(JobError) -> ImageInput {
        URLFetching.isURL(reference) ? .bytes(try input(reference, member: member, fetched)) : try files.image(reference, member: member)
    }

    /// An input's bytes: fetched, for a URL; else the file under the root.
    func input(_ reference: String, member: String, _ fetched: FetchedInputs) throws(JobError) -> [UInt8] {
        guard URLFetching.isURL(reference) else { return try files.read(reference, member: member) }
        guard let bytes = fetched[reference] else { throw JobError(.internal, message: "\(member): \(reference) was not fetched") }
        return bytes
    }

    /// Refuses an output that is one of the inputs, unless the argument says
    /// `"overwrite": true`: the same file under the root, or the same object by URL.
    func refuseOverwriting(
        _ argument: ActivityArgument, _ output: (path: String, member: String), inputs: [(path: String, member: String)]
    ) throws(JobError) {
        guard try !argument.overwrite() else { return }
        let byURL = inputs.filter { URLFetching.isURL($0.path) || URLFetching.isURL(output.path) }
        for input in byURL where URLFetching.sameObject(input.path, output.path) {
            throw JobError(
                .invalidRequest,
                message: "\(output.member) is the object given as \(input.member); an activity never writes over its input "
                    + "unless the argument says \"overwrite\": true")
        }
        guard !URLFetching.isURL(output.path) else { return }
        try files.refuseOverwriting(output, inputs: inputs.filter { !URLFetching.isURL($0.path) })
    }

    /// Writes a product's file, if it has one, and gives the activity's result: the file
    /// described by `{"output", "bytes", "sha256"}`, then the rest of the result. (An output
    /// by URL is put by the worker, ``URLFetching``, then described by ``result(_:)``.)
    ///
    /// - Throws: ``RemoService/JobError`` `cancelled` when the activity is no longer wanted,
    ///   `write-failed` when the file cannot be written.
    public func finish(_ product: ActivityProduct, stillWanted: () -> Bool) throws(JobError) -> JSONValue {
        if let folder = product.folder {
            guard stillWanted() else { throw JobError(.cancelled, message: "the activity was cancelled") }
            try files.writeFolder(folder.files, to: folder.path, member: "$.outputDir", overwrite: folder.overwrite)
            return product.value
        }
        guard let output = product.output else { return product.value }
        guard stillWanted() else { throw JobError(.cancelled, message: "the activity was cancelled") }
        try files.write(output.bytes, to: output.path, member: "$.output")
        return Self.result(product)
    }

    /// The activity's result once its file is written: `{"output", "bytes", "sha256"}`, then
    /// the rest of the result.
    public static func result(_ product: ActivityProduct) -> JSONValue {
        guard let output = product.output else { return product.value }
        let file: [(key: String, value: JSONValue)] = [
            ("output", .string(output.path)), ("bytes", .number(Double(output.bytes.count))), ("sha256", .string(SHA256.hex(output.bytes))),
        ]
        guard case .object(let members) = product.value else { return product.value }
        return .object(file + members)
    }
}

/// Inputs given by URL, fetched before the job runs, by the URL as the argument wrote it.
public typealias FetchedInputs = [String: [UInt8]]

/// What an activity's work gave: its result, and the file or folder it asks to be written.
public struct ActivityProduct: Sendable {
    /// A file to write under the files root.
    public struct Output: Sendable {
        /// Its path under the root.
        public var path: String
        /// Its bytes.
        public var bytes: [UInt8]
    }

    /// A folder of files to write under the files root, whole (``RemoFiles/AtomicFolder``).
    public struct Folder: Sendable {
        /// Its path under the root.
        public var path: String
        /// The files' names and bytes.
        public var files: [(name: String, bytes: [UInt8])]
        /// Whether a folder that already holds files may have these replaced in it.
        public var overwrite: Bool
    }

    /// The result (for a job that writes a file, the members that follow the file's).
    public var value: JSONValue
    /// The file to write, if any.
    public var output: Output?
    /// The folder to write, if any.
    public var folder: Folder?

    /// A result with no file, or with a folder to write.
    public init(value: JSONValue, folder: Folder? = nil) {
        self.value = value
        self.output = nil
        self.folder = folder
    }

    /// A file, and the members of the result that follow its description.
    public init(result: [(key: String, value: JSONValue)], output: Output) {
        self.value = .object(result)
        self.output = output
        self.folder = nil
    }
}
