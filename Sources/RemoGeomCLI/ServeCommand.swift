import ArgumentParser
import Dispatch
import Foundation
import RemoHTTP
import RemoService
import Synchronization

/// `remo-geom serve`: the jobs over HTTP (docs/service.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the jobs over HTTP/1.1: validate, chips, render, room, fit, plan, photo, repair, simplify, mask.",
        discussion: """
            Routes: POST /v1/validate, /v1/chips, /v1/render (multipart: image, regions), \
            /v1/room, /v1/fit, /v1/plan, /v1/photo, /v1/repair, /v1/simplify, /v1/mask; GET /healthz, /readyz, /metrics (Prometheus), \
            /openapi.json. Errors are {"error": {"code", "message"}}: 400 unreadable, 404, \
            405, 413 over --max-body-bytes, 415 wrong media type, 422 image over \
            --max-pixels or of another size than the document, 503 with Retry-After when \
            every slot is busy and the queue is full. SIGTERM or SIGINT: readyz turns 503, \
            new connections are refused, requests in flight finish (up to \
            --shutdown-grace seconds), exit 0. Logs go to standard error, one line per \
            request with its id (X-Request-Id, echoed).
            """
    )

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one; the address is printed on standard error).")
    var port = 8080

    @Option(help: "The largest request body in bytes.")
    var maxBodyBytes = 64 << 20

    @Option(help: "Refuse images with more pixels than this (422).")
    var maxPixels = PixelLimit.default

    @Option(help: "Jobs run at once (default: the number of cores).")
    var concurrency: Int?

    @Option(help: "Jobs that may wait for a slot before more get 503 (default: 32 per slot).")
    var queueLength: Int?

    @Option(help: "Seconds after SIGTERM or SIGINT during which readyz answers 503 and connections are still taken.")
    var drainDelay = 5.0

    @Option(help: "Seconds requests in flight get to finish once new connections are refused.")
    var shutdownGrace = 20.0

    @Option(
        help:
            "Seconds a connection may go without a byte while not being answered (idle keep-alive, a stalled head or body) before it is closed."
    )
    var idleTimeout = 60.0

    @Option(help: "The most connections answered at once; past it a request gets 503 and its connection is closed.")
    var maxConnections = 1024

    @Option(help: "Log lines as text or json (one object per line); REMO_LOG_LEVEL sets the least level logged (default info).")
    var logFormat = "text"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive.") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive.") }
        if let concurrency, concurrency < 1 { throw ValidationError("--concurrency must be at least 1.") }
        if let queueLength, queueLength < 0 { throw ValidationError("--queue-length must be 0 or more.") }
        guard shutdownGrace >= 0 && shutdownGrace <= 3600 else { throw ValidationError("--shutdown-grace must be from 0 to 3600 seconds.") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        guard LogFormat(rawValue: logFormat) != nil else { throw ValidationError("--log-format must be text or json.") }
        guard drainDelay >= 0 && drainDelay <= 3600 else { throw ValidationError("--drain-delay must be from 0 to 3600 seconds.") }
        guard idleTimeout >= 0.1 && idleTimeout <= 3600 else { throw ValidationError("--idle-timeout must be from 0.1 to 3600 seconds.") }
    }

    func run() throws {
        var settings = ServiceSettings(concurrency: concurrency ?? ProcessInfo.processInfo.activeProcessorCount)
        settings.host = host
        settings.port = port
        settings.maximumBodyBytes = maxBodyBytes
        settings.maximumPixels = maxPixels
        settings.shutdownGrace = shutdownGrace
        settings.drainDelay = drainDelay
        settings.idleTimeout = idleTimeout
        settings.maximumConnections = maxConnections
        settings.logFormat = LogFormat(rawValue: logFormat) ?? .text
        if let level = ProcessInfo.processInfo.environment["REMO_LOG_LEVEL"], !settings.setLogLevel(named: level) {
            throw ValidationError("REMO_LOG_LEVEL must be trace, debug, info, notice, warning, error or critical, not \(level).")
        }
        if let queueLength { settings.queueLength = queueLength }
        let failure = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task { [settings] in
            do {
                // The service logs its address and limits once it listens.
                try await HTTPServer.run(settings) { _, _ in }
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
