import ArgumentParser
import Foundation
import RemoGeometry
import RemoJSON
import RemoRender
import RemoRoom
import RemoFiles
import RemoService

/// `remo-geom room`: a summary of a room scan.
struct RoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "room",
        abstract: "Summarise a room scan: floor outline, area, ceiling, walls, doors, windows, furniture.",
        discussion: """
            Reads RoomPlan CapturedRoom JSON (iOS 16 and 17), CapturedStructure files with \
            several rooms, and the simple RoomDimensions form, detected automatically \
            (--scan-format to force one). Lengths in metres, areas in square metres. Exit \
            status 0, or 2 when the scan cannot be read.
            """
    )

    @Argument(help: "The scan (JSON), or - for standard input.")
    var scan: String

    @Option(help: "Output format: text, json or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    @Option(help: ArgumentHelp(RoomRequest.formatParameter))
    var scanFormat: String?

    @Option(help: "Also draw the floor plan of a room (the first, or the one --room-number names) to this PNG.")
    var plan: String?

    @OptionGroup var choice: RoomChoice

    @Flag(help: "With --plan, draw every room of the scan on one plan (a CapturedStructure's rooms, numbered).")
    var allRooms = false

    @Flag(help: "Allow the plan to replace the scan file.")
    var overwrite = false

    func validate() throws {
        try PlanOutput.validate(plan)
        if allRooms && plan == nil { throw ValidationError("--all-rooms draws a plan: give --plan too.") }
        if allRooms && choice.roomNumber != nil { throw ValidationError("--all-rooms draws every room: leave out --room-number.") }
        try FileIdentity.refuseOverwriting(plan, option: "--plan", inputs: [("the scan", scan)], overwrite: overwrite)
        _ = try request()
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> RoomRequest {
        let given = TextParameters.commandLine([(RoomRequest.formatParameter, scanFormat)])
        return try JobOptions.request { () throws(JobError) in try RoomRequest(given) }
    }

    func run() throws {
        let input = Input(argument: scan)
        let decoded: RoomScan
        var chosen: Room? = nil
        do {
            decoded = try Jobs.room(
                try InputFiles.read(input, limit: RoomScan.maximumBytes).get(), format: try request().format,
                name: input.name)
            // A room number past the scan's rooms is refused before anything is printed.
            if plan != nil || choice.roomNumber != nil { chosen = try choice.room(of: decoded, file: input.name) }
        } catch {
            Console.error("remo-geom room: \(error)")
            throw ExitCode(2)
        }
        switch format ?? .automatic {
        case .json, .jsonl: Console.out(JSONWriter.string(RoomOutput.json(file: input.name, scan: decoded)))
        case .text: Console.out(RoomOutput.text(file: input.name, scan: decoded))
        }
        if let plan, allRooms {
            try PlanOutput.write(Jobs.plan(allRoomsOf: decoded), to: plan, command: "room")
        } else if let plan, let chosen {
            try PlanOutput.write(Jobs.plan(chosen), to: plan, command: "room")
        }
    }
}

/// Writes a plan picture atomically, or fails with exit status 2.
enum PlanOutput {
    /// A plan goes to a file: standard output carries the summary or the badges.
    static func validate(_ path: String?) throws {
        if path == "-" { throw ValidationError("--plan needs a file name; standard output carries the results.") }
    }

    /// Writes PNG bytes from the plan job, or reports why not (exit 2).
    static func write(_ png: @autoclosure () throws -> [UInt8], to path: String, command: String) throws {
        do {
            try AtomicOutput.write(try png(), to: path)
        } catch {
            Console.error("remo-geom \(command): \(error)")
            throw ExitCode(2)
        }
    }
}

/// The `room` result object of docs/formats.md, and its text form.
enum RoomOutput {
    /// The `room` result object: `file`, then the service's object.
    static func json(file: String, scan: RoomScan) -> JSONValue {
        ResultJSON.roomSummary(scan).withFile(file)
    }

    static func f(_ v: Double) -> String { v.twoDecimals }

    static func text(file: String, scan: RoomScan) -> String {
        var lines = ["\(file): \(scan.format.rawValue), \(scan.rooms.count) room\(scan.rooms.count == 1 ? "" : "s")"]
        for (i, room) in scan.rooms.enumerated() {
            let ceiling =
                room.ceilingHeight.map {
                    "ceiling \(f($0)) m" + (room.ceilingHeightRange.map { " (\(f($0.lowerBound))–\(f($0.upperBound)) m)" } ?? "")
                } ?? "no ceiling height"
            let floor =
                room.floorOutline.count >= 3
                ? "floor \(f(room.floorArea)) m², perimeter \(f(room.floorPerimeter)) m, \(f(room.dimensions.length)) × \(f(room.dimensions.width)) m"
                : room.floorArea > 0 ? "floor \(f(room.floorArea)) m² (no outline)" : "no floor outline"
            lines.append("  room \(i + 1): \(floor), \(ceiling)")
            let counts = [
                (room.walls.count, "wall"), (room.doors.count, "door"), (room.windows.count, "window"), (room.openings.count, "opening"),
                (room.objects.count, "object"),
            ]
            lines.append("    " + counts.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", "))
            var categories: [String: Int] = [:]
            for o in room.objects { categories[o.category, default: 0] += 1 }
            if !categories.isEmpty {
                lines.append(
                    "    furniture: " + categories.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: ", "))
            }
            for door in room.doors {
                lines.append("    door \(f(door.width)) × \(f(door.height)) m\(door.isOpen == true ? " (open)" : "")")
            }
            for w in room.warnings { lines.append("    warning: \(w.code): \(w.message)") }
            lines.append("    verdict: \(room.verdict.rawValue)")
            lines.append("    \(room.promptDescription)")
        }
        return TerminalText.lines(lines)
    }
}
