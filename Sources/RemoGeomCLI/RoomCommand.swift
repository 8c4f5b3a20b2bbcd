import ArgumentParser
import Foundation
import RemoGeometry
import RemoJSON
import RemoRender
import RemoRoom

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

    @Option(help: "Force the scan format: captured-room, captured-structure or room-dimensions.")
    var scanFormat: String?

    @Option(help: "Also draw the floor plan of a room (the first, or the one --room-number names) to this PNG.")
    var plan: String?

    @OptionGroup var choice: RoomChoice

    @Flag(help: "Allow the plan to replace the scan file.")
    var overwrite = false

    func validate() throws {
        try PlanOutput.validate(plan)
        try FileIdentity.refuseOverwriting(plan, option: "--plan", inputs: [("the scan", scan)], overwrite: overwrite)
        if let scanFormat, RoomScanFormat(rawValue: scanFormat) == nil {
            throw ValidationError("--scan-format must be captured-room, captured-structure or room-dimensions.")
        }
    }

    func run() throws {
        let input: Input = scan == "-" ? .standardInput : .file(scan)
        let decoded: RoomScan
        switch InputFiles.read(input, limit: RoomScan.maximumBytes) {
        case .failure(let error):
            Console.error("remo-geom room: \(error.message)")
            throw ExitCode(2)
        case .success(let bytes):
            do {
                decoded = try RoomScan.decode(bytes, format: scanFormat.flatMap(RoomScanFormat.init(rawValue:)))
            } catch {
                Console.error("remo-geom room: \(input.name): \(error)")
                throw ExitCode(2)
            }
        }
        // A room number past the scan's rooms is refused before anything is printed.
        var chosen: Room? = nil
        if plan != nil || choice.roomNumber != nil {
            switch choice.room(of: decoded, file: input.name) {
            case .success(let room): chosen = room
            case .failure(let error):
                Console.error("remo-geom room: \(error.message)")
                throw ExitCode(2)
            }
        }
        switch format ?? .automatic {
        case .json, .jsonl: Console.out(JSONWriter.string(RoomOutput.json(file: input.name, scan: decoded)))
        case .text: Console.out(RoomOutput.text(file: input.name, scan: decoded))
        }
        if let plan, let chosen {
            try PlanOutput.write(FloorPlanRenderer().render(chosen), to: plan, command: "room")
        }
    }
}

/// Writes a plan picture atomically, or fails with exit status 2.
enum PlanOutput {
    /// A plan goes to a file: standard output carries the summary or the badges.
    static func validate(_ path: String?) throws {
        if path == "-" { throw ValidationError("--plan needs a file name; standard output carries the results.") }
    }

    static func write(_ image: RGBAImage, to path: String, command: String) throws {
        do {
            try AtomicFile.write(try PNGCodec.encode(image), to: path)
        } catch {
            Console.error("remo-geom \(command): \(error)")
            throw ExitCode(2)
        }
    }
}

/// The `room` result object of DESIGN.md section 6, and its text form.
enum RoomOutput {
    static func n(_ v: Double) -> JSONValue { .number((v * 10_000).rounded() / 10_000) }
    static func p(_ p: Point) -> JSONValue { .array([n(p.x), n(p.y)]) }
    static func s(_ v: String?) -> JSONValue { v.map(JSONValue.string) ?? .null }

    static func json(file: String, scan: RoomScan) -> JSONValue {
        .object([
            ("file", .string(file)), ("format", .string(scan.format.rawValue)),
            ("rooms", .array(scan.rooms.map(json))),
        ])
    }

    static func json(_ room: Room) -> JSONValue {
        .object([
            ("floorArea", n(room.floorArea)), ("floorPerimeter", n(room.floorPerimeter)),
            ("ceilingHeight", room.ceilingHeight.map(n) ?? .null),
            (
                "dimensions",
                .object([
                    ("length", n(room.dimensions.length)), ("width", n(room.dimensions.width)),
                    ("height", room.dimensions.height.map(n) ?? .null),
                ])
            ),
            ("floorOutline", .array(room.floorOutline.map(p))),
            (
                "walls",
                .array(
                    room.walls.map {
                        .object([("start", p($0.start)), ("end", p($0.end)), ("length", n($0.length)), ("height", n($0.height))])
                    })
            ),
            (
                "doors",
                .array(
                    room.doors.map {
                        .object([
                            ("width", n($0.width)), ("height", n($0.height)), ("isOpen", $0.isOpen.map(JSONValue.bool) ?? .null),
                            ("wall", s($0.wall)),
                        ])
                    })
            ),
            (
                "windows",
                .array(
                    room.windows.map {
                        .object([("width", n($0.width)), ("height", n($0.height)), ("sill", n($0.sill)), ("wall", s($0.wall))])
                    })
            ),
            ("openings", .array(room.openings.map { .object([("width", n($0.width)), ("height", n($0.height)), ("wall", s($0.wall))]) })),
            (
                "objects",
                .array(
                    room.objects.map {
                        .object([
                            ("category", .string($0.category)), ("width", n($0.width)), ("depth", n($0.depth)), ("height", n($0.height)),
                            ("center", p($0.center)), ("rotation", n($0.rotationDegrees)), ("floorStanding", .bool($0.floorStanding)),
                        ])
                    })
            ),
            ("warnings", .array(room.warnings.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) })),
        ])
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
        }
        return TerminalText.lines(lines)
    }
}
