import ArgumentParser
import Foundation
import RemoFiles
import RemoImage
import RemoJSON
import RemoService

/// `remo-geom prepare`: an image as an image generator or a thumbnail strip takes it
/// (docs/commands.md).
struct PrepareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepare",
        abstract: "Make an image ready for the generator: upright, sRGB, its long side at most --max-side.",
        discussion: """
            The image (PNG, JPEG or HEIC) is turned upright by its EXIF orientation, \
            converted to sRGB through Little CMS when its profile is another (Display P3 \
            photos), shrunk (never enlarged) with an area-correct filter, and written as PNG \
            or JPEG as the output's extension (.png, .jpg, .jpeg) or --format says; a JPEG \
            has its transparency flattened on white, a PNG keeps it. A JPEG source is decoded \
            at a reduced DCT scale when the target size allows; a HEIC that holds a thumbnail \
            of itself at least the target's size (an iPhone's is 320 x 240) has that decoded \
            instead. Prints the result as JSON \
            (not when the image goes to standard output). Exit status: 0, or 2 when the \
            image cannot be read or an option is wrong.
            """
    )

    @Argument(help: "The image (PNG, JPEG or HEIC), or - for standard input.")
    var image: String

    @Option(help: "Where to write the prepared image (.png, .jpg or .jpeg), or - for standard output.")
    var output: String

    @Option(help: ArgumentHelp(PrepareRequest.maxSideParameter))
    var maxSide: String?

    @Option(help: ArgumentHelp(PrepareRequest.qualityParameter))
    var quality: String?

    @Option(help: ArgumentHelp(PrepareRequest.formatParameter))
    var format: String?

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels: Int = PixelLimit.default

    @Flag(help: "Allow the output to replace the input file.")
    var overwrite = false

    func validate() throws {
        _ = try request()
        try FileIdentity.refuseOverwriting(output, option: "--output", inputs: [("the image", image)], overwrite: overwrite)
    }

    /// The job's request from the options; the format from the output's name when
    /// `--format` does not give it, and the two agreeing when both do.
    func request() throws(ValidationError) -> PrepareRequest {
        let given = TextParameters.commandLine([
            (PrepareRequest.maxSideParameter, maxSide), (PrepareRequest.qualityParameter, quality),
            (PrepareRequest.formatParameter, format),
        ])
        return try JobOptions.request { () throws(JobError) in
            let request = try PrepareRequest(given, maximumPixels: maxPixels)
            return output == "-" ? request : try request.writing(to: output, label: "--output")
        }
    }

    func run() throws {
        let input = Input(argument: image)
        let result: PrepareResult
        do {
            let bytes = try InputFiles.read(input, limit: 512 << 20).get()
            result = try Jobs.prepare(image: bytes, request: try request(), imageName: input.name)
        } catch {
            Console.error("remo-geom prepare: \(error)")
            throw ExitCode(2)
        }
        if output == "-" {
            Console.outBytes(result.prepared.bytes)
            return
        }
        do { try AtomicOutput.write(result.prepared.bytes, to: output) } catch {
            Console.error("remo-geom prepare: \(error.message)")
            throw ExitCode(2)
        }
        Console.out(JSONWriter.string(result.json(output: output)))
    }
}
