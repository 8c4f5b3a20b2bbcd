import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `remo-geom serve`: the jobs over HTTP/1.1 (docs/service.md).
public enum HTTPServer {
    /// Runs the service until SIGTERM or SIGINT, then stops taking connections, lets the
    /// requests in flight finish (up to ``ServiceSettings/shutdownGrace`` seconds) and
    /// returns.
    ///
    /// - Parameters:
    ///   - settings: The address, the limits and the grace period.
    ///   - onListening: Called with the address and port once the server listens (the
    ///     port is the one picked when `settings.port` is 0).
    public static func run(_ settings: ServiceSettings, onListening: @escaping @Sendable (String, Int) -> Void) async throws {
        raiseOpenFileLimit()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "remo-geom.serve")
        let draining = Draining()
        let responder = ServiceResponder(settings: settings, draining: draining, metrics: ServiceMetrics())
        let application = Application(
            responder: responder,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ExpectContinueHandler(), WholeResponsesHandler()],
                    idleTimeout: .milliseconds(Int64(settings.idleTimeout * 1000)))),
            configuration: ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: "remo-geom"),
            onServerRunning: { channel in onListening(settings.host, channel.localAddress?.port ?? settings.port) },
            logger: logger)
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: application),
                .init(service: DrainingSignal(draining: draining), successTerminationBehavior: .ignore),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .milliseconds(Int64(settings.shutdownGrace * 1000))
        try await ServiceGroup(configuration: configuration).run()
    }
}

extension HTTPServer {
    /// Raises the soft limit of open files to the hard one: each connection is a file, and a
    /// soft limit of 1,024 (systemd's default) let 1,100 idle connections starve `/healthz`.
    /// - Returns: The soft limit now.
    @discardableResult
    static func raiseOpenFileLimit() -> UInt64 {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }
}

/// Turns `readyz` to 503 when graceful shutdown starts (it is shut down before the
/// server, which then drains).
struct DrainingSignal: Service {
    let draining: Draining

    func run() async throws {
        try? await gracefulShutdown()
        draining.start()
    }
}
