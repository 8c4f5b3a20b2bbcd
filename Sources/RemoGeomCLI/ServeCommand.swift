import ArgumentParser
import Dispatch
import Foundation
import RemoHTTP
import RemoService
import Synchronization

/// `remo-geom serve`: the jobs over HTTP (docs/service.md). Every option may also come
/// from an environment variable named after it (`--max-body-bytes` from
/// `REMO_MAX_BODY_BYTES`); the command line wins.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the jobs over HTTP/1.1: validate, chips, render, room, fit, plan, photo, repair, simplify, mask.",
        discussion: """
            Routes: POST /v1/validate, /v1/chips, /v1/render (multipart: image, regions), \
            /v1/room, /v1/fit, /v1/plan, /v1/photo, /v1/repair, /v1/simplify, /v1/mask; GET /healthz, /readyz, /metrics (Prometheus), \
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

    @Option(help: "The most connections answered at once; past it a request gets 503 and its connection is closed (default 1024).")
    var maxConnections: Int?

    @Option(help: "Log lines as text or json, one object per line (default text).")
    var logFormat: String?

    func validate() throws {
        _ = try settings(ProcessInfo.processInfo.environment)
    }

    /// The settings: each option from the command line, else its `REMO_` variable, else
    /// its default; refused out of range, naming where the value came from.
    func settings(_ environment: [String: String]) throws -> ServiceSettings {
        func value<T: LosslessStringConvertible>(_ given: T?, _ option: String) throws -> (T, String)? {
            if let given { return (given, option) }
            let name = "REMO_" + option.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")
            guard let text = environment[name] else { return nil }
            guard let parsed = T(text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("\(name) must be a \(T.self == String.self ? "string" : "number"), not \(text).")
            }
            return (parsed, name)
        }
        func within<T: Comparable>(_ found: (T, String)?, _ range: ClosedRange<T>, _ what: String) throws -> T? {
            guard let (v, name) = found else { return nil }
            guard range.contains(v) else { throw ValidationError("\(name) must be \(what).") }
            return v
        }
        let cores = try within(value(concurrency, "--concurrency"), 1...4096, "at least 1")
        var settings = ServiceSettings(concurrency: cores ?? ProcessInfo.processInfo.activeProcessorCount)
        if let v = try value(host, "--host") { settings.host = v.0 }
        if let v = try within(value(port, "--port"), 0...65535, "from 0 to 65535") { settings.port = v }
        if let v = try within(value(maxBodyBytes, "--max-body-bytes"), 1...Int.max, "positive") { settings.maximumBodyBytes = v }
        if let v = try within(value(maxPixels, "--max-pixels"), 1...Int.max, "positive") { settings.maximumPixels = v }
        if let v = try within(value(queueLength, "--queue-length"), 0...Int.max, "0 or more") { settings.queueLength = v }
        if let v = try within(value(drainDelay, "--drain-delay"), 0...3600, "from 0 to 3600 seconds") { settings.drainDelay = v }
        if let v = try within(value(shutdownGrace, "--shutdown-grace"), 0...3600, "from 0 to 3600 seconds") { settings.shutdownGrace = v }
        if let v = try within(value(idleTimeout, "--idle-timeout"), 0.1...3600, "from 0.1 to 3600 seconds") { settings.idleTimeout = v }
        if let v = try within(value(headerTimeout, "--header-timeout"), 0.1...3600, "from 0.1 to 3600 seconds") {
            settings.headerTimeout = v
        }
        if let v = try within(value(minBodyRate, "--min-body-rate"), 0...Int.max, "0 or more") { settings.minimumBodyRate = v }
        if let (text, name) = try value(memoryBudget, "--memory-budget") {
            guard let bytes = Self.byteCount(text), bytes > 0 else {
                throw ValidationError("\(name) must be a positive number of bytes, with K, M or G allowed, not \(text).")
            }
            settings.memoryBudget = bytes
        }
        if let v = try within(value(maxConnections, "--max-connections"), 1...Int.max, "at least 1") { settings.maximumConnections = v }
        if let (text, name) = try value(logFormat, "--log-format") {
            guard let format = LogFormat(rawValue: text) else { throw ValidationError("\(name) must be text or json.") }
            settings.logFormat = format
        }
        if let level = environment["REMO_LOG_LEVEL"], !settings.setLogLevel(named: level) {
            throw ValidationError("REMO_LOG_LEVEL must be trace, debug, info, notice, warning, error or critical, not \(level).")
        }
        return settings
    }

    /// A byte count with an optional K, M or G (powers of 1,024): `512M`, `2G`, `1048576`.
    static func byteCount(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let shift = ["K": 10, "M": 20, "G": 30][trimmed.last.map(String.init) ?? ""]
        guard let number = Int(shift == nil ? trimmed : String(trimmed.dropLast())), number >= 0 else { return nil }
        let (scaled, overflow) = number.multipliedReportingOverflow(by: 1 << (shift ?? 0))
        return overflow ? nil : scaled
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
