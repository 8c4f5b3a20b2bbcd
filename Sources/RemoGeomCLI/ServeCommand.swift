import ArgumentParser
import Dispatch
import Foundation
import RemoHTTP
import RemoService
import RemoSettings
import Synchronization

/// `remo-geom serve`: the jobs over HTTP (docs/service.md). Every option may also come
/// from an environment variable named after it (`--max-body-bytes` from
/// `REMO_MAX_BODY_BYTES`) or from a JSON configuration file (`maxBodyBytes`), read through
/// swift-configuration; the command line wins, then the variables.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve every job over HTTP/1.1, one route each (POST /v1/<job>).",
        discussion: """
            Routes: POST /v1/validate, /v1/chips, /v1/render (multipart: image, regions), \
            /v1/room, /v1/fit, /v1/plan, /v1/dimensions, /v1/photo, /v1/repair, /v1/simplify, /v1/mask, \
            /v1/prepare (the image's bytes), /v1/composite and /v1/drift (multipart: before, after, regions), \
            /v1/bundle (multipart: image, regions); GET /healthz, /readyz, /metrics (Prometheus), \
            /openapi.json. Errors are {"error": {"code", "message"}}: 400 unreadable, 404, \
            405, 408 a head slower than --header-timeout or a body under --min-body-rate, \
            413 over --max-body-bytes, 415 wrong media type, 422 image over \
            --max-pixels or of another size than the document or a job over --memory-budget, \
            503 with Retry-After when every slot is busy and the queue is full. SIGTERM or SIGINT: readyz turns 503 \
            while connections are still answered for --drain-delay seconds, then new \
            connections are refused and requests in flight finish (up to --shutdown-grace \
            seconds), exit 0. Logs go to standard error, one line per request with its id \
            (X-Request-Id, echoed). Every option may also be set by an environment variable \
            named after it: REMO_PORT, REMO_MAX_BODY_BYTES, ...; REMO_LOG_LEVEL sets the least \
            level logged.
            """
    )

    @Option(help: "The address to listen on (0.0.0.0 for every interface; default 127.0.0.1).")
    var host: String?

    @Option(help: "The port (0 picks a free one; the address is logged; default 8080).")
    var port: Int?

    @Option(help: "The largest request body in bytes (default 67108864).")
    var maxBodyBytes: Int?

    @Option(help: "Refuse images with more pixels than this (422; default 100000000).")
    var maxPixels: Int?

    @Option(help: "Jobs run at once (default: the number of cores).")
    var concurrency: Int?

    @Option(help: "Jobs that may wait for a slot before more get 503 (default: 32 per slot).")
    var queueLength: Int?

    @Option(help: "Seconds after SIGTERM or SIGINT during which readyz answers 503 and connections are still taken (default 5).")
    var drainDelay: Double?

    @Option(help: "Seconds requests in flight get to finish once new connections are refused (default 20).")
    var shutdownGrace: Double?

    @Option(
        help:
            "Seconds a connection may go without a byte while not being answered (idle keep-alive, a stalled head or body) before it is closed (default 60)."
    )
    var idleTimeout: Double?

    @Option(
        help:
            "Seconds a request's head may take from its first byte before the answer is 408; also a body's time before --min-body-rate applies (default 10)."
    )
    var headerTimeout: Double?

    @Option(
        help: "Bytes a second a request's body must average once --header-timeout has passed since its head, else 408 (default 8192).")
    var minBodyRate: Int?

    @Option(
        help:
            "Bytes of memory the jobs in flight may declare together, with K, M or G allowed (1024s); a job waits until it fits, one over it gets 422 (default: a quarter of the physical memory)."
    )
    var memoryBudget: String?

    @Option(
        help:
            "The most connections answered at once; past it a request gets 503 and its connection is closed (default: the open-file limit less 64, at most 16384)."
    )
    var maxConnections: Int?

    @Option(help: "Log lines as text or json, one object per line (default text).")
    var logFormat: String?

    @Option(
        help: ArgumentHelp(
            "A JSON file of settings, keyed by the options' names in camel case ({\"port\": 8080, \"memoryBudget\": \"2G\"}); options and REMO_ variables win over it (also REMO_CONFIG).",
            valueName: "file"))
    var config: String?

    func validate() throws {
        _ = try settings(ProcessInfo.processInfo.environment)
    }

    /// The settings, read through swift-configuration (`Settings` (RemoSettings)) from the
    /// command line, then the `REMO_` variables, then the configuration file (`--config` or
    /// `REMO_CONFIG`), each winning over those after it; the defaults for the rest.
    func settings(_ environment: [String: String]) throws -> ServiceSettings {
        typealias Keys = ServiceSettings.Keys
        let given: [(SettingKey, String?)] = [
            (Keys.host, host), (Keys.port, port.map(String.init)), (Keys.maxBodyBytes, maxBodyBytes.map(String.init)),
            (Keys.maxPixels, maxPixels.map(String.init)), (Keys.concurrency, concurrency.map(String.init)),
            (Keys.queueLength, queueLength.map(String.init)), (Keys.memoryBudget, memoryBudget),
            (Keys.drainDelay, drainDelay.map { "\($0)" }), (Keys.shutdownGrace, shutdownGrace.map { "\($0)" }),
            (Keys.headerTimeout, headerTimeout.map { "\($0)" }), (Keys.minBodyRate, minBodyRate.map(String.init)),
            (Keys.idleTimeout, idleTimeout.map { "\($0)" }), (Keys.maxConnections, maxConnections.map(String.init)),
            (Keys.logFormat, logFormat),
        ]
        do {
            let settings = try Settings(
                commandLine: Dictionary(uniqueKeysWithValues: given.compactMap { key, value in value.map { (key, $0) } }),
                environment: environment, file: config ?? environment["REMO_CONFIG"])
            return try ServiceSettings(settings, cores: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let settings = try settings(ProcessInfo.processInfo.environment)
        let failure = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task { [settings] in
            do {
                try await HTTPServer.run(settings)
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.withLock({ $0 }) {
            Console.error("remo-geom serve: \(message)")
            throw ExitCode(2)
        }
    }
}
