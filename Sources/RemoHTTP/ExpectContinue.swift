import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers a request that carries `Expect: 100-continue` with `100 Continue` as soon as
/// its head arrives, so that the client sends the body at once. curl asks so for every
/// body over 1 MiB (a phone's photo is two to four) and, unanswered, waits a second before
/// sending it anyway. A request refused from its head alone (a `Content-Length` over the
/// limit) gets its final answer right after.
final class ExpectContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data), request.headerFields[.expect]?.lowercased() == "100-continue" {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}
