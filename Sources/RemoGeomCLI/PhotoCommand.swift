import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import RemoPhoto
import RemoRender
import RemoImage
import RemoJSON
import RemoService

/// `remo-geom photo`: the first check of uploaded room photos (docs/commands.md).
struct PhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Check room photos: resolution, blur and exposure.",
        discussion: """
            FILE can be a JPEG, HEIC or PNG photo (told apart by its bytes, not its name), a \
            folder (every *.jpg, *.jpeg, *.heic, *.heif and *.png inside, recursively, in \
            sorted order) or - for standard input. Each photo gets a verdict: ok, warn or \
            reject. Exit status: 0 when no photo is rejected, 1 when one is, 2 when a file \
            could not be read or the arguments are wrong.
            """
    )

    /// The names a folder's photos end with.
    static let extensions: Set<String> = ["jpg", "jpeg", "heic", "heif", "png"]

    @Argument(help: "Photos, folders of them, or - for standard input.")
    var files: [String]

    @Option(help: "Output format: text, json or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    @Option(help: "The most pixels a photo may have; larger ones are refused from their header.")
    var maxPixels: Int = PixelLimit.default

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file, folder or -.") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
    }

    func run() throws {
        let format = format ?? .automatic
        let inputs = InputFiles.expand(files, extensions: Self.extensions)
        var (rejected, unreadable, printed) = (0, 0, 0)
        if format == .json && inputs.count > 1 { Console.out("[") }
        // Photos are checked in parallel, a few at a time (each decode holds a reduced
        // image), and printed in input order.
        let batchSize = 8
        for start in stride(from: 0, to: inputs.count, by: batchSize) {
            let batch = Array(inputs[start..<min(start + batchSize, inputs.count)])
            let results = Mutex([Result<PhotoReport, JobError>?](repeating: nil, count: batch.count))
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                let result = Self.check(batch[i], maxPixels: maxPixels)
                results.withLock { $0[i] = result }
            }
            for (input, result) in zip(batch, results.withLock { $0 }) {
                let name = input.name
                let json: JSONValue
                switch result ?? .failure(JobError(.`internal`, message: "\(name): no result")) {
                case .success(let report):
                    if report.verdict == .reject { rejected += 1 }
                    json = report.json(file: name)
                    if format == .text { Self.text(file: name, report: report).forEach(Console.line) }
                case .failure(let error):
                    unreadable += 1
                    Console.error("remo-geom photo: \(error.message)")
                    json = ResultJSON.error(error, file: name)
                    if format == .text { continue }
                }
                if format != .text {
                    Console.out((format == .json && inputs.count > 1 && printed > 0 ? "," : "") + JSONWriter.string(json))
                    printed += 1
                }
            }
        }
        if format == .json && inputs.count > 1 { Console.out("]") }
        throw ExitCode(unreadable > 0 ? 2 : (rejected > 0 ? 1 : 0))
    }

    static func check(_ input: Input, maxPixels: Int) -> Result<PhotoReport, JobError> {
        if case .skipped(let path, let reason) = input {
            return .failure(JobError(.skipped, message: "\(path): skipped: \(reason)"))
        }
        switch InputFiles.read(input, limit: InputFiles.defaultSizeLimit) {
        case .failure(let error): return .failure(error)
        case .success(let bytes):
            do {
                return .success(try Jobs.photo(bytes, maximumPixels: maxPixels, name: input.name))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Lines for people: the verdict and size, then one line per check.
    static func text(file: String, report: PhotoReport) -> [String] {
        var lines = [
            "\(file): \(report.verdict.rawValue) (\(report.format.rawValue), \(report.width) × \(report.height), \(report.profile.name))"
        ]
        for check in report.checks {
            lines.append("  \(check.verdict.rawValue) \(check.code): \(check.message)")
        }
        return lines
    }
}
