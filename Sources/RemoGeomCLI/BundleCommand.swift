import ArgumentParser
import Foundation
import RemoFiles
import RemoJSON
import RemoService

/// `remo-geom bundle`: everything one round sends to the image generator (docs/commands.md).
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Write the files one round sends to the generator: image, annotated image, mask and instructions.",
        discussion: """
            The region document's clear repairs are made and it is validated (an invalid one \
            is refused with its findings, exit status 1, nothing written). Then --output-dir \
            gets image.png (the image prepared: upright, sRGB, its long side at most \
            --max-side), annotated.png (the outlines and numbered chips on it), mask.png (the \
            alpha mask of every region but the keep ones) and instructions.json (the regions \
            in chip-number order and the numbered text), all at the prepared size. An unknown \
            action or an empty instruction is a finding, and the round is still written. \
            --output-dir may exist only if empty, unless --overwrite. Prints {"outputDir", \
            "files", "repairs", "findings"}. Exit status: 0 written, 1 invalid, 2 when an \
            input cannot be read.
            """
    )

    @Option(help: "The design image (PNG, JPEG or HEIC), or - for standard input.")
    var image: String

    @Option(help: "The region document (JSON) of the image as displayed, or - for standard input.")
    var regions: String

    @Option(help: "The folder to write the round's files to (absent or empty).")
    var outputDir: String

    @Option(help: ArgumentHelp(BundleRequest.maxSideParameter))
    var maxSide: String?

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels: Int = PixelLimit.default

    @Flag(help: "Allow a folder that already holds files; its files of these names are replaced.")
    var overwrite = false

    func validate() throws {
        if image == "-" && regions == "-" { throw ValidationError("--image and --regions cannot both read standard input.") }
        _ = try request()
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> BundleRequest {
        let given = TextParameters.commandLine([(BundleRequest.maxSideParameter, maxSide)])
        return try JobOptions.request { () throws(JobError) in try BundleRequest(given, maximumPixels: maxPixels) }
    }

    func run() throws {
        let inputs = (image: Input(argument: image), regions: Input(argument: regions))
        let result: BundleResult
        do {
            result = try Jobs.bundle(
                image: try InputFiles.read(inputs.image, limit: 512 << 20).get(), regions: try InputFiles.read(inputs.regions).get(),
                request: try request(), names: (inputs.image.name, inputs.regions.name))
        } catch {
            Console.error("remo-geom bundle: \(error)")
            throw ExitCode(2)
        }
        if result.valid {
            do {
                try AtomicFolder.write(result.files.map { ($0.name, $0.bytes) }, to: outputDir, overwrite: overwrite)
            } catch {
                Console.error("remo-geom bundle: \(error.message)")
                throw ExitCode(2)
            }
        }
        Console.out(JSONWriter.string(.object([("outputDir", result.valid ? .string(outputDir) : .null)] + result.members)))
        if !result.valid {
            for finding in result.findings { Console.error("remo-geom bundle: \(finding.code): \(finding.message)") }
            throw ExitCode(1)
        }
    }
}
