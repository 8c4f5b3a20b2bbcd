import NIOCore
import NIOHTTPTypes

/// Holds back a connection's close until the last response written has left for the
/// socket, and closes the connection after a response that says `Connection: close` (a
/// refusal from the head, whose body the client may still be sending and the service will
/// not read). On graceful shutdown Hummingbird 2.28 closes a connection right after handing
/// its last response's end to the channel, and the close fails whatever the socket has
/// not taken yet: a 38 MB render answered while SIGTERM was in effect reached the client
/// as 3.8 MB under a 200 status. This handler sits between the HTTP codec and
/// Hummingbird's connection state handler, so that close passes through it.
final class WholeResponsesHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Responses whose end has been written but has not gone out yet.
    private var endsInFlight = 0
    /// A close asked for while an end was in flight, and the promises of every such ask.
    private var heldClose: [EventLoopPromise<Void>?]?
    /// The response being written says `Connection: close`.
    private var closesAfter = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        if case .head(let head) = part, head.status.kind != .informational {
            closesAfter = head.headerFields[.connection]?.lowercased() == "close"
        }
        guard case .end = part else {
            context.write(data, promise: promise)
            return
        }
        if closesAfter {
            closesAfter = false
            heldClose = heldClose ?? []
        }
        let written = promise ?? context.eventLoop.makePromise()
        endsInFlight += 1
        // Writes complete in order: once the end has gone, so has the rest of its response.
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.endsInFlight -= 1
            if self.endsInFlight == 0, let held = self.heldClose {
                self.heldClose = nil
                let closed = context.eventLoop.makePromise(of: Void.self)
                closed.futureResult.assumeIsolated().whenComplete { result in
                    for promise in held { promise?.completeWith(result) }
                }
                context.close(mode: .all, promise: closed)
            }
        }
        context.write(data, promise: written)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, endsInFlight > 0 else {
            context.close(mode: mode, promise: promise)
            return
        }
        heldClose = (heldClose ?? []) + [promise]
    }
}
