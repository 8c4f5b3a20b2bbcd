import ArgumentParser
import Dispatch
import Foundation
import NIOCore
import NIOPosix
import RemoService
import RemoWorker

/// `remo-geom-worker`: the command line of docs/worker.md.
@main
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remo-geom-worker",
        abstract: "Serve remo-geom's jobs as Temporal activities.",
        discussion: """
            Long-polls the task queue for the activities \(Activity.allCases.map(\.rawValue).joined(separator: ", ")). \
            Each takes one JSON object and returns one (json/plain payloads). Image jobs read and \
            write files by paths relative to --files-root. Bad input fails the activity with a \
            non-retryable application failure whose type is the error code. SIGTERM or SIGINT: \
            stop polling, finish the activities in flight, exit 0. Bad usage exits 2, as \
            remo-geom does.
            """)

    /// Runs the command; bad usage exits 2 (where ArgumentParser's own would exit 64).
    static func main() async {
        // Swift concurrency's tasks run on SwiftNIO's event loops, so that a call does not
        // hop between the two pools of threads (SwiftNIO's advice; 9 % less CPU per activity
        // here). Jobs that read images run on threads of their own (ActivityWorker).
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            exit(withError: ExitCode(2))
        }
    }

    @Option(help: ArgumentHelp("Temporal's frontend.", valueName: "host:port"))
    var temporal: String

    @Option(help: "The Temporal namespace.")
    var namespace = "default"

    @Option(help: "The task queue to poll.")
    var taskQueue = "remo-geom"

    @Option(help: "Activities run at once (default: the number of cores).")
    var concurrency: Int?

    @Option(help: ArgumentHelp("The folder image paths are relative to.", valueName: "folder"))
    var filesRoot = "."

    @Option(help: "How the worker names itself to Temporal (default: pid@host).")
    var identity: String?

    @Option(help: "Images over this many pixels are refused from their header.")
    var maxPixels = PixelLimit.default

    @Option(help: "Log lines as text or json, one object per line (default text); one line per activity answered.")
    var logFormat = "text"

    func validate() throws {
        guard address != nil else { throw ValidationError("--temporal \(temporal): expected host:port, such as 127.0.0.1:7233") }
        guard (1...1024).contains(concurrency ?? 1) else { throw ValidationError("--concurrency must be from 1 to 1024") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
        guard WorkerLog.Format(rawValue: logFormat) != nil else {
            throw ValidationError("--log-format must be text or json, not \(logFormat)")
        }
    }

    var address: (host: String, port: Int)? {
        guard let colon = temporal.lastIndex(of: ":"), let port = Int(temporal[temporal.index(after: colon)...]),
            (1...65535).contains(port), colon > temporal.startIndex
        else { return nil }
        return (String(temporal[..<colon]), port)
    }

    func run() async throws {
        let root: FilesRoot
        do { root = try FilesRoot(filesRoot) } catch { throw ValidationError("--files-root \(error.message)") }
        let (host, port) = address!
        let name = identity ?? "\(getpid())@\(ProcessInfo.processInfo.hostName)"
        let slots = concurrency ?? ProcessInfo.processInfo.activeProcessorCount
        let settings = ActivityWorker.Settings(host: host, port: port, concurrency: slots, identity: name)
        var configured = settings
        configured.namespace = namespace
        configured.taskQueue = taskQueue
        let worker = ActivityWorker(
            settings: configured, runner: ActivityRunner(files: root, maximumPixels: maxPixels),
            log: WorkerLog(format: WorkerLog.Format(rawValue: logFormat) ?? .text))
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { worker.stop() }
            source.resume()
            return source
        }
        worker.log(
            "polling \(taskQueue) in \(namespace) at \(host):\(port) as \(name), \(slots) at once, files under \(root.path)")
        let counts = await worker.run()
        signals.forEach { $0.cancel() }
        worker.log(
            "stopped: \(counts.completed) completed, \(counts.failed) failed, \(counts.cancelled) cancelled; "
                + "\(counts.retriedCalls) calls retried; \(counts.connections) connection\(counts.connections == 1 ? "" : "s") opened")
    }
}
