import ArgumentParser
import Foundation
import RemoFiles
import RemoService

/// `remo-geom simplify`: fewer points per lasso, without breaking it (docs/commands.md).
struct SimplifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simplify",
        abstract: "Give lassos fewer points, keeping them simple and apart.",
        discussion: """
            Each region keeps at most --max-points points (and, with --tolerance, drops more \
            while every original point stays within that many pixels). Unlike plain \
            Douglas-Peucker, a simple region stays simple, regions that did not overlap still \
            do not, and no region's area changes by more than 1 % (a region may keep more \
            points than asked to honour that). A region that crosses itself is left as it \
            was: repair it first. Prints the region document with the new points and a \
            "simplifications" list: {"region", "pointsBefore", "pointsAfter", "hausdorff", \
            "areaChange"}; hausdorff is the farthest any original point is from the result, in \
            pixels. Exit status: 0 when every region could be simplified, 1 when one crosses \
            itself, 2 when the document cannot be read.
            """
    )

    @Argument(help: "A region document, or - for standard input.")
    var file: String

    @Option(help: ArgumentHelp(SimplifyRequest.maxPointsParameter))
    var maxPoints: String?

    @Option(help: ArgumentHelp(SimplifyRequest.toleranceParameter))
    var tolerance: String?

    @Option(name: .shortAndLong, help: "Write the simplified document here (atomically) instead of standard output.")
    var output: String?

    @Flag(help: "Allow the output to replace the input file.")
    var overwrite = false

    func validate() throws {
        _ = try request()
        try FileIdentity.refuseOverwriting(output, option: "--output", inputs: [("the document", file)], overwrite: overwrite)
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> SimplifyRequest {
        let given = TextParameters.commandLine([
            (SimplifyRequest.maxPointsParameter, maxPoints), (SimplifyRequest.toleranceParameter, tolerance),
        ])
        return try JobOptions.request { () throws(JobError) in try SimplifyRequest(given) }
    }

    func run() throws {
        let input = Input(argument: file)
        let result: SimplifyResult
        let request = try request()
        do {
            result = try Jobs.simplify(try InputFiles.read(input).get(), request: request, name: input.name)
        } catch {
            Console.error("remo-geom simplify: \(error)")
            throw ExitCode(2)
        }
        try AtomicOutput.writeDocument(result.document, to: output, command: "simplify")
        for entry in result.simplifications {
            let outcome = entry.outcome
            let line =
                if let skipped = outcome.skipped {
                    "region \(entry.region): left as it was: \(skipped)"
                } else if !outcome.changed {
                    "region \(entry.region): \(outcome.pointsBefore) points, left as it was"
                } else {
                    "region \(entry.region): \(outcome.pointsBefore) → \(outcome.pointsAfter) points, within "
                        + String(format: "%.3g px, area %+.2f %%", outcome.hausdorff, outcome.areaChange * 100)
                        + (outcome.pointsAfter > request.maximumPoints
                            ? " (more than asked: fewer would cross or change the area by over 1 %)" : "")
                }
            Console.error("remo-geom simplify: \(line)")
        }
        if result.simplifications.contains(where: { $0.outcome.skipped != nil }) { throw ExitCode(1) }
    }
}
