import ArgumentParser
import Foundation
import RemoFiles
import RemoService

/// `remo-geom repair`: self-crossing lassos made simple (docs/commands.md).
struct RepairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Repair lassos that cross themselves: keep the big loop of an overshoot.",
        discussion: """
            Each region that crosses or touches itself is replaced by the outer boundary of \
            the largest polygon GEOS MakeValid would make of it, holes filled: a finger that \
            ran past the start and closed with a small extra loop gets its big loop back. \
            Simple regions are left as they were. Prints the region document with the \
            repaired points and a "repairs" list: {"region", "droppedAreaFraction", \
            "ambiguous"}, ambiguous when more than 10 % of what the drawing enclosed was left \
            out (ask the person to redraw). Exit status: 0 when every repair is clear, 1 when \
            one is ambiguous or impossible, 2 when the document cannot be read.
            """
    )

    @Argument(help: "A region document, or - for standard input.")
    var file: String

    @Option(name: .shortAndLong, help: "Write the repaired document here (atomically) instead of standard output.")
    var output: String?

    @Flag(help: "Allow the output to replace the input file.")
    var overwrite = false

    func validate() throws {
        try FileIdentity.refuseOverwriting(output, option: "--output", inputs: [("the document", file)], overwrite: overwrite)
    }

    func run() throws {
        let input = Input(argument: file)
        let result: RepairResult
        do {
            result = try Jobs.repair(try InputFiles.read(input).get(), name: input.name)
        } catch {
            Console.error("remo-geom repair: \(error)")
            throw ExitCode(2)
        }
        try AtomicOutput.writeDocument(result.document, to: output, command: "repair")
        for repair in result.repairs {
            let dropped = String(format: "%.1f %%", repair.droppedAreaFraction * 100)
            let line =
                if let failure = repair.failure { "region \(repair.region): not repaired: \(failure)" } else {
                    "region \(repair.region): repaired, \(dropped) of its area left out\(repair.ambiguous ? " (ambiguous: redraw)" : "")"
                }
            Console.error("remo-geom repair: \(line)")
        }
        if result.repairs.contains(where: \.ambiguous) { throw ExitCode(1) }
    }
}
