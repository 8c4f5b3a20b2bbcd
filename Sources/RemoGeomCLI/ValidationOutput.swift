import RemoGeometry
import RemoJSON
import RemoLasso
import RemoService

/// The `validate` result object of docs/formats.md with its `file`, and its text form.
enum ValidationOutput {
    /// The `validate` result object: `file`, then the service's object.
    static func json(file: String, report: ValidationReport) -> JSONValue {
        ResultJSON.validation(report).withFile(file)
    }

    static func json(file: String, error: JobError) -> JSONValue {
        ResultJSON.error(error, file: file)
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

extension JSONValue {
    /// The service's result object with the CLI's `file` put first.
    func withFile(_ file: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object([("file", .string(file))] + members)
    }
}
