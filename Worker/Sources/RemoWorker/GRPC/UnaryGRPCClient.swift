import Glibc
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL
import SwiftProtobuf

/// A unary gRPC method: its path, and the types of its request and response.
struct UnaryMethod<Request: SwiftProtobuf.Message, Response: SwiftProtobuf.Message>: Sendable {
    var path: String
}

/// A gRPC client for unary calls over HTTP/2, plaintext or TLS (``TemporalConnection``),
/// which is all the worker needs of Temporal's frontend. It keeps one connection, opened at the first call and again after
/// the server closed it or said GOAWAY. A call that cannot be made fails as unavailable at
/// once; the caller decides whether to try again.
final class UnaryGRPCClient: Sendable {
    let host: String
    let port: Int
    private let serverHostname: String?
    private let tlsContext: NIOSSLContext?
    private let metadata: [(String, String)]
    private let group: any EventLoopGroup
    private let state = NIOLockedValueBox(State())

    private struct Connection: Sendable {
        var channel: any Channel
        var calls: NIOLoopBound<UnaryCallsHandler>
    }

    private struct State {
        /// The connection new calls go to, with its number.
        var current: (number: Int, connection: EventLoopFuture<Connection>)?
        var attempts = 0
        var opened = 0
        /// The number of the connection last opened.
        var lastOpened = 0
        var lastCallID = 0
    }

    /// A client of `connection`; its calls carry the API key and `namespace`, if the
    /// connection has a key.
    ///
    /// - Throws: ``TemporalConnectionError`` when a TLS file cannot be used.
    init(
        _ connection: TemporalConnection, namespace: String = "default", group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws(TemporalConnectionError) {
        self.host = connection.host
        self.port = connection.port
        self.serverHostname = connection.serverHostname
        self.tlsContext = try connection.makeTLSContext()
        self.metadata = connection.metadata(namespace: namespace)
        self.group = group
    }

    /// How many connections the client has opened (attempts that failed not counted).
    var connectionsOpened: Int { state.withLockedValue { $0.opened } }

    /// Whether new calls go to a connection that is open.
    var isConnected: Bool {
        state.withLockedValue { state in state.current.map { $0.number == state.lastOpened } ?? false }
    }

    /// Makes one call of `method`. Throws ``GRPCStatusError``: the server's status, or
    /// unavailable when there is no connection, deadline exceeded after `timeout`, cancelled
    /// when the task is.
    func call<Request, Response>(
        _ method: UnaryMethod<Request, Response>, _ request: Request, timeout: Duration, maximumResponseBytes: Int = 4 << 20
    ) async throws -> Response {
        let message = ByteBuffer(bytes: try request.serializedBytes() as [UInt8])
        let connection: Connection
        do {
            connection = try await self.connection().get()
        } catch {
            throw GRPCStatusError(.unavailable, "cannot connect to \(host):\(port) (\(Self.describe(error)))")
        }
        let loop = connection.channel.eventLoop
        let call = UnaryCall(
            id: state.withLockedValue { state in
                state.lastCallID += 1
                return state.lastCallID
            },
            path: method.path, request: message,
            timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))), maximumResponseBytes: maximumResponseBytes,
            promise: loop.makePromise())
        let calls = connection.calls
        // Both through the loop's queue, so that a cancellation never overtakes its call.
        loop.execute { calls.value.start(call) }
        let response = try await withTaskCancellationHandler {
            try await call.promise.futureResult.get()
        } onCancel: {
            loop.execute { calls.value.cancel(call.id) }
        }
        do {
            return try Response(serializedBytes: Array(response.readableBytesView))
        } catch {
            throw GRPCStatusError(.internal, "cannot read the \(Response.protoMessageName) in the response (\(error))")
        }
    }

    /// Closes the connection; calls still on it fail as unavailable.
    func close() {
        let current = state.withLockedValue { state in
            defer { state.current = nil }
            return state.current?.connection
        }
        current?.whenSuccess { $0.channel.close(promise: nil) }
    }

    private func connection() -> EventLoopFuture<Connection> {
        let (number, promise, existing) = state.withLockedValue { state in
            if let current = state.current {
                return (current.number, nil as EventLoopPromise<Connection>?, current.connection)
            }
            state.attempts += 1
            let promise = group.next().makePromise(of: Connection.self)
            state.current = (state.attempts, promise.futureResult)
            return (state.attempts, promise, promise.futureResult)
        }
        if let promise {
            promise.completeWith(connect(number))
            promise.futureResult.whenComplete { [weak self] result in
                switch result {
                case .success:
                    self?.state.withLockedValue { state in
                        state.opened += 1
                        state.lastOpened = number
                    }
                case .failure: self?.forget(number)
                }
            }
        }
        return existing
    }

    /// New calls no longer go to connection `number`.
    private func forget(_ number: Int) {
        state.withLockedValue { state in
            if state.current?.number == number { state.current = nil }
        }
    }

    private func connect(_ number: Int) -> EventLoopFuture<Connection> {
        let authority = "\(host):\(port)"
        let (tlsContext, serverHostname, metadata) = (self.tlsContext, self.serverHostname, self.metadata)
        return ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let calls = UnaryCallsHandler(
                        authority: authority, scheme: tlsContext == nil ? "http" : "https", metadata: metadata,
                        becameUnusable: { [weak self] in self?.forget(number) })
                    if let tlsContext {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tlsContext, serverHostname: serverHostname))
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        NIOHTTP2Handler(mode: .client, connectionConfiguration: Self.http2, streamConfiguration: .init()))
                    try channel.pipeline.syncOperations.addHandler(calls)
                }
            }
            .connect(host: host, port: port)
            .flatMapThrowing { channel in
                let calls = try channel.pipeline.syncOperations.handler(type: UnaryCallsHandler.self)
                return Connection(channel: channel, calls: NIOLoopBound(calls, eventLoop: channel.eventLoop))
            }
    }

    /// Why a connection could not be made, in a few words ("Connection refused").
    private static func describe(_ error: any Error) -> String {
        guard let failures = (error as? NIOConnectionError)?.connectionErrors, let last = failures.last else { return "\(error)" }
        guard let io = last.error as? IOError else { return "\(last.error)" }
        return String(cString: strerror(io.errnoCode))
    }

    /// HTTP/2 settings: each stream's window as ``UnaryCallsHandler/window``, and no limit on
    /// the server's PINGs in practice. swift-nio-http2 closes a connection after 200
    /// control frames in 30 s, a defence against hostile peers; Temporal's frontend (grpc-go)
    /// sends a PING for nearly every burst of requests to estimate the bandwidth, so a busy
    /// worker would lose its connection every few seconds, and the calls on it.
    static let http2: NIOHTTP2Handler.ConnectionConfiguration = {
        var configuration = NIOHTTP2Handler.ConnectionConfiguration()
        configuration.initialSettings = [
            HTTP2Setting(parameter: .initialWindowSize, value: UnaryCallsHandler.window),
            HTTP2Setting(parameter: .maxHeaderListSize, value: HPACKDecoder.defaultMaxHeaderListSize),
            HTTP2Setting(parameter: .enablePush, value: 0),
        ]
        configuration.controlFrameRateLimit.maximumCount = 1_000_000
        return configuration
    }()
}
