import RemoGeometry
import RemoJSON
import RemoLasso
import RemoRoom

/// The JSON result objects of docs/formats.md and docs/service.md, one place for all front ends:
/// the CLI adds `file` (and its own text form), the service and the worker send them as
/// they are.
public enum ResultJSON {
    /// A point as `[x, y]`.
    public static func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }

    /// A finding: `{"code", "message", "severity", …}`.
    public static func finding(_ finding: Finding) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("code", .string(finding.code.rawValue)), ("message", .string(finding.message)),
            ("severity", .string(finding.code.isError ? "error" : "warning")),
        ]
        if let region = finding.region { members.append(("region", .string(region))) }
        switch finding.code {
        case .selfIntersection:
            members.append(("edges", .array(finding.indices.map { .number(Double($0)) })))
        default:
            if let index = finding.indices.first { members.append(("index", .number(Double(index)))) }
        }
        if let p = finding.point { members.append(("point", point(p))) }
        if !finding.regions.isEmpty { members.append(("regions", .array(finding.regions.map(JSONValue.string)))) }
        if let count = finding.count { members.append(("count", .number(Double(count)))) }
        return .object(members)
    }

    /// The `validate` result object without `file`.
    public static func validation(_ report: ValidationReport) -> JSONValue {
        .object([
            ("valid", .bool(report.valid)),
            ("image", .object([("width", .number(report.image.width)), ("height", .number(report.image.height))])),
            (
                "regions",
                .array(
                    report.regions.map { r in
                        .object([
                            ("id", .string(r.id)), ("number", .number(Double(r.number))), ("valid", .bool(r.valid)),
                            ("area", r.area.map(JSONValue.number) ?? .null),
                            ("areaFraction", r.areaFraction.map(JSONValue.number) ?? .null),
                            ("orientation", r.orientation.map { .string($0.rawValue) } ?? .null),
                            ("vertexCount", .number(Double(r.vertexCount))), ("findings", .array(r.findings.map(finding))),
                        ])
                    })
            ),
            ("findings", .array(report.findings.map(finding))),
            ("chips", chips(report.chips)),
        ])
    }

    /// Chips: `[{"region", "number", "center", "radius"}]`.
    public static func chips(_ chips: [Chip]) -> JSONValue {
        .array(
            chips.map {
                .object([
                    ("region", .string($0.region)), ("number", .number(Double($0.number))), ("center", point($0.center)),
                    ("radius", .number($0.radius)),
                ])
            })
    }

    /// The `room` result object without `file`: `{"format", "rooms"}`.
    public static func roomSummary(_ scan: RoomScan) -> JSONValue {
        .object([("format", .string(scan.format.rawValue)), ("rooms", .array(scan.rooms.map(room)))])
    }

    /// A length as the room objects give it: to a tenth of a millimetre.
    public static func metres(_ v: Double) -> JSONValue { .number((v * 10_000).rounded() / 10_000) }
    /// A point on the plan, to a tenth of a millimetre.
    public static func planPoint(_ p: Point) -> JSONValue { .array([metres(p.x), metres(p.y)]) }
    static func optional(_ v: String?) -> JSONValue { v.map(JSONValue.string) ?? .null }

    /// One room of the `room` result object.
    public static func room(_ room: Room) -> JSONValue {
        .object([
            ("floorArea", metres(room.floorArea)), ("floorPerimeter", metres(room.floorPerimeter)),
            ("ceilingHeight", room.ceilingHeight.map(metres) ?? .null),
            (
                "dimensions",
                .object([
                    ("length", metres(room.dimensions.length)), ("width", metres(room.dimensions.width)),
                    ("height", room.dimensions.height.map(metres) ?? .null),
                ])
            ),
            ("floorOutline", .array(room.floorOutline.map(planPoint))),
            (
                "walls",
                .array(
                    room.walls.indices.map { k in wall(room, k) })
            ),
            ("doors", .array(room.doors.map(door))),
            ("windows", .array(room.windows.map(window))),
            ("openings", .array(room.openings.map(opening))),
            (
                "objects",
                .array(
                    room.objects.map {
                        .object([
                            ("category", .string($0.category)), ("width", metres($0.width)), ("depth", metres($0.depth)),
                            ("height", metres($0.height)),
                            ("center", planPoint($0.center)), ("rotation", metres($0.rotationDegrees)),
                            ("floorStanding", .bool($0.floorStanding)),
                        ])
                    })
            ),
            ("warnings", .array(room.warnings.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) })),
            ("verdict", .string(room.verdict.rawValue)), ("description", .string(room.promptDescription)),
        ])
    }

    /// Wall `k` of a room: `{"id", "identifier", "start", "end", "length", "height",
    /// "normal"}`, `identifier` only when the scan gives one.
    static func wall(_ room: Room, _ k: Int) -> JSONValue {
        let wall = room.walls[k]
        var members: [(key: String, value: JSONValue)] = [("id", .number(Double(k)))]
        if let identifier = wall.identifier { members.append(("identifier", .string(identifier))) }
        members += [
            ("start", planPoint(wall.start)), ("end", planPoint(wall.end)), ("length", metres(wall.length)),
            ("height", metres(wall.height)),
            ("normal", unitVector(room.inwardNormal(ofWall: k))),
        ]
        return .object(members)
    }

    /// A door: `{"width", "height", "isOpen", "wall", "center", "offsetAlongWall", "bottom"}`.
    static func door(_ door: Door) -> JSONValue {
        let size: [(key: String, value: JSONValue)] = [
            ("width", metres(door.width)), ("height", metres(door.height)), ("isOpen", door.isOpen.map(JSONValue.bool) ?? .null),
        ]
        return .object(size + placement(wall: door.wall, center: door.center, offset: door.offsetAlongWall, bottom: door.bottom))
    }

    /// A window: `{"width", "height", "sill", "wall", "center", "offsetAlongWall", "bottom"}`.
    static func window(_ window: Window) -> JSONValue {
        let size: [(key: String, value: JSONValue)] = [
            ("width", metres(window.width)), ("height", metres(window.height)), ("sill", metres(window.sill)),
        ]
        return .object(size + placement(wall: window.wall, center: window.center, offset: window.offsetAlongWall, bottom: window.bottom))
    }

    /// An opening: `{"width", "height", "wall", "center", "offsetAlongWall", "bottom"}`.
    static func opening(_ opening: Opening) -> JSONValue {
        let size: [(key: String, value: JSONValue)] = [("width", metres(opening.width)), ("height", metres(opening.height))]
        return .object(
            size + placement(wall: opening.wall, center: opening.center, offset: opening.offsetAlongWall, bottom: opening.bottom))
    }

    /// Where a door, window or opening is: `wall` (the wall's `id`), `center`,
    /// `offsetAlongWall` and `bottom`; null where the scan does not say.
    static func placement(wall: Int?, center: Point?, offset: Double?, bottom: Double) -> [(key: String, value: JSONValue)] {
        [
            ("wall", wall.map { .number(Double($0)) } ?? .null), ("center", center.map(planPoint) ?? .null),
            ("offsetAlongWall", offset.map(metres) ?? .null), ("bottom", metres(bottom)),
        ]
    }

    /// A unit vector to six decimals.
    static func unitVector(_ p: Point) -> JSONValue {
        .array([.number((p.x * 1e6).rounded() / 1e6), .number((p.y * 1e6).rounded() / 1e6)])
    }

    /// One item of the `fit` result object.
    public static func fitItem(_ result: FitResult) -> JSONValue {
        .object([
            ("id", .string(result.id)), ("badge", .string(result.badge.rawValue)),
            ("reasons", .array(result.reasons.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) })),
            (
                "placement",
                result.placement.map {
                    .object([("center", planPoint($0.center)), ("rotationDegrees", metres($0.rotationDegrees))])
                } ?? .null
            ),
        ])
    }

    /// The `fit` result object: `{"room", "items"}`.
    public static func fit(room: String?, results: [FitResult]) -> JSONValue {
        .object([("room", room.map(JSONValue.string) ?? .null), ("items", .array(results.map(fitItem)))])
    }

    /// One text's reading in the `dimensions` result: `{"text", "width", "depth", "height",
    /// "diameter", "unit": "m", "reading", "confidence", "ignored"}`, lengths in metres to a
    /// tenth of a millimetre.
    public static func dimensions(_ reading: DimensionsReading) -> JSONValue {
        .object([
            ("text", .string(reading.text)), ("width", reading.width.map(metres) ?? .null), ("depth", reading.depth.map(metres) ?? .null),
            ("height", reading.height.map(metres) ?? .null), ("diameter", reading.diameter.map(metres) ?? .null), ("unit", .string("m")),
            ("reading", .string(reading.reading.rawValue)), ("confidence", .string(reading.confidence.rawValue)),
            ("ignored", .array(reading.ignored.map(JSONValue.string))),
        ])
    }

    /// The `dimensions` result of the service and the worker: `{"results": [...]}`, one
    /// reading per text, in order.
    public static func dimensionsResult(_ readings: [DimensionsReading]) -> JSONValue {
        .object([("results", .array(readings.map(dimensions)))])
    }

    /// An error object: `{"error": {"code", "message"}}`, or `{"file", "error": …}` on the
    /// command line, where a run reads several files.
    public static func error(_ error: JobError, file: String? = nil) -> JSONValue {
        let object: JSONValue = .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])
        return .object((file.map { [("file", JSONValue.string($0))] } ?? []) + [("error", object)])
    }
}
