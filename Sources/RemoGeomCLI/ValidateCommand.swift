import ArgumentParser
import Dispatch
import Foundation
import RemoJSON
import RemoLasso

/// `remo-geom validate`: checks region documents against the lasso rules.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check region documents: area, self-intersection, bounds, overlap, numbering.",
        discussion: """
            FILE can be a region document, a folder (every *.json inside, recursively, in \
            sorted order) or - for standard input. Files that cannot be read or parsed are \
            reported and the others are still checked. Exit status: 0 when every document \
            is valid, 1 when one is invalid, 2 when an input could not be read or the \
            arguments are wrong.
            """
    )

    @Argument(help: "Region documents, folders of them, or - for standard input.")
    var files: [String]

    @Option(help: "Output format: text, json or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    @Option(help: "The most regions a document may have.")
    var maxRegions: Int = LassoRules().maximumRegions

    @Option(help: "The smallest region area, as a fraction of the image area.")
    var minAreaFraction: Double = LassoRules().minimumAreaFraction

    @Option(help: "The most points a region may have.")
    var maxPoints: Int = LassoRules().maximumPoints

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file, folder or -.") }
        guard maxRegions >= 0 else { throw ValidationError("--max-regions must be 0 or more.") }
        guard minAreaFraction >= 0 && minAreaFraction <= 1 else { throw ValidationError("--min-area-fraction must be between 0 and 1.") }
        guard maxPoints >= 3 else { throw ValidationError("--max-points must be at least 3.") }
    }

    func run() throws {
        let rules = LassoRules(maximumRegions: maxRegions, minimumAreaFraction: minAreaFraction, maximumPoints: maxPoints)
        let outcome = Self.validate(
            inputs: InputFiles.expand(files), rules: rules, format: format ?? .automatic, output: { print($0) },
            progress: isatty(STDERR_FILENO) != 0)
        throw ExitCode(outcome.exitStatus)
    }

    /// What a batch of inputs came to.
    struct Outcome {
        var valid = 0
        var invalid = 0
        var unreadable = 0

        /// 2 if anything could not be read, else 1 if anything is invalid, else 0.
        var exitStatus: Int32 { unreadable > 0 ? 2 : (invalid > 0 ? 1 : 0) }
    }

    /// One input's result, rendered.
    enum Result {
        case report(ValidationReport)
        case failure(InputError)
    }

    /// Validates every input, in parallel batches, printing results in input order.
    static func validate(
        inputs: [Input], rules: LassoRules, format: OutputFormat, output: (String) -> Void, progress: Bool
    ) -> Outcome {
        var outcome = Outcome()
        let validator = LassoValidator(rules: rules)
        let batchSize = 256
        var printedAny = false
        if format == .json && inputs.count > 1 { output("[") }
        var start = 0
        while start < inputs.count {
            let batch = Array(inputs[start..<min(start + batchSize, inputs.count)])
            let results = ResultBox(count: batch.count)
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                results.set(i, check(batch[i], validator: validator, maximumPoints: rules.maximumPoints))
            }
            for (input, result) in zip(batch, results.values) {
                let name = input.name
                let json: JSONValue
                switch result {
                case .report(let report):
                    if report.valid { outcome.valid += 1 } else { outcome.invalid += 1 }
                    json = ValidationOutput.json(file: name, report: report)
                    if format == .text { output(ValidationOutput.text(file: name, report: report)) }
                case .failure(let error):
                    outcome.unreadable += 1
                    json = ValidationOutput.json(file: name, error: error)
                    FileHandle.standardError.write(Data("remo-geom validate: \(error.message)\n".utf8))
                }
                switch format {
                case .text: break
                case .jsonl: output(JSONWriter.string(json))
                case .json:
                    let text = JSONWriter.string(json)
                    output(inputs.count > 1 ? (printedAny ? "," : "") + text : text)
                }
                printedAny = true
            }
            start += batch.count
            if progress && inputs.count > batchSize {
                FileHandle.standardError.write(Data("\r\(start) of \(inputs.count) files checked".utf8))
            }
        }
        if progress && inputs.count > batchSize { FileHandle.standardError.write(Data("\n".utf8)) }
        if format == .json && inputs.count > 1 { output("]") }
        if format == .text && inputs.count > 1 {
            output("\(inputs.count) files: \(outcome.valid) valid, \(outcome.invalid) invalid, \(outcome.unreadable) unreadable")
        }
        return outcome
    }

    static func check(_ input: Input, validator: LassoValidator, maximumPoints: Int) -> Result {
        switch InputFiles.read(input) {
        case .failure(let error): return .failure(error)
        case .success(let bytes):
            do {
                // Keep one point more than allowed: enough to know the limit is passed.
                let document = try RegionDocument.decode(bytes, keepingAtMost: maximumPoints + 1)
                return .report(validator.validate(document))
            } catch {
                return .failure(InputError(code: error.code, message: "\(input.name): \(error)"))
            }
        }
    }
}

/// Results written from several threads, each to its own slot.
final class ResultBox: @unchecked Sendable {
    private var storage: [ValidateCommand.Result?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: ValidateCommand.Result) {
        lock.lock()
        storage[i] = value
        lock.unlock()
    }

    var values: [ValidateCommand.Result] { storage.map { $0! } }
}
