import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// `Expect: 100-continue` (RFC 9110, 10.1.1): the service answers `100 Continue` only once
/// it has decided to read the body (``ServiceResponder`` calls ``sendContinue()``), so a
/// request refused from its head (413 from `Content-Length`, 415, 404) gets its final
/// answer instead and the client never sends the body. curl asks so for every body over
/// 1 MiB (a phone's photo is two to four) and, unanswered, waits a second before sending
/// it anyway. An HTTP/1.0 client never gets a 100: it would not know one.
///
/// HTTP/1.0 is told apart before the head is turned into HTTP types (which carry no
/// version), by a ``Version`` handler this one puts before that conversion.
final class ExpectContinueHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The last head's version was HTTP/1.1 or later.
    fileprivate var knowsContinue = true
    /// The request being read asked for `100 Continue` and has not had it.
    private var pending = false
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let operations = context.pipeline.syncOperations
        if let converter = try? operations.handler(type: HTTP1ToHTTPServerCodec.self) {
            try? operations.addHandler(Version(owner: self), position: .before(converter))
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data) {
            pending = knowsContinue && request.headerFields[.expect]?.lowercased() == "100-continue"
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // A final answer ends the wait: the client sends no body after it.
        if case .head = unwrapOutboundIn(data) { pending = false }
        context.write(data, promise: promise)
    }

    /// Sends `100 Continue` if the request being read asked for it. On the channel's loop.
    func sendContinue() {
        guard pending, let context else { return }
        pending = false
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
    }

    /// Asks the channel's ``ExpectContinueHandler`` to send `100 Continue` when asked for.
    static func sendContinue(on channel: any Channel) {
        channel.eventLoop.execute {
            (try? channel.pipeline.syncOperations.handler(type: ExpectContinueHandler.self))?.sendContinue()
        }
    }
}

/// Notes each request head's HTTP version for an ``ExpectContinueHandler``.
private final class Version: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let owner: ExpectContinueHandler

    init(owner: ExpectContinueHandler) {
        self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            owner.knowsContinue = (head.version.major, head.version.minor) >= (1, 1)
        }
        context.fireChannelRead(data)
    }
}
