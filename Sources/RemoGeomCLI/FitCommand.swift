import ArgumentParser
import Foundation
import RemoJSON
import RemoRender
import RemoRoom

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
        func fail(_ message: String) -> ExitCode {
            Console.error("remo-geom fit: \(message)")
            return ExitCode(2)
        }
        var scanned: Room? = nil
        if let room {
            let roomInput: Input = room == "-" ? .standardInput : .file(room)
            switch InputFiles.read(roomInput, limit: RoomScan.maximumBytes) {
            case .failure(let error): throw fail(error.message)
            case .success(let bytes):
                let scan: RoomScan
                do { scan = try RoomScan.decode(bytes) } catch { throw fail("\(roomInput.name): \(error)") }
                switch choice.room(of: scan, file: roomInput.name) {
                case .success(let chosen): scanned = chosen
                case .failure(let error): throw fail(error.message)
                }
            }
        }
        let products: [Product]
        let listInput: Input = items == "-" ? .standardInput : .file(items)
        switch InputFiles.read(listInput) {
        case .failure(let error): throw fail(error.message)
        case .success(let bytes):
            do { products = try ShoppingList.decode(bytes) } catch { throw fail("\(listInput.name): \(error)") }
        }
        if let scanned {
            // A name that matches nothing is most likely a typo: say so, and what there is.
            for name in remove where !scanned.objects.contains(where: { $0.isNamed(name) }) {
                let present = Set(scanned.objects.map(\.category)).sorted().joined(separator: ", ")
                Console.error(
                    "remo-geom fit: warning: --remove \(name) names no furniture in the room (it has: \(present.isEmpty ? "none" : present))"
                )
            }
        }
        let checker = FitChecker(room: scanned, removing: Set(remove))
        let results = products.map(checker.check)
        switch format ?? .automatic {
        case .json, .jsonl:
            Console.out(JSONWriter.string(.object([("room", room.map(JSONValue.string) ?? .null), ("items", .array(results.map(Self.json)))])))
        case .text:
            for (product, result) in zip(products, results) {
                Console.line("\(product.name ?? product.id) (\(product.id)): \(result.badge.rawValue)")
                for reason in result.reasons { Console.line("  \(reason.code): \(reason.message)") }
            }
        }
        if let plan, let scanned {
            let planned = results.compactMap { r in r.placement.map { PlannedProduct(label: r.id, placement: $0, badge: r.badge) } }
            try PlanOutput.write(FloorPlanRenderer().render(scanned, products: planned), to: plan, command: "fit")
        }
    }

    static func json(_ result: FitResult) -> JSONValue {
        .object([
            ("id", .string(result.id)), ("badge", .string(result.badge.rawValue)),
            ("reasons", .array(result.reasons.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) })),
            (
                "placement",
                result.placement.map {
                    .object([("center", RoomOutput.p($0.center)), ("rotationDegrees", RoomOutput.n($0.rotationDegrees))])
                } ?? .null
            ),
        ])
    }
}
