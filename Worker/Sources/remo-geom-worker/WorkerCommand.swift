import ArgumentParser
import Dispatch
import Foundation
import NIOCore
import NIOPosix
import RemoService
import RemoSettings
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
        // An image job's own process (JobProcess): no polling, no event loops.
        if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == JobProcess.argument {
            JobProcess.serve(Array(CommandLine.arguments.dropFirst()))
        }
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

    @Option(help: ArgumentHelp("Temporal's frontend (required).", valueName: "host:port"))
    var temporal: String?

    @Option(help: "The Temporal namespace (default: default).")
    var namespace: String?

    @Option(help: "The task queue to poll (default: remo-geom).")
    var taskQueue: String?

    @Option(help: "Activities run at once (default: the number of cores).")
    var concurrency: Int?

    @Option(help: ArgumentHelp("The folder image paths are relative to (default: .).", valueName: "folder"))
    var filesRoot: String?

    @Option(help: "How the worker names itself to Temporal (default: pid@host).")
    var identity: String?

    @Option(help: "Images over this many pixels are refused from their header (default 100000000).")
    var maxPixels: Int?

    @Option(help: "Log lines as text or json, one object per line (default text); one line per activity answered.")
    var logFormat: String?

    @Option(
        help: ArgumentHelp(
            "A JSON file of settings, keyed by the options' names in camel case ({\"temporal\": \"127.0.0.1:7233\"}); options and REMO_ variables win over it (also REMO_CONFIG).",
            valueName: "file"))
    var config: String?

    /// The settings by name (`SettingKey` (RemoSettings)).
    enum Keys {
        static let temporal = SettingKey("temporal")
        static let namespace = SettingKey("namespace")
        static let taskQueue = SettingKey("taskQueue")
        static let concurrency = SettingKey("concurrency")
        static let filesRoot = SettingKey("filesRoot")
        static let identity = SettingKey("identity")
        static let maxPixels = SettingKey("maxPixels")
        static let logFormat = SettingKey("logFormat")
    }

    /// What the worker runs with, every setting checked.
    struct Configured {
        var host: String
        var port: Int
        var namespace: String
        var taskQueue: String
        var concurrency: Int
        var filesRoot: String
        var identity: String
        var maximumPixels: Int
        var logFormat: WorkerLog.Format
    }

    /// The settings, read through swift-configuration (`Settings` (RemoSettings)) from the
    /// command line, then the `REMO_` variables, then the configuration file (`--config` or
    /// `REMO_CONFIG`); the defaults for the rest. A bad one names all three spellings.
    func configured(_ environment: [String: String]) async throws(SettingError) -> Configured {
        let given: [(SettingKey, String?)] = [
            (Keys.temporal, temporal), (Keys.namespace, namespace), (Keys.taskQueue, taskQueue),
            (Keys.concurrency, concurrency.map(String.init)), (Keys.filesRoot, filesRoot), (Keys.identity, identity),
            (Keys.maxPixels, maxPixels.map(String.init)), (Keys.logFormat, logFormat),
        ]
        let settings = try await Settings.read(
            commandLine: Dictionary(uniqueKeysWithValues: given.compactMap { key, value in value.map { (key, $0) } }),
            environment: environment, file: config ?? environment["REMO_CONFIG"])
        guard let frontend = settings.text(Keys.temporal) else {
            throw SettingError("\(Keys.temporal.spelled) is required: Temporal's frontend as host:port, such as 127.0.0.1:7233.")
        }
        guard let address = Self.address(frontend) else {
            throw SettingError("\(Keys.temporal.spelled) must be host:port, such as 127.0.0.1:7233, not \(frontend).")
        }
        return Configured(
            host: address.host, port: address.port, namespace: settings.text(Keys.namespace) ?? "default",
            taskQueue: settings.text(Keys.taskQueue) ?? "remo-geom",
            concurrency: try settings.int(Keys.concurrency, 1...1024, "from 1 to 1024") ?? ProcessInfo.processInfo.activeProcessorCount,
            filesRoot: settings.text(Keys.filesRoot) ?? ".",
            identity: settings.text(Keys.identity) ?? "\(getpid())@\(ProcessInfo.processInfo.hostName)",
            maximumPixels: try settings.int(Keys.maxPixels, 1...Int.max, "positive") ?? PixelLimit.default,
            logFormat: try settings.choice(Keys.logFormat, WorkerLog.Format.self) ?? .text)
    }

    /// `host:port`, the port from 1 to 65535.
    static func address(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port),
            colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }

    func run() async throws {
        let configured: Configured
        do { configured = try await self.configured(ProcessInfo.processInfo.environment) } catch {
            throw ValidationError(error.description)
        }
        let root: FilesRoot
        do { root = try FilesRoot(configured.filesRoot) } catch { throw ValidationError("--files-root \(error.message)") }
        var settings = ActivityWorker.Settings(
            host: configured.host, port: configured.port, concurrency: configured.concurrency, identity: configured.identity)
        settings.namespace = configured.namespace
        settings.taskQueue = configured.taskQueue
        let worker = ActivityWorker(
            settings: settings, runner: ActivityRunner(files: root, maximumPixels: configured.maximumPixels),
            log: WorkerLog(format: configured.logFormat))
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { worker.stop() }
            source.resume()
            return source
        }
        worker.log(
            "polling \(settings.taskQueue) in \(settings.namespace) at \(settings.host):\(settings.port) as \(settings.identity), "
                + "\(settings.concurrency) at once, files under \(root.path)")
        let counts = await worker.run()
        signals.forEach { $0.cancel() }
        worker.log(
            "stopped: \(counts.completed) completed, \(counts.failed) failed, \(counts.cancelled) cancelled; "
                + "\(counts.retriedCalls) calls retried; \(counts.connections) connection\(counts.connections == 1 ? "" : "s") opened")
    }
}
