import ArgumentParser
import Foundation
import RemoRender
import RemoFiles
import RemoService

/// `remo-geom mask`: the inpainting mask of a region document (docs/commands.md).
struct MaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mask",
        abstract: "Draw the mask an image generator edits through: the regions, image-sized.",
        discussion: """
            Each pixel's value is the exact share of the pixel the regions cover (the area of \
            the region inside the pixel's square, not samples), rounded to 0-255. Styles: \
            alpha, an RGBA PNG that is transparent where the generator may paint (the OpenAI \
            edit convention); white-on-black, an 8-bit grey PNG that is white there. --grow \
            widens the regions by a distance with round corners; --feather softens the edge \
            over a distance. Distances are in points, times the document's scale. The image \
            size is the document's. Exit status: 0, or 2 when the document cannot be read or \
            names no such region.
            """
    )

    @Option(help: "The region document (JSON), or - for standard input.")
    var regions: String

    @Option(help: "Where to write the mask PNG, or - for standard output.")
    var output: String

    @Option(help: ArgumentHelp(MaskRequest.regionParameter))
    var region: String?

    @Option(help: ArgumentHelp(MaskRequest.styleParameter))
    var style: String?

    @Option(help: ArgumentHelp(MaskRequest.featherParameter))
    var feather: String?

    @Option(help: ArgumentHelp(MaskRequest.growParameter))
    var grow: String?

    @Option(help: ArgumentHelp(MaskRequest.compressionParameter))
    var compression: String?

    @Option(help: "Refuse masks with more pixels than this.")
    var maxPixels: Int = PixelLimit.default

    @Flag(help: "Allow the output to replace the input file.")
    var overwrite = false

    func validate() throws {
        _ = try request()
        try FileIdentity.refuseOverwriting(output, option: "--output", inputs: [("--regions", regions)], overwrite: overwrite)
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> MaskRequest {
        let given = TextParameters.commandLine([
            (MaskRequest.regionParameter, region), (MaskRequest.styleParameter, style), (MaskRequest.featherParameter, feather),
            (MaskRequest.growParameter, grow), (MaskRequest.compressionParameter, compression),
        ])
        return try JobOptions.request { () throws(JobError) in try MaskRequest(given, maximumPixels: maxPixels) }
    }

    func run() throws {
        let input = Input(argument: regions)
        let png: [UInt8]
        do {
            png = try Jobs.mask(try InputFiles.read(input).get(), request: try request(), name: input.name)
        } catch {
            Console.error("remo-geom mask: \(error)")
            throw ExitCode(2)
        }
        if output == "-" {
            Console.outBytes(png)
        } else {
            do { try AtomicOutput.write(png, to: output) } catch {
                Console.error("remo-geom mask: \(error.message)")
                throw ExitCode(2)
            }
        }
    }
}
