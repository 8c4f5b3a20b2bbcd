import NIOCore
import NIOHTTP1
import NIOPosix

/// The worker's operations endpoint (`--metrics-port`): `GET /metrics` (Prometheus text)
/// and `GET /healthz`, over plain HTTP/1.1 on its own port. Two fixed answers need no
/// router or framework; SwiftNIO's HTTP/1 codec, which the worker already links, does the
/// protocol.
public final class OperationsServer: Sendable {
    /// What the endpoint answers, asked at each request.
    public struct Answers: Sendable {
        /// The exposition text.
        public var metrics: @Sendable () -> [UInt8]
        /// `/healthz`: whether the worker is healthy (200, else 503), and a JSON body.
        public var health: @Sendable () -> (healthy: Bool, body: String)

        /// The two answers.
        public init(metrics: @escaping @Sendable () -> [UInt8], health: @escaping @Sendable () -> (healthy: Bool, body: String)) {
            self.metrics = metrics
            self.health = health
        }
    }

    private let channel: any Channel

    /// Listens on `host:port` (port 0: any free one; ``port`` says which).
    public init(host: String, port: Int, answers: Answers) async throws {
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(Responder(answers: answers))
                }
            }
            .bind(host: host, port: port).get()
    }

    /// The port listened on.
    public var port: Int { channel.localAddress?.port ?? 0 }

    /// Stops listening.
    public func close() async {
        try? await channel.close()
    }

    private final class Responder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let answers: Answers
        private var head: HTTPRequestHead?

        init(answers: Answers) { self.answers = answers }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                self.head = nil
                respond(context, head)
            }
        }

        private func respond(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
            let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
            let (status, type, body): (HTTPResponseStatus, String, [UInt8])
            switch (head.method, path) {
            case (.GET, "/metrics"), (.HEAD, "/metrics"):
                (status, type, body) = (.ok, "text/plain; version=0.0.4; charset=utf-8", answers.metrics())
            case (.GET, "/healthz"), (.HEAD, "/healthz"):
                let health = answers.health()
                (status, type, body) = (health.healthy ? .ok : .serviceUnavailable, "application/json", Array(health.body.utf8))
            case (_, "/metrics"), (_, "/healthz"):
                (status, type, body) = (.methodNotAllowed, "text/plain", Array("only GET\n".utf8))
            default:
                (status, type, body) = (.notFound, "text/plain", Array("not found: the worker serves /metrics and /healthz\n".utf8))
            }
            var headers = HTTPHeaders([("Content-Type", type), ("Content-Length", String(body.count))])
            let keepAlive = head.isKeepAlive
            headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
            if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
            let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.whenComplete { _ in bound.value.close(promise: nil) }
            }
        }
    }
}
