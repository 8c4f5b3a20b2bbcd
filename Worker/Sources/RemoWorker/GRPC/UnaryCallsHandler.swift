import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOSSL

/// One unary call as ``UnaryCallsHandler`` makes it: the request message, serialized, and
/// the promise that the response message (or a ``GRPCStatusError``) completes.
struct UnaryCall: Sendable {
    /// Names the call for cancellation; unique within a client.
    var id: Int
    /// `/package.Service/Method`.
    var path: String
    var request: ByteBuffer
    var timeout: TimeAmount
    var maximumResponseBytes: Int
    var promise: EventLoopPromise<ByteBuffer>
}

/// gRPC's unary calls on one HTTP/2 connection, behind `NIOHTTP2Handler`, which does the
/// framing, HPACK, settings and pings. Each call is a stream: request headers and one
/// length-prefixed message out; response headers, one message and trailers carrying
/// gRPC's status back (or the status alone, "Trailers-Only"). Runs on the channel's event
/// loop only.
///
/// Why not grpc-swift-2's transport: it gives every call a child channel with its own
/// handlers and async streams, where here a call is an entry in a dictionary, at less than
/// half the CPU per activity (docs/worker.md); and it cannot raise swift-nio-http2's limit
/// of 200 PINGs per 30 s, which Temporal's frontend exceeds, so its connections would have
/// to be replaced every few dozen calls. This handler's connection lives as long as the
/// server keeps it.
final class UnaryCallsHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// The inbound flow-control window, of the connection and of each stream: a response
    /// of up to this size arrives without waiting for a window update.
    static let window = 4 << 20

    private struct Stream {
        var call: UnaryCall
        var deadline: Scheduled<Void>?
        var sawResponseHeaders = false
        var body: ByteBuffer
        /// Bytes received since the last window update for this stream.
        var unacknowledged = 0
    }

    private let authority: String
    private let scheme: String
    private let metadata: [(String, String)]
    private let becameUnusable: @Sendable () -> Void
    private var context: ChannelHandlerContext?
    private var streams: [HTTP2StreamID: Stream] = [:]
    private var streamOfCall: [Int: HTTP2StreamID] = [:]
    private var nextStreamID = 1
    /// False once the server said GOAWAY, the stream IDs ran out or the connection closed:
    /// new calls go to another connection, and this one closes when its calls are done.
    private var usable = true
    /// Why it is not usable, for the calls that arrive after.
    private var unusableBecause = ""

    private var connectionUnacknowledged = 0

    /// - Parameters:
    ///   - authority: `host:port`, as the `:authority` of every call.
    ///   - scheme: `https` over TLS, else `http`.
    ///   - metadata: headers every call carries (`authorization`, `temporal-namespace`).
    ///   - becameUnusable: called once, when the connection stops taking new calls.
    init(
        authority: String, scheme: String = "http", metadata: [(String, String)] = [], becameUnusable: @escaping @Sendable () -> Void
    ) {
        self.authority = authority
        self.scheme = scheme
        self.metadata = metadata
        self.becameUnusable = becameUnusable
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // MARK: Calls

    /// Sends a call's request; its promise completes when the response, an error, the
    /// deadline or ``cancel(_:)`` ends it.
    func start(_ call: UnaryCall) {
        guard usable, let context else {
            call.promise.fail(GRPCStatusError(.unavailable, unusableBecause))
            return
        }
        let id = HTTP2StreamID(nextStreamID)
        nextStreamID += 2
        if nextStreamID > Int(Int32.max) { stopTakingCalls("the connection has used all its stream IDs") }

        let headers = HPACKHeaders(
            [
                (":method", "POST"), (":scheme", scheme), (":path", call.path), (":authority", authority),
                ("content-type", "application/grpc"), ("te", "trailers"),
                ("grpc-timeout", "\(min(call.timeout.nanoseconds / 1_000_000, 99_999_999))m"),
                ("user-agent", "remo-geom-worker"),
            ] + metadata)
        var message = context.channel.allocator.buffer(capacity: 5 + call.request.readableBytes)
        message.writeInteger(UInt8(0))  // not compressed
        message.writeInteger(UInt32(call.request.readableBytes))
        message.writeImmutableBuffer(call.request)

        let this = NIOLoopBound(self, eventLoop: context.eventLoop)
        let deadline = context.eventLoop.scheduleTask(in: call.timeout) {
            this.value.finish(id, .failure(GRPCStatusError(.deadlineExceeded, "no answer within \(call.timeout)")), reset: true)
        }
        streams[id] = Stream(call: call, deadline: deadline, body: context.channel.allocator.buffer(capacity: 0))
        streamOfCall[call.id] = id
        let sent = context.eventLoop.makePromise(of: Void.self)
        sent.futureResult.whenFailure { error in
            this.value.finish(id, .failure(GRPCStatusError(.unavailable, "cannot send the call: \(error)")), reset: false)
        }
        context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .headers(.init(headers: headers)))), promise: nil)
        context.writeAndFlush(
            wrapOutboundOut(HTTP2Frame(streamID: id, payload: .data(.init(data: .byteBuffer(message), endStream: true)))),
            promise: sent)
    }

    /// Ends a call at its caller's request (the task was cancelled): the server is told to
    /// stop with RST_STREAM. A call already ended is left alone.
    func cancel(_ callID: Int) {
        guard let id = streamOfCall[callID] else { return }
        finish(id, .failure(GRPCStatusError(.cancelled, "the call was cancelled")), reset: true)
    }

    private func finish(_ id: HTTP2StreamID, _ result: Result<ByteBuffer, GRPCStatusError>, reset: Bool) {
        guard let stream = streams.removeValue(forKey: id) else { return }
        streamOfCall[stream.call.id] = nil
        stream.deadline?.cancel()
        if reset, let context {
            context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.cancel))), promise: nil)
        }
        stream.call.promise.completeWith(result.mapError { $0 })
        closeIfDone()
    }

    // MARK: Frames from the server

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.payload {
        case .headers(let payload):
            received(payload.headers, endStream: payload.endStream, on: frame.streamID)
        case .data(let payload):
            received(payload, on: frame.streamID, context: context)
        case .rstStream(let reason):
            finish(frame.streamID, .failure(.reset(reason)), reset: false)
        case .goAway(let lastStreamID, _, _):
            // Calls after the last one the server took never ran: safe to make again.
            stopTakingCalls("the server is going away (GOAWAY)")
            for id in streams.keys where id > lastStreamID {
                finish(id, .failure(GRPCStatusError(.unavailable, "\(unusableBecause); the call did not run")), reset: false)
            }
            closeIfDone()
        default:
            break  // settings, pings and window updates are NIOHTTP2Handler's
        }
    }

    private func received(_ headers: HPACKHeaders, endStream: Bool, on id: HTTP2StreamID) {
        guard let stream = streams[id] else { return }
        if !stream.sawResponseHeaders {
            streams[id]!.sawResponseHeaders = true
            let status = headers.first(name: ":status") ?? "none"
            guard status == "200" else {
                finish(id, .failure(.http(status)), reset: !endStream)
                return
            }
            // Without the end of the stream these are the response headers; with it, the
            // status is in them (Trailers-Only).
            guard endStream else { return }
        }
        guard endStream else { return }
        finish(id, Self.response(stream.body, trailers: headers), reset: false)
    }

    private func received(_ payload: HTTP2Frame.FramePayload.Data, on id: HTTP2StreamID, context: ChannelHandlerContext) {
        guard case .byteBuffer(var bytes) = payload.data else { return }
        let counted = bytes.readableBytes + (payload.paddingBytes.map { $0 + 1 } ?? 0)
        connectionUnacknowledged += counted
        if connectionUnacknowledged >= Self.window / 2 {
            updateWindow(of: .rootStream, by: connectionUnacknowledged, context: context)
            connectionUnacknowledged = 0
        }
        guard var stream = streams[id] else { return }
        stream.body.writeBuffer(&bytes)
        guard stream.body.readableBytes <= 5 + stream.call.maximumResponseBytes else {
            let limit = stream.call.maximumResponseBytes
            finish(id, .failure(GRPCStatusError(.resourceExhausted, "the response is over \(limit) bytes")), reset: !payload.endStream)
            return
        }
        if payload.endStream {
            streams[id] = stream
            finish(id, .failure(GRPCStatusError(.internal, "the response ended without gRPC's status")), reset: false)
            return
        }
        stream.unacknowledged += counted
        if stream.unacknowledged >= Self.window / 2 {
            updateWindow(of: id, by: stream.unacknowledged, context: context)
            stream.unacknowledged = 0
        }
        streams[id] = stream
    }

    /// The response message of a finished call, or the status it failed with.
    static func response(_ body: ByteBuffer, trailers: HPACKHeaders) -> Result<ByteBuffer, GRPCStatusError> {
        guard let raw = trailers.first(name: "grpc-status"), let code = Int(raw).flatMap(GRPCStatusError.Code.init) else {
            return .failure(GRPCStatusError(.unknown, "the response carries no valid grpc-status"))
        }
        guard code == .ok else {
            return .failure(GRPCStatusError(code, percentDecoded(trailers.first(name: "grpc-message") ?? "")))
        }
        var body = body
        guard let compressed = body.readInteger(as: UInt8.self), let length = body.readInteger(as: UInt32.self) else {
            return .failure(GRPCStatusError(.internal, "the response has no message"))
        }
        guard compressed == 0 else {
            return .failure(GRPCStatusError(.internal, "the response is compressed, which the worker did not ask for"))
        }
        guard body.readableBytes == Int(length) else {
            return .failure(GRPCStatusError(.internal, "the response has \(body.readableBytes) bytes where its prefix says \(length)"))
        }
        return .success(body)
    }

    /// `grpc-message` is percent-encoded UTF-8.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: The connection

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        // The connection's window starts at 64 KiB whatever the settings say.
        updateWindow(of: .rootStream, by: Self.window - 65_535, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTakingCalls("the connection closed")
        for id in streams.keys {
            finish(id, .failure(GRPCStatusError(.unavailable, unusableBecause)), reset: false)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A protocol error: every call on this connection fails as unavailable (the worker
        // tries again on a new one).
        // swift-nio-http2's errors print their source line; their type names them.
        if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
            stopTakingCalls("TLS failed (\(error)); check --tls-ca, --tls-server-name and, for mutual TLS, --tls-cert and --tls-key")
        } else {
            stopTakingCalls("HTTP/2 failed on the connection (\(type(of: error))); is this Temporal's gRPC port?")
        }
        for id in streams.keys {
            finish(id, .failure(GRPCStatusError(.unavailable, unusableBecause)), reset: false)
        }
        context.close(promise: nil)
    }

    private func stopTakingCalls(_ reason: String) {
        guard usable else { return }
        usable = false
        unusableBecause = reason
        becameUnusable()
    }

    private func closeIfDone() {
        if !usable && streams.isEmpty { context?.close(promise: nil) }
    }

    private func updateWindow(of id: HTTP2StreamID, by increment: Int, context: ChannelHandlerContext) {
        context.writeAndFlush(
            wrapOutboundOut(HTTP2Frame(streamID: id, payload: .windowUpdate(windowSizeIncrement: increment))), promise: nil)
    }
}
