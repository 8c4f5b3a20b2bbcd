import ArgumentParser
import Foundation
import RemoLasso
import RemoRender
import RemoFiles
import RemoService

/// `remo-geom render`: draws the lasso outlines and numbered chips onto the image.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the regions' outlines and numbered chips onto the design image.",
        discussion: """
            Outlines are anti-aliased with a halo; the luminance of the image under each \
            outline picks a light or dark core so that it stays legible (WCAG contrast). \
            Pixels away from the outlines and chips are unchanged, and the colour chunks \
            (iCCP, sRGB, gAMA, cHRM) travel to the output. The output is written to a \
            temporary file and renamed into place. Invalid regions are still drawn, with a \
            warning, and the exit status is 1; 2 when an input cannot be read.
            """
    )

    @Option(help: "The design image (PNG, JPEG or HEIC), or - for standard input.")
    var image: String

    @Option(help: "The region document (JSON), or - for standard input.")
    var regions: String

    @Option(help: "Where to write the annotated PNG, or - for standard output.")
    var output: String

    @Option(help: ArgumentHelp(RenderRequest.strokeWidthParameter))
    var strokeWidth: String?

    @Option(help: ArgumentHelp(RenderRequest.scaleParameter))
    var scale: String?

    @Flag(help: "Draw the outlines only, without chips.")
    var noChips = false

    @Option(help: ArgumentHelp(RenderRequest.compressionParameter))
    var compression: String?

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels: Int = PixelLimit.default

    @Flag(help: "Allow the output to replace an input file.")
    var overwrite = false

    func validate() throws {
        if image == "-" && regions == "-" { throw ValidationError("--image and --regions cannot both read standard input.") }
        _ = try request()
        try FileIdentity.refuseOverwriting(
            output, option: "--output", inputs: [("--image", image), ("--regions", regions)], overwrite: overwrite)
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> RenderRequest {
        let given = TextParameters.commandLine([
            (RenderRequest.strokeWidthParameter, strokeWidth), (RenderRequest.scaleParameter, scale),
            (RenderRequest.chipsParameter, noChips ? "false" : nil), (RenderRequest.compressionParameter, compression),
        ])
        return try JobOptions.request { () throws(JobError) in try RenderRequest(given, maximumPixels: maxPixels) }
    }

    func run() throws {
        func fail(_ message: String) -> ExitCode {
            Console.error("remo-geom render: \(message)")
            return ExitCode(2)
        }
        let imageInput = Input(argument: image)
        let regionsInput = Input(argument: regions)
        let result: RenderResult
        do {
            let imageBytes = try InputFiles.read(imageInput, limit: 512 << 20).get()
            result = try Jobs.render(
                image: imageBytes, regions: try InputFiles.read(regionsInput).get(), request: try request(), imageName: imageInput.name,
                regionsName: regionsInput.name)
        } catch {
            throw fail("\(error)")
        }
        if output == "-" {
            Console.outBytes(result.png)
        } else {
            do { try AtomicOutput.write(result.png, to: output) } catch { throw fail(error.message) }
        }
        if !result.report.valid {
            for problem in result.problems { Console.error("remo-geom render: warning: \(problem)") }
            throw ExitCode(1)
        }
    }
}
