import ArgumentParser
import Dispatch
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
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
            write files by paths relative to --files-root, or by URL from the hosts that \
            --fetch-allow names (inputs fetched, outputs put to presigned URLs). Bad input fails \
            the activity with a \
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

    @Flag(help: "Connect to Temporal over TLS, trusting the system's roots (the other --tls options and --api-key imply it).")
    var tls = false

    @Option(help: ArgumentHelp("A PEM file of the CAs to trust, instead of the system's roots.", valueName: "file"))
    var tlsCa: String?

    @Option(help: ArgumentHelp("A PEM certificate chain for mutual TLS (with --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The private key of --tls-cert, PEM.", valueName: "file"))
    var tlsKey: String?

    @Option(help: ArgumentHelp("The name the server's certificate must carry, and the SNI sent (default: the host).", valueName: "name"))
    var tlsServerName: String?

    @Option(
        help: ArgumentHelp(
            "An API key, sent as authorization: Bearer KEY (Temporal Cloud); better from REMO_TEMPORAL_API_KEY, which ps does not show.",
            valueName: "key"))
    var apiKey: String?

    @Option(
        help: ArgumentHelp(
            "Hosts that image, scan and output URLs may name: host, host:port, *.domain or * (repeatable; none by default).",
            valueName: "pattern"))
    var fetchAllow: [String] = []

    @Flag(help: "Allow plain http:// URLs as well as https://.")
    var fetchAllowHttp = false

    @Option(help: "Objects fetched by URL over this many bytes are refused (default 268435456; K, M, G allowed).")
    var fetchMaxBytes: String?

    @Option(help: "Seconds a fetch or an upload may take (default 60).")
    var fetchTimeout: Int?

    @Option(
        help: ArgumentHelp("A PEM file of the CAs https:// URLs are checked against, instead of the system's roots.", valueName: "file"))
    var fetchCa: String?

    @Option(help: "Serve /metrics (Prometheus) and /healthz on this port (default: none).")
    var metricsPort: Int?

    @Option(help: "The address /metrics and /healthz listen on (0.0.0.0 for every interface; default 127.0.0.1).")
    var metricsHost: String?

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
        static let tls = SettingKey("tls")
        static let tlsCa = SettingKey("tlsCa")
        static let tlsCert = SettingKey("tlsCert")
        static let tlsKey = SettingKey("tlsKey")
        static let tlsServerName = SettingKey("tlsServerName")
        static let apiKey = SettingKey("apiKey")
        static let fetchAllow = SettingKey("fetchAllow")
        static let fetchAllowHttp = SettingKey("fetchAllowHttp")
        static let fetchMaxBytes = SettingKey("fetchMaxBytes")
        static let fetchTimeout = SettingKey("fetchTimeout")
        static let fetchCa = SettingKey("fetchCa")
        static let metricsPort = SettingKey("metricsPort")
        static let metricsHost = SettingKey("metricsHost")
    }

    /// What the worker runs with, every setting checked.
    struct Configured {
        var connection: TemporalConnection
        var fetching: URLFetching.Settings
        var namespace: String
        var taskQueue: String
        var concurrency: Int
        var filesRoot: String
        var identity: String
        var maximumPixels: Int
        var logFormat: WorkerLog.Format
        var metricsPort: Int?
        var metricsHost: String
    }

    /// The settings, read through swift-configuration (`Settings` (RemoSettings)) from the
    /// command line, then the `REMO_` variables, then the configuration file (`--config` or
    /// `REMO_CONFIG`); the defaults for the rest. A bad one names all three spellings.
    func configured(_ environment: [String: String]) async throws(SettingError) -> Configured {
        let given: [(SettingKey, String?)] = [
            (Keys.temporal, temporal), (Keys.namespace, namespace), (Keys.taskQueue, taskQueue),
            (Keys.concurrency, concurrency.map(String.init)), (Keys.filesRoot, filesRoot), (Keys.identity, identity),
            (Keys.maxPixels, maxPixels.map(String.init)), (Keys.logFormat, logFormat),
            (Keys.metricsPort, metricsPort.map(String.init)), (Keys.metricsHost, metricsHost),
            (Keys.tls, tls ? "true" : nil), (Keys.tlsCa, tlsCa), (Keys.tlsCert, tlsCert), (Keys.tlsKey, tlsKey),
            (Keys.tlsServerName, tlsServerName), (Keys.apiKey, apiKey),
            (Keys.fetchAllow, fetchAllow.isEmpty ? nil : fetchAllow.joined(separator: ",")),
            (Keys.fetchAllowHttp, fetchAllowHttp ? "true" : nil), (Keys.fetchMaxBytes, fetchMaxBytes),
            (Keys.fetchTimeout, fetchTimeout.map(String.init)), (Keys.fetchCa, fetchCa),
        ]
        // Temporal's SDKs read the key from a variable of this name; REMO_API_KEY wins.
        var environment = environment
        if environment[Keys.apiKey.variable] == nil, let key = environment["REMO_TEMPORAL_API_KEY"] {
            environment[Keys.apiKey.variable] = key
        }
        let settings = try await Settings.read(
            commandLine: Dictionary(uniqueKeysWithValues: given.compactMap { key, value in value.map { (key, $0) } }),
            environment: environment, file: config ?? environment["REMO_CONFIG"])
        guard let frontend = settings.text(Keys.temporal) else {
            throw SettingError("\(Keys.temporal.spelled) is required: Temporal's frontend as host:port, such as 127.0.0.1:7233.")
        }
        guard let address = Self.address(frontend) else {
            throw SettingError("\(Keys.temporal.spelled) must be host:port, such as 127.0.0.1:7233, not \(frontend).")
        }
        var connection = TemporalConnection(host: address.host, port: address.port)
        connection.apiKey = settings.text(Keys.apiKey)
        let tlsFiles = (ca: settings.text(Keys.tlsCa), cert: settings.text(Keys.tlsCert), key: settings.text(Keys.tlsKey))
        let serverName = settings.text(Keys.tlsServerName)
        let implied = tlsFiles.ca != nil || tlsFiles.cert != nil || tlsFiles.key != nil || serverName != nil || connection.apiKey != nil
        if try settings.bool(Keys.tls) ?? implied {
            var tls = TemporalConnection.TLS()
            (tls.caFile, tls.certificateFile, tls.keyFile, tls.serverName) = (tlsFiles.ca, tlsFiles.cert, tlsFiles.key, serverName)
            connection.tls = tls
        } else if implied {
            throw SettingError(
                "\(Keys.tls.spelled) is false, but a TLS option or an API key is given: an API key is never sent in the clear.")
        }
        var fetching = URLFetching.Settings()
        for pattern in settings.list(Keys.fetchAllow) ?? [] {
            guard let host = URLFetching.HostPattern(pattern) else {
                throw SettingError(
                    "\(Keys.fetchAllow.spelled) takes host, host:port, *.domain or *, not \(pattern).")
            }
            fetching.allowed.append(host)
        }
        fetching.allowHTTP = try settings.bool(Keys.fetchAllowHttp) ?? false
        fetching.maximumBytes = try settings.byteCount(Keys.fetchMaxBytes) ?? fetching.maximumBytes
        fetching.timeout = .seconds(try settings.int(Keys.fetchTimeout, 1...86_400, "seconds from 1 to 86400") ?? 60)
        if let file = settings.text(Keys.fetchCa) {
            do { fetching.trustRoots = try NIOSSLCertificate.fromPEMFile(file) } catch {
                throw SettingError("\(Keys.fetchCa.spelled): cannot read the CA certificates in \(file) (\(error))")
            }
        }
        return Configured(
            connection: connection, fetching: fetching, namespace: settings.text(Keys.namespace) ?? "default",
            taskQueue: settings.text(Keys.taskQueue) ?? "remo-geom",
            concurrency: try settings.int(Keys.concurrency, 1...1024, "from 1 to 1024") ?? ProcessInfo.processInfo.activeProcessorCount,
            filesRoot: settings.text(Keys.filesRoot) ?? ".",
            identity: settings.text(Keys.identity) ?? "\(getpid())@\(ProcessInfo.processInfo.hostName)",
            maximumPixels: try settings.int(Keys.maxPixels, 1...Int.max, "positive") ?? PixelLimit.default,
            logFormat: try settings.choice(Keys.logFormat, WorkerLog.Format.self) ?? .text,
            metricsPort: try settings.int(Keys.metricsPort, 0...65535, "from 0 to 65535"),
            metricsHost: settings.text(Keys.metricsHost) ?? "127.0.0.1")
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
            connection: configured.connection, concurrency: configured.concurrency, identity: configured.identity)
        settings.namespace = configured.namespace
        settings.taskQueue = configured.taskQueue
        let worker: ActivityWorker
        do {
            worker = try ActivityWorker(
                settings: settings, runner: ActivityRunner(files: root, maximumPixels: configured.maximumPixels),
                fetching: configured.fetching, log: WorkerLog(format: configured.logFormat))
        } catch {
            throw ValidationError("\(SettingKey(error.option).spelled): \(error.message)")
        }
        var operations: OperationsServer?
        if let port = configured.metricsPort {
            do {
                operations = try await OperationsServer(
                    host: configured.metricsHost, port: port,
                    answers: .init(metrics: { worker.metricsText() }, health: { worker.health() }))
            } catch {
                throw ValidationError("\(Keys.metricsPort.spelled): cannot listen on \(configured.metricsHost):\(port) (\(error))")
            }
        }
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { worker.stop() }
            source.resume()
            return source
        }
        worker.log(
            "polling \(settings.taskQueue) in \(settings.namespace) at \(configured.connection.host):\(configured.connection.port)\(configured.connection.tls == nil ? "" : " over TLS") as \(settings.identity), "
                + "\(settings.concurrency) at once, files under \(root.path)"
                + (operations.map { ", /metrics and /healthz on \(configured.metricsHost):\($0.port)" } ?? ""))
        let counts = await worker.run()
        signals.forEach { $0.cancel() }
        await operations?.close()
        worker.log(
            "stopped: \(counts.completed) completed, \(counts.failed) failed, \(counts.cancelled) cancelled; "
                + "\(counts.retriedCalls) calls retried; \(counts.connections) connection\(counts.connections == 1 ? "" : "s") opened")
    }
}
