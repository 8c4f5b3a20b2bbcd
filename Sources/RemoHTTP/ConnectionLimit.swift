import HTTPTypes
import NIOCore
import NIOHTTPTypes
import RemoJSON
import RemoService
import Synchronization

/// The connections open now, shared by every connection's ``ConnectionLimitHandler``.
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)
    /// The most connections answered; past it a request gets 503.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection; whether it is within the limit.
    func open() -> Bool { count.add(1, ordering: .relaxed).newValue <= limit }

    /// Counts a connection closed.
    func close() { count.subtract(1, ordering: .relaxed) }
}

/// `--max-connections`: a connection past the limit has its first request answered at once
/// with 503 `busy` and `Retry-After`, then is closed, rather than left to stall the others
/// (every connection is a file, and each in flight holds memory).
final class ConnectionLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: OpenConnections
    private let answers: ConnectionAnswers
    private var counted = false
    private var refusing = false

    init(_ connections: OpenConnections, answers: ConnectionAnswers) {
        self.connections = connections
        self.answers = answers
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { count() }
    }

    func channelActive(context: ChannelHandlerContext) {
        count()
        context.fireChannelActive()
    }

    private func count() {
        guard !counted else { return }
        counted = true
        refusing = !connections.open()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if counted {
            connections.close()
            counted = false
        }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard refusing else {
            context.fireChannelRead(data)
            return
        }
        guard case .head(let request) = unwrapInboundIn(data) else { return }
        answers.record(status: 503, code: .busy, path: request.path)
        let body = JSONWriter.string(
            ResultJSON.error(JobError(.busy, message: "the service has \(connections.limit) connections open, its most; retry shortly")))
        var head = HTTPResponse(status: .serviceUnavailable)
        head.headerFields[.contentType] = "application/json"
        head.headerFields[.contentLength] = String(body.utf8.count)
        head.headerFields[.retryAfter] = "1"
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
