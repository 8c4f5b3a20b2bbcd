import HTTPTypes
import NIOCore
import NIOHTTPTypes
import RemoJSON
import RemoService

/// The timeouts of slow and stalled clients (docs/service.md):
/// - a request's head must be in within `headerTimeout` of its first byte, or the
///   connection gets 408 `request-timeout` and is closed;
/// - its body, once `bodyGrace` has passed since the head, must have come at
///   `minimumBodyRate` bytes a second on average, or the request is answered 408 and the
///   connection closed.
///
/// A connection between requests is left to the idle timeout (Hummingbird's), and a request
/// being answered has no deadline: a job being computed is never cut.
///
/// The first byte of a head is seen before the HTTP decoder, by a ``FirstBytes`` handler
/// this one puts at the front of the pipeline.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The timeouts.
    struct Limits: Sendable {
        var headerTimeout: TimeAmount
        var bodyGrace: TimeAmount
        var minimumBodyRate: Int
    }

    /// Raised into the request's body when it comes too slowly.
    struct BodyTooSlow: Error {
        var message: String
    }

    private enum State {
        /// No request begun: waiting for the first byte of a head.
        case idle
        /// Bytes of a head have come, not the whole head.
        case head
        /// The head is in; `bytes` of body so far.
        case body(since: NIODeadline, bytes: Int)
        /// The request is in, or refused; its answer is being computed or written.
        case answering
    }

    private let limits: Limits
    private let answers: ConnectionAnswers
    private var state = State.idle
    private var timer: Scheduled<Void>?
    /// Bytes came while a request was being answered: the next head has begun.
    private var bytesWhileAnswering = false

    init(_ limits: Limits, answers: ConnectionAnswers) {
        self.limits = limits
        self.answers = answers
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(FirstBytes(owner: self, context: context), position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    /// Bytes arrived from the socket (called by ``FirstBytes``).
    fileprivate func bytesArrived(context: ChannelHandlerContext) {
        switch state {
        case .idle:
            state = .head
            schedule(context, in: limits.headerTimeout)
        case .answering:
            bytesWhileAnswering = true
        case .head, .body:
            break
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            state = .body(since: .now(), bytes: 0)
            schedule(context, in: limits.bodyGrace)
        case .body(let buffer):
            if case .body(let since, let bytes) = state { state = .body(since: since, bytes: bytes + buffer.readableBytes) }
        case .end:
            state = .answering
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head(let head) = unwrapOutboundIn(data), head.status.kind != .informational, case .body = state {
            // Answered before its body was in (a refusal from the head): no body deadline.
            state = .answering
            timer?.cancel()
            timer = nil
        }
        if case .end = unwrapOutboundIn(data), case .answering = state {
            state = .idle
            if bytesWhileAnswering {
                bytesWhileAnswering = false
                bytesArrived(context: context)
            }
        }
        context.write(data, promise: promise)
    }

    private func schedule(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            timer = nil
            expired(context)
        }
    }

    private func expired(_ context: ChannelHandlerContext) {
        switch state {
        case .head:
            // No request has begun for the responder: the answer is written here.
            state = .answering
            answers.record(status: 408, code: .requestTimeout, path: nil)
            let seconds = Double(limits.headerTimeout.nanoseconds) / 1e9
            let body = JSONWriter.string(
                ResultJSON.error(
                    JobError(.requestTimeout, message: "the request's head did not arrive within \(seconds.messageText) seconds")))
            var head = HTTPResponse(status: .requestTimeout)
            head.headerFields[.contentType] = "application/json"
            head.headerFields[.contentLength] = String(body.utf8.count)
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        case .body(let since, let bytes):
            let seconds = Double((NIODeadline.now() - since).nanoseconds) / 1e9
            if Double(bytes) >= Double(limits.minimumBodyRate) * seconds {
                schedule(context, in: .seconds(1))
                return
            }
            // The responder is reading the body: the error ends it, and the responder
            // answers 408 and closes.
            state = .answering
            context.fireErrorCaught(
                BodyTooSlow(
                    message:
                        "the request's body came at \(Int(Double(bytes) / seconds)) bytes a second, under the minimum of \(limits.minimumBodyRate)"
                ))
        case .idle, .answering:
            break
        }
    }
}

/// Tells a ``RequestTimeoutHandler`` when bytes arrive, before the HTTP decoder has made
/// anything of them.
private final class FirstBytes: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let owner: RequestTimeoutHandler
    private let ownerContext: ChannelHandlerContext

    init(owner: RequestTimeoutHandler, context: ChannelHandlerContext) {
        self.owner = owner
        self.ownerContext = context
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.bytesArrived(context: ownerContext)
        context.fireChannelRead(data)
    }
}
