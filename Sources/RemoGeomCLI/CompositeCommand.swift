import ArgumentParser
import Foundation
import RemoFiles
import RemoJSON
import RemoService

/// `remo-geom composite`: the generator's image put back over the original (docs/commands.md).
struct CompositeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "composite",
        abstract: "Put the generator's image back over the original, inside the regions only.",
        discussion: """
            The output is --after's pixels where the regions' mask is full and --before's \
            where it is empty, blended by the mask between. The mask is the mask command's \
            exact coverage, grown by --grow and feathered by --feather: where it is 0 the \
            output is --before's samples byte for byte, where it is 255 --after's. An --after \
            of another size is scaled to --before's first. PNG out, with --before's colour \
            chunks. Prints {"output", "width", "height", "scaledAfter", "bytes", "sha256"}. \
            Exit status: 0, or 2 when an input cannot be read.
            """
    )

    @OptionGroup var inputs: RevisionInputs

    @Option(help: "Where to write the composite PNG, or - for standard output.")
    var output: String

    @Option(help: ArgumentHelp(CompositeRequest.growParameter))
    var grow: String?

    @Option(help: ArgumentHelp(CompositeRequest.featherParameter))
    var feather: String?

    @Option(help: ArgumentHelp(CompositeRequest.compressionParameter))
    var compression: String?

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels: Int = PixelLimit.default

    @Flag(help: "Allow the output to replace an input file.")
    var overwrite = false

    func validate() throws {
        _ = try request()
        try FileIdentity.refuseOverwriting(
            output, option: "--output", inputs: [("--before", inputs.before), ("--after", inputs.after), ("--regions", inputs.regions)],
            overwrite: overwrite)
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> CompositeRequest {
        let given = TextParameters.commandLine([
            (CompositeRequest.growParameter, grow), (CompositeRequest.featherParameter, feather),
            (CompositeRequest.compressionParameter, compression),
        ])
        return try JobOptions.request { () throws(JobError) in try CompositeRequest(given, maximumPixels: maxPixels) }
    }

    func run() throws {
        let result: CompositeResult
        do {
            var files = try inputs.read()
            result = try Jobs.composite(
                before: files.take(\.before), after: files.take(\.after), regions: files.regions, request: try request(),
                names: files.names)
        } catch {
            Console.error("remo-geom composite: \(error)")
            throw ExitCode(2)
        }
        if output == "-" {
            Console.outBytes(result.png)
            return
        }
        do { try AtomicOutput.write(result.png, to: output) } catch {
            Console.error("remo-geom composite: \(error.message)")
            throw ExitCode(2)
        }
        Console.out(JSONWriter.string(result.json(output: output)))
    }
}
