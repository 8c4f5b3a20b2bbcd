import Foundation
import Logging
import RemoService

/// The settings of `remo-geom serve`, each a limit enforced before the work it bounds
/// (docs/service.md).
public struct ServiceSettings: Sendable {
    /// The address to listen on: loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (printed at start).
    public var port = 8080
    /// The largest request body: refused from `Content-Length` before reading, or as soon
    /// as a streamed body passes it (413).
    public var maximumBodyBytes = 64 << 20
    /// The most pixels an image may have (422), checked from its header.
    public var maximumPixels = PixelLimit.default
    /// Jobs run at once; more wait in a short queue, and past it the answer is 503.
    public var concurrency = 2
    /// Jobs that may wait for a slot before the service answers 503 (by default 32 per
    /// slot: 64 connections on two cores wait rather than fail). A waiting job holds its
    /// body, which counts against ``memoryBudget``.
    public var queueLength: Int
    /// Seconds after SIGTERM or SIGINT during which `readyz` answers 503 and connections
    /// are still taken: the load balancer's time to notice.
    public var drainDelay = 5.0
    /// Seconds requests in flight get to finish once new connections are refused.
    public var shutdownGrace = 20.0
    /// Seconds a connection may go without a byte while it is not being answered: a
    /// keep-alive connection between requests, a request whose head or body has stalled.
    /// Then it is closed (a job being computed is never cut).
    public var idleTimeout = 60.0
    /// Seconds a request's head may take from its first byte (else 408); also the time a
    /// body gets before ``minimumBodyRate`` applies.
    public var headerTimeout = 10.0
    /// Bytes a second a request's body must average once ``headerTimeout`` has passed
    /// since its head (else 408): 8 KiB, so that a 64 MiB body may take up to two hours, and a phone
    /// on a poor line is not cut.
    public var minimumBodyRate = 8 << 10
    /// The bytes the jobs in flight may declare together (by default a quarter of the
    /// physical memory); a job waits until it fits, and one over the whole budget is
    /// refused (422). The bodies being received are held to the same figure on their own.
    public var memoryBudget: Int
    /// The most connections answered at once; past it a request gets 503 `busy` and its
    /// connection is closed. By default the open-file limit the service raises itself to,
    /// less 64 for its own files, at most 16,384: each connection is a file.
    public var maximumConnections = ServiceSettings.defaultMaximumConnections
    /// Log lines as text or JSON.
    public var logFormat = LogFormat.text
    /// The least level logged (`REMO_LOG_LEVEL`: trace, debug, info, notice, warning,
    /// error, critical); info by default, which logs every request.
    public var logLevel = Logger.Level.info

    /// Sets ``logLevel`` from its name (`REMO_LOG_LEVEL`); false when the name is none.
    public mutating func setLogLevel(named name: String) -> Bool {
        guard let level = Logger.Level(rawValue: name.lowercased()) else { return false }
        logLevel = level
        return true
    }

    /// The defaults of docs/service.md, with `concurrency` the number of cores.
    public init(concurrency: Int) {
        self.concurrency = max(1, concurrency)
        self.queueLength = 32 * self.concurrency
        self.memoryBudget = Self.defaultMemoryBudget
    }

    /// The open-file hard limit (to which the service raises its soft limit at start) less
    /// 64, between 64 and 16,384.
    public static var defaultMaximumConnections: Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_max != rlim_t.max else { return 16_384 }
        return max(64, min(16_384, Int(clamping: limit.rlim_max) - 64))
    }

    /// A quarter of the physical memory.
    public static var defaultMemoryBudget: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let size = sysconf(Int32(_SC_PAGESIZE))
        return pages > 0 && size > 0 ? pages * size / 4 : 1 << 30
    }
}
