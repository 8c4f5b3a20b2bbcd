import ArgumentParser
import Foundation
import RemoJSON
import RemoRender
import RemoRoom
import RemoFiles
import RemoService

/// `remo-geom fit`: fit badges for a shopping list in a scanned room.
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit badges (fits, tight, does-not-fit, unknown) for a shopping list in a scanned room.",
        discussion: """
            Each product's footprint with its category's clearance must fit the free floor \
            (outline minus furniture that stays minus door clear zones) in some position and \
            orientation, its height must clear the ceiling, and it must pass a door or \
            opening. Every fitting badge carries a witness placement. Products are \
            {"id", "name", "category", "width", "depth", "height", "unit": "m"|"cm"|"mm"|"in"}; \
            the list is {"items": […]} or {"groups": [{"name", "items": […]}]}. Without \
            --room every badge is unknown. Exit status 0 whatever the badges, 2 when an \
            input cannot be read.
            """
    )

    @Option(
        help:
            "The room scan (JSON), or - for standard input. For a scan of several rooms, --room-number chooses one (the first by default)."
    )
    var room: String?

    @OptionGroup var choice: RoomChoice

    @Option(help: "The shopping list (JSON), or - for standard input.")
    var items: String

    @Option(help: "Treat this furniture (identifier or category, e.g. sofa, in any case) as removed; repeatable.")
    var remove: [String] = []

    @Option(help: "Output format: text, json or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    @Option(help: "Also draw the floor plan with each fitting product at its witness placement to this PNG.")
    var plan: String?

    @Flag(help: "Allow the plan to replace an input file.")
    var overwrite = false

    func validate() throws {
        try PlanOutput.validate(plan)
        try FileIdentity.refuseOverwriting(plan, option: "--plan", inputs: [("--room", room), ("--items", items)], overwrite: overwrite)
        if room == "-" && items == "-" { throw ValidationError("--room and --items cannot both read standard input.") }
    }

    func run() throws {
        let result: FitJobResult
        do {
            var scanned: Room? = nil
            if let room {
                let roomInput = Input(argument: room)
                let scan = try Jobs.room(try InputFiles.read(roomInput, limit: RoomScan.maximumBytes).get(), name: roomInput.name)
                scanned = try choice.room(of: scan, file: roomInput.name)
            }
            let listInput = Input(argument: items)
            result = try Jobs.fit(room: scanned, items: try InputFiles.read(listInput).get(), remove: remove, itemsName: listInput.name)
        } catch {
            Console.error("remo-geom fit: \(error)")
            throw ExitCode(2)
        }
        for warning in result.warnings { Console.error("remo-geom fit: warning: \(warning)") }
        switch format ?? .automatic {
        case .json, .jsonl:
            Console.out(JSONWriter.string(ResultJSON.fit(room: room, results: result.results)))
        case .text:
            for (product, fit) in zip(result.products, result.results) {
                Console.line("\(product.name ?? product.id) (\(product.id)): \(fit.badge.rawValue)")
                for reason in fit.reasons { Console.line("  \(reason.code): \(reason.message)") }
            }
        }
        if let plan, let scanned = result.room {
            try PlanOutput.write(Jobs.plan(scanned, fit: result), to: plan, command: "fit")
        }
    }
}
