import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import RemoJSON
import RemoLasso
import RemoService

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

    @Option(help: ArgumentHelp(ValidateRequest.maxRegionsParameter))
    var maxRegions: String?

    @Option(help: ArgumentHelp(ValidateRequest.minAreaFractionParameter))
    var minAreaFraction: String?

    @Option(help: ArgumentHelp(ValidateRequest.maxPointsParameter))
    var maxPoints: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file, folder or -.") }
        _ = try request()
    }

    /// The job's request from the options.
    func request() throws(ValidationError) -> ValidateRequest {
        let given = TextParameters.commandLine([
            (ValidateRequest.maxRegionsParameter, maxRegions), (ValidateRequest.minAreaFractionParameter, minAreaFraction),
            (ValidateRequest.maxPointsParameter, maxPoints),
        ])
        return try JobOptions.request { () throws(JobError) in try ValidateRequest(given) }
    }

    func run() throws {
        let outcome = Self.validate(
            inputs: InputFiles.expand(files), request: try request(), format: format ?? .automatic, output: { Console.out($0) },
            progress: isatty(STDERR_FILENO) != 0)
        throw ExitCode(outcome.exitStatus)
    }

    /// What a batch of inputs came to.
    struct Outcome {
        var valid = 0
        var invalid = 0
        var unreadable = 0
        /// Entries of folders that are not regular files.
        var skipped = 0

        /// 2 if anything could not be read, else 1 if anything is invalid, else 0.
        var exitStatus: Int32 { unreadable > 0 ? 2 : (invalid > 0 ? 1 : 0) }
    }

    /// One input's result, rendered in the worker that checked it.
    struct Rendered {
        enum Verdict { case valid, invalid, unreadable, skipped }
        var verdict: Verdict
        /// The text for standard output in the chosen format (JSON without separators).
        var output: String?
        /// A diagnostic for standard error.
        var diagnostic: String?
    }

    /// Validates every input, in parallel batches, printing results in input order.
    static func validate(
        inputs: [Input], request: ValidateRequest, format: OutputFormat, output: (String) -> Void, progress: Bool
    ) -> Outcome {
        var outcome = Outcome()
        let batchSize = 256
        var printedAny = false
        if format == .json && inputs.count > 1 { output("[") }
        var start = 0
        while start < inputs.count {
            let batch = Array(inputs[start..<min(start + batchSize, inputs.count)])
            let results = Mutex([Rendered?](repeating: nil, count: batch.count))
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                let rendered = render(batch[i], request: request, format: format)
                results.withLock { $0[i] = rendered }
            }
            // Each slot is set by its worker before concurrentPerform returns.
            let collected = results.withLock { $0 }
            for rendered in collected.map({ $0 ?? Rendered(verdict: .unreadable, output: nil, diagnostic: "internal error: no result") }
            ) {
                switch rendered.verdict {
                case .valid: outcome.valid += 1
                case .invalid: outcome.invalid += 1
                case .unreadable: outcome.unreadable += 1
                case .skipped: outcome.skipped += 1
                }
                if let diagnostic = rendered.diagnostic {
                    Console.error("remo-geom validate: \(diagnostic)")
                }
                if let text = rendered.output {
                    output(format == .json && inputs.count > 1 && printedAny ? "," + text : text)
                    printedAny = true
                }
            }
            start += batch.count
            if progress && inputs.count > batchSize {
                Console.progress("\r\(start) of \(inputs.count) files checked")
            }
        }
        if progress && inputs.count > batchSize { Console.error("") }
        if format == .json && inputs.count > 1 { output("]") }
        let checked = inputs.count - outcome.skipped
        if format == .text && checked > 1 {
            output("\(checked) files: \(outcome.valid) valid, \(outcome.invalid) invalid, \(outcome.unreadable) unreadable")
        }
        return outcome
    }

    /// Reads, checks and renders one input.
    static func render(_ input: Input, request: ValidateRequest, format: OutputFormat) -> Rendered {
        let name = input.name
        if case .skipped(_, let reason) = input {
            return Rendered(verdict: .skipped, output: nil, diagnostic: "\(name): skipped: \(reason)")
        }
        switch check(input, request: request) {
        case .success(let report):
            let text =
                format == .text
                ? ValidationOutput.text(file: name, report: report) : JSONWriter.string(ValidationOutput.json(file: name, report: report))
            return Rendered(verdict: report.valid ? .valid : .invalid, output: text, diagnostic: nil)
        case .failure(let error):
            let text = format == .text ? nil : JSONWriter.string(ValidationOutput.json(file: name, error: error))
            return Rendered(verdict: .unreadable, output: text, diagnostic: error.message)
        }
    }

    static func check(_ input: Input, request: ValidateRequest) -> Swift.Result<ValidationReport, JobError> {
        switch InputFiles.read(input) {
        case .failure(let error): return .failure(error)
        case .success(let bytes):
            do {
                return .success(try Jobs.validate(bytes, request: request, name: input.name).report)
            } catch {
                return .failure(error)
            }
        }
    }
}
