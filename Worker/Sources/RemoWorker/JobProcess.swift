import Foundation
import RemoJSON
import RemoService

/// Image jobs in a process of their own: what makes a cancelled job stop.
///
/// A render, a plan, a mask or a photo check can take seconds of CPU and hundreds of
/// megabytes. Their loops cannot be interrupted from outside, so the worker runs each in a
/// child process (this same executable, `remo-geom-worker __job ACTIVITY`), and kills it
/// when Temporal cancels the activity or its timeout passes: its core and its memory are
/// free at once, and `--concurrency` bounds the CPU the worker uses. The child reads its
/// files itself (inputs given by URL come fetched, after its argument on standard input)
/// and sends back its result and its output's bytes; the worker writes the file or puts it
/// to its URL, only if the activity is still wanted.
///
/// The child ignores SIGINT and SIGTERM (a drain lets jobs in flight finish; a terminal's
/// Ctrl-C or systemd's stop reach every process of the group), and exits when the worker
/// that started it is gone.
public enum JobProcess {
    /// The first argument that makes `remo-geom-worker` a job's process.
    public static let argument = "__job"

    // MARK: The worker's side

    /// Runs `activity` in a child process and gives what it computed.
    ///
    /// - Parameters:
    ///   - started: Called with the child's process id once it runs, so that the caller can
    ///     kill it (``stop(_:)``).
    /// - Throws: The job's own ``RemoService/JobError``; `internal` (retryable) when the
    ///   child could not start, died, or answered nothing readable.
    public static func run(
        _ activity: Activity, argument: [UInt8], fetched: FetchedInputs = [:], runner: ActivityRunner, started: (pid_t) -> Void
    ) throws(JobError) -> ActivityProduct {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            Self.argument, activity.rawValue, runner.files.path, String(runner.maximumPixels),
            String(ProcessInfo.processInfo.processIdentifier),
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            throw JobError(.internal, message: "the job's process could not start: \(error)")
        }
        started(process.processIdentifier)
        // The child reads all of its input before it answers: no deadlock.
        try? input.fileHandleForWriting.write(contentsOf: Data(request(argument: argument, fetched: fetched)))
        try? input.fileHandleForWriting.close()
        let answer = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how =
                process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            throw JobError(.internal, message: "the job's process ended with \(how)")
        }
        return try product(from: [UInt8](answer))
    }

    /// This executable: on Linux the very file running (even if a deployment has replaced
    /// it on disk since), elsewhere its path.
    static let executable =
        FileManager.default.fileExists(atPath: "/proc/self/exe")
        ? "/proc/self/exe" : (Bundle.main.executablePath ?? CommandLine.arguments[0])

    /// Kills a job's process (the activity was cancelled or timed out).
    public static func stop(_ pid: pid_t) {
        kill(pid, SIGKILL)
    }

    /// What the child reads: a line of JSON (`{"argument": N, "fetched": [[URL, N], …]}`),
    /// then the argument's bytes, then each fetched input's.
    static func request(argument: [UInt8], fetched: FetchedInputs) -> [UInt8] {
        let inputs = fetched.sorted { $0.key < $1.key }
        let header: JSONValue = .object([
            ("argument", .number(Double(argument.count))),
            ("fetched", .array(inputs.map { .array([.string($0.key), .number(Double($0.value.count))]) })),
        ])
        return Array(JSONWriter.string(header).utf8) + [UInt8(ascii: "\n")] + argument + inputs.flatMap(\.value)
    }

    /// The argument and the fetched inputs from what ``request(argument:fetched:)`` wrote.
    static func argumentAndInputs(_ request: [UInt8]) throws(JobError) -> (argument: [UInt8], fetched: FetchedInputs) {
        let unreadable = JobError(.internal, message: "the job's process was given nothing readable")
        guard let newline = request.firstIndex(of: UInt8(ascii: "\n")), let header = try? JSONParser.parse(Array(request[..<newline])),
            case .number(let length)? = header["argument"], case .array(let inputs)? = header["fetched"]
        else { throw unreadable }
        var start = newline + 1
        func take(_ count: Double) throws(JobError) -> [UInt8] {
            guard count >= 0, count <= Double(request.count - start) else { throw unreadable }
            defer { start += Int(count) }
            return Array(request[start..<(start + Int(count))])
        }
        let argument = try take(length)
        var fetched: FetchedInputs = [:]
        for input in inputs {
            guard case .array(let pair) = input, pair.count == 2, case .string(let url) = pair[0], case .number(let count) = pair[1]
            else { throw unreadable }
            fetched[url] = try take(count)
        }
        return (argument, fetched)
    }

    /// The child's answer: a line of JSON (`{"value", "output", "bytes"}`, `{"value",
    /// "folder", "overwrite", "files": [{"name", "bytes"}]}` or `{"error": {"code", "message",
    /// "kind"}}`), then the output file's bytes, or the folder's files' one after another.
    static func product(from answer: [UInt8]) throws(JobError) -> ActivityProduct {
        let unreadable = JobError(.internal, message: "the job's process answered nothing readable")
        guard let newline = answer.firstIndex(of: UInt8(ascii: "\n")) else { throw unreadable }
        guard let header = try? JSONParser.parse(Array(answer[..<newline])) else { throw unreadable }
        if case .object? = header["error"] {
            guard case .string(let code)? = header["error"]?["code"], case .string(let message)? = header["error"]?["message"],
                let errorCode = ErrorCode(rawValue: code)
            else { throw unreadable }
            var kind: JobError.Kind? = nil
            if case .string(let name)? = header["error"]?["kind"] { kind = JobError.Kind(rawValue: name) }
            throw JobError(errorCode, message: message, kind: kind)
        }
        guard let value = header["value"] else { throw unreadable }
        let bytes = Array(answer[(newline + 1)...])
        if case .string(let path)? = header["folder"], case .array(let listed)? = header["files"] {
            var files: [(name: String, bytes: [UInt8])] = []
            var at = 0
            for entry in listed {
                guard case .string(let name)? = entry["name"], case .number(let count)? = entry["bytes"], count >= 0,
                    at + Int(count) <= bytes.count
                else { throw unreadable }
                files.append((name, Array(bytes[at..<(at + Int(count))])))
                at += Int(count)
            }
            guard at == bytes.count else { throw unreadable }
            return ActivityProduct(
                value: value, folder: ActivityProduct.Folder(path: path, files: files, overwrite: header["overwrite"] == .bool(true)))
        }
        switch header["output"] {
        case .string(let path)?:
            guard header["bytes"] == .number(Double(bytes.count)), case .object(let members) = value else { throw unreadable }
            return ActivityProduct(result: members, output: ActivityProduct.Output(path: path, bytes: bytes))
        default:
            return ActivityProduct(value: value)
        }
    }

    // MARK: The child's side

    /// Runs the job the arguments name (`__job ACTIVITY ROOT MAX-PIXELS PARENT`) on the
    /// argument read from standard input, writes its answer to standard output, and exits.
    public static func serve(_ arguments: [String]) -> Never {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        guard arguments.count == 5, let activity = Activity(rawValue: arguments[1]), let maximumPixels = Int(arguments[3]),
            let parent = pid_t(arguments[4])
        else {
            FileHandle.standardError.write(Data("remo-geom-worker: \(Self.argument) is for the worker's own use\n".utf8))
            exit(2)
        }
        // Gone with the worker: a job nobody will collect is only a waste.
        Thread.detachNewThread {
            while getppid() == parent { usleep(200_000) }
            _exit(1)
        }
        var answer: [UInt8]
        do throws(JobError) {
            let root: FilesRoot
            do { root = try FilesRoot(arguments[2]) } catch { throw JobError(.internal, message: "the files root: \(error.message)") }
            let (argument, fetched) = try argumentAndInputs([UInt8](FileHandle.standardInput.readDataToEndOfFile()))
            let product = try ActivityRunner(files: root, maximumPixels: maximumPixels).compute(
                activity, argument: argument, fetched: fetched)
            var header: [(key: String, value: JSONValue)] = [("value", product.value)]
            var bytes = product.output?.bytes ?? []
            if let output = product.output {
                header += [("output", .string(output.path)), ("bytes", .number(Double(output.bytes.count)))]
            }
            if let folder = product.folder {
                header += [
                    ("folder", .string(folder.path)), ("overwrite", .bool(folder.overwrite)),
                    (
                        "files",
                        .array(folder.files.map { .object([("name", .string($0.name)), ("bytes", .number(Double($0.bytes.count)))]) })
                    ),
                ]
                bytes = folder.files.flatMap(\.bytes)
            }
            answer = Array(JSONWriter.string(.object(header)).utf8) + [UInt8(ascii: "\n")] + bytes
        } catch {
            let object: JSONValue = .object([
                ("code", .string(error.code.rawValue)), ("message", .string(error.message)), ("kind", .string(error.kind.rawValue)),
            ])
            answer = Array(JSONWriter.string(.object([("error", object)])).utf8) + [UInt8(ascii: "\n")]
        }
        FileHandle.standardOutput.write(Data(answer))
        exit(0)
    }
}
