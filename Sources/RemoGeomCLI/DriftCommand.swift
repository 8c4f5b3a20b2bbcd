import ArgumentParser
import Foundation
import RemoJSON
import RemoService

/// `remo-geom drift`: did the generator change the picture outside the regions?
/// (docs/commands.md.)
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Check whether the generator changed the picture outside the regions.",
        discussion: """
            Both images are averaged down to a working size (which removes what re-encoding, \
            noise and a pixel's blur change), compared in CIE Lab outside the regions grown \
            by --grow, and the overall shift is taken out before looking for local changes. \
            Drifted: changed areas covering at least 0.5 % of the image, or an overall change \
            of ΔE76 12 or more. An --after of another size is scaled to --before's first. \
            Exit status: 0 kept, 1 drifted, 2 when an input cannot be read.
            """
    )

    @OptionGroup var inputs: RevisionInputs

    @Option(help: ArgumentHelp(DriftRequest.growParameter))
    var grow: String?

    @Option(help: "text or json (default text).")
    var format: OutputFormat = .text

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels: Int = PixelLimit.default

    func validate() throws {
        guard format != .jsonl else { throw ValidationError("--format takes text or json.") }
        _ = try request()
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> DriftRequest {
        let given = TextParameters.commandLine([(DriftRequest.growParameter, grow)])
        return try JobOptions.request { () throws(JobError) in try DriftRequest(given, maximumPixels: maxPixels) }
    }

    func run() throws {
        let result: DriftResult
        do {
            var files = try inputs.read()
            result = try Jobs.drift(
                before: files.take(\.before), after: files.take(\.after), regions: files.regions, request: try request(),
                names: files.names)
        } catch {
            Console.error("remo-geom drift: \(error)")
            throw ExitCode(2)
        }
        let report = result.report
        if format == .json {
            Console.out(JSONWriter.string(result.json))
        } else {
            Console.line(
                "\(report.kept ? "kept" : "drifted"): \(String(format: "%.2f", report.changedFraction * 100)) % of the picture outside "
                    + "the regions changed; mean ΔE76 \(String(format: "%.2f", report.meanDeltaE)), largest \(String(format: "%.2f", report.maxDeltaE))"
                    + (result.scaledAfter ? " (after scaled to before's size)" : ""))
            for box in report.changedBoxes { Console.line("  changed: x \(box[0]), y \(box[1]), \(box[2]) × \(box[3]) pixels") }
        }
        if !report.kept { throw ExitCode(1) }
    }
}
