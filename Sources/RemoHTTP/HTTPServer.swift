import Foundation
import Hummingbird
import Logging
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// `remo-geom serve`: the jobs over HTTP/1.1 (docs/service.md).
public enum HTTPServer {
    /// Runs the service until SIGTERM or SIGINT; then `readyz` answers 503 at once while
    /// connections are still taken for ``ServiceSettings/drainDelay`` seconds (a load
    /// balancer's time to notice), then new connections are refused, the requests in flight
    /// finish (up to ``ServiceSettings/shutdownGrace`` seconds) and it returns.
    ///
    /// Once it listens it logs its address (the port picked when `settings.port` is 0) and
    /// its limits.
    ///
    /// - Parameter settings: The address, the limits and the grace period.
    public static func run(_ settings: ServiceSettings) async throws {
        raiseOpenFileLimit()
        let (format, level) = (settings.logFormat, settings.logLevel)
        LoggingSystem.bootstrap { label in
            switch format {
            case .json: return JSONLogHandler(label: label, level: level)
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        }
        let logger = Logger(label: "remo-geom.serve")
        let connections = OpenConnections(limit: settings.maximumConnections)
        let draining = Draining()
        let timeouts = RequestTimeoutHandler.Limits(
            headerTimeout: .milliseconds(Int64(settings.headerTimeout * 1000)),
            bodyGrace: .milliseconds(Int64(settings.headerTimeout * 1000)),
            minimumBodyRate: settings.minimumBodyRate)
        let metrics = ServiceMetrics()
        let answers = ConnectionAnswers(metrics: metrics, logger: logger)
        let workers = NIOThreadPool(numberOfThreads: settings.concurrency)
        workers.start()
        defer { workers.shutdownGracefully { _ in } }
        let responder = ServiceResponder(settings: settings, draining: draining, metrics: metrics, workers: workers)
        let application = Application(
            responder: responder,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionLimitHandler(connections, answers: answers), ExpectContinueHandler(), WholeResponsesHandler(),
                        RequestTimeoutHandler(timeouts, answers: answers),
                    ],
                    idleTimeout: .milliseconds(Int64(settings.idleTimeout * 1000)))),
            configuration: ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: "remo-geom"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                logger.info(
                    "listening on http://\(settings.host):\(port) (concurrency \(settings.concurrency), queue \(settings.queueLength), body limit \(settings.maximumBodyBytes) bytes, pixel limit \(settings.maximumPixels), memory budget \(settings.memoryBudget) bytes, drain delay \(settings.drainDelay) s, shutdown grace \(settings.shutdownGrace) s, header timeout \(settings.headerTimeout) s, minimum body rate \(settings.minimumBodyRate) bytes/s, idle timeout \(settings.idleTimeout) s, at most \(settings.maximumConnections) connections)"
                )
            },
            logger: logger)
        // The signals are this function's, not the group's: the group is told to shut down
        // only once the drain delay has passed.
        var configuration = ServiceGroupConfiguration(services: [.init(service: application)], logger: logger)
        configuration.maximumGracefulShutdownDuration = .milliseconds(Int64(settings.shutdownGrace * 1000))
        let group = ServiceGroup(configuration: configuration)
        try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask {
                try await group.run()
                return true
            }
            tasks.addTask {
                await drainOnSignal(
                    group: group, draining: draining, delay: settings.drainDelay, grace: settings.shutdownGrace, logger: logger)
                return false
            }
            while let groupEnded = try await tasks.next() {
                if groupEnded {
                    tasks.cancelAll()
                    break
                }
            }
        }
        // The last line, so that whoever stopped the service sees that it ended and when.
        logger.info("stopped")
    }

    /// At the first SIGTERM or SIGINT: `readyz` turns 503, and `delay` seconds later the
    /// group shuts down gracefully, giving the requests in flight `grace` seconds.
    static func drainOnSignal(group: ServiceGroup, draining: Draining, delay: Double, grace: Double, logger: Logger) async {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        for await signal in signals {
            draining.start()
            logger.info("draining: readyz answers 503; new connections are refused in \(delay) s", metadata: ["signal": "\(signal)"])
            try? await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
            logger.info("shutting down: new connections are refused; the requests in flight have \(grace) s to finish")
            await group.triggerGracefulShutdown()
            return
        }
    }
}

extension HTTPServer {
    /// Raises the soft limit of open files to the hard one: each connection is a file, and a
    /// soft limit of 1,024 (systemd's default) let 1,100 idle connections starve `/healthz`.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(resource, &limit)
    }
}
