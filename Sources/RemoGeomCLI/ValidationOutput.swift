import RemoGeometry
import RemoJSON
import RemoLasso

/// The `validate` result object of DESIGN.md section 6, and its text form.
enum ValidationOutput {
    static func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }

    static func json(_ finding: Finding) -> JSONValue {
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

    static func json(file: String, report: ValidationReport) -> JSONValue {
        .object([
            ("file", .string(file)), ("valid", .bool(report.valid)),
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
                            ("vertexCount", .number(Double(r.vertexCount))), ("findings", .array(r.findings.map(json))),
                        ])
                    })
            ),
            ("findings", .array(report.findings.map(json))),
            ("chips", chipsJSON(report.chips)),
        ])
    }

    static func chipsJSON(_ chips: [Chip]) -> JSONValue {
        .array(
            chips.map {
                .object([
                    ("region", .string($0.region)), ("number", .number(Double($0.number))), ("center", point($0.center)),
                    ("radius", .number($0.radius)),
                ])
            })
    }

    static func json(file: String, error: InputError) -> JSONValue {
        .object([("file", .string(file)), ("error", .object([("code", .string(error.code)), ("message", .string(error.message))]))])
    }

    /// Lines for people: the verdict, then one line per finding.
    static func text(file: String, report: ValidationReport) -> String {
        let problems =
            report.regions.reduce(0) { $0 + $1.findings.filter(\.code.isError).count }
            + report.findings.filter(\.code.isError).count
        var lines = [
            report.valid
                ? "\(file): valid (\(report.regions.count) region\(report.regions.count == 1 ? "" : "s"))"
                : "\(file): INVALID (\(problems) problem\(problems == 1 ? "" : "s"))"
        ]
        for region in report.regions {
            for f in region.findings {
                lines.append("  region \(region.id) (#\(region.number)): \(f.code.rawValue): \(f.message)")
            }
        }
        for f in report.findings {
            let label = f.code.isError ? "document" : "warning"
            lines.append("  \(label): \(f.code.rawValue): \(f.message)")
        }
        return TerminalText.lines(lines)
    }
}
