import ArgumentParser
import Foundation
import RemoJSON
import RemoLasso
import RemoService

/// `remo-geom chips`: where the numbered chips of a region document go.
struct ChipsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chips",
        abstract: "Place the numbered chips of a region document.",
        discussion: """
            Prints one chip per region: its centre and radius in image pixels, clear of the \
            canvas edge, of every region and of the other chips. When no position meets \
            every constraint, the chip goes where it overlaps least and a chip-unplaceable \
            warning says so. Exit status: 0 when the chips are placed (warnings included), \
            2 when the document cannot be read.
            """
    )

    @Argument(help: "A region document, or - for standard input.")
    var file: String

    @Option(help: "Output format: text, json or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    func run() throws {
        let input = Input(argument: file)
        let result: ChipsResult
        do {
            result = try Jobs.chips(try InputFiles.read(input).get(), name: input.name)
        } catch {
            Console.error("remo-geom chips: \(error)")
            throw ExitCode(2)
        }
        switch format ?? .automatic {
        case .json, .jsonl:
            Console.out(JSONWriter.string(result.json))
        case .text:
            for chip in result.chips {
                Console.line(
                    "chip \(chip.number) for region \(chip.region): centre (\(chip.center.x.messageText), \(chip.center.y.messageText)), radius \(chip.radius.messageText)"
                )
            }
            for w in result.warnings { Console.line("warning: \(w.code.rawValue): \(w.message)") }
        }
    }
}
