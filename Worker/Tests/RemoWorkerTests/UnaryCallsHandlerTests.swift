import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHPACK
import NIOHTTP2
import Testing

@testable import RemoWorker

/// The worker's gRPC client against swift-nio-http2's own server side, in memory: what a
/// gRPC server may answer (a message, a status alone, a reset, GOAWAY, pings, a response
/// larger than the flow-control window) and what the client does on its own (deadlines,
/// cancellation). The Temporal integration tests (Tests/Integration) run it against the real
/// frontend.
@Suite struct UnaryCallsHandlerTests {
    /// A client and a server connected in memory.
    final class Link {
        let loop = EmbeddedEventLoop()
        let client: EmbeddedChannel
        let server: EmbeddedChannel
        let calls: UnaryCallsHandler
        let received = ServerFrames()
        let unusable = Counter()
        private var nextCallID = 0

        init() throws {
            client = EmbeddedChannel(loop: loop)
            server = EmbeddedChannel(loop: loop)
            let unusable = self.unusable
            calls = UnaryCallsHandler(authority: "temporal:7233", becameUnusable: { unusable.add() })
            try client.pipeline.syncOperations.addHandler(
                NIOHTTP2Handler(mode: .client, connectionConfiguration: UnaryGRPCClient.http2, streamConfiguration: .init()))
            try client.pipeline.syncOperations.addHandler(calls)
            // The server takes as many PING acknowledgements as the client takes PINGs.
            var serverSide = NIOHTTP2Handler.ConnectionConfiguration()
            serverSide.controlFrameRateLimit = UnaryGRPCClient.http2.controlFrameRateLimit
            try server.pipeline.syncOperations.addHandler(
                NIOHTTP2Handler(mode: .server, connectionConfiguration: serverSide, streamConfiguration: .init()))
            try server.pipeline.syncOperations.addHandler(received)
            try server.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()
            try client.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 7233)).wait()
            try exchange()
        }

        /// Moves bytes both ways until neither side has anything to send.
        func exchange() throws {
            var moved = true
            while moved {
                moved = false
                while let bytes = try client.readOutbound(as: ByteBuffer.self) {
                    try server.writeInbound(bytes)
                    moved = true
                }
                while let bytes = try server.readOutbound(as: ByteBuffer.self) {
                    try client.writeInbound(bytes)
                    moved = true
                }
            }
        }

        /// Starts a call with `request` and returns its future response and ID.
        func start(_ request: String, timeout: TimeAmount = .seconds(30), maximumResponseBytes: Int = 16 << 20)
            throws -> (response: EventLoopFuture<ByteBuffer>, id: Int)
        {
            nextCallID += 1
            let promise = loop.makePromise(of: ByteBuffer.self)
            calls.start(
                UnaryCall(
                    id: nextCallID, path: "/test.Service/Method", request: ByteBuffer(string: request), timeout: timeout,
                    maximumResponseBytes: maximumResponseBytes, promise: promise))
            try exchange()
            return (promise.futureResult, nextCallID)
        }

        /// Answers stream `id` with `message` and gRPC's OK, as a gRPC server does.
        func answer(_ id: Int, with message: ByteBuffer) throws {
            let stream = HTTP2StreamID(id)
            var body = ByteBuffer()
            body.writeInteger(UInt8(0))
            body.writeInteger(UInt32(message.readableBytes))
            body.writeImmutableBuffer(message)
            server.write(
                HTTP2Frame(streamID: stream, payload: .headers(.init(headers: [":status": "200", "content-type": "application/grpc"]))),
                promise: nil)
            server.write(HTTP2Frame(streamID: stream, payload: .data(.init(data: .byteBuffer(body)))), promise: nil)
            server.writeAndFlush(
                HTTP2Frame(streamID: stream, payload: .headers(.init(headers: ["grpc-status": "0"], endStream: true))), promise: nil)
            try exchange()
        }

        func send(_ payload: HTTP2Frame.FramePayload, on id: Int) throws {
            server.writeAndFlush(HTTP2Frame(streamID: HTTP2StreamID(id), payload: payload), promise: nil)
            try exchange()
        }
    }

    /// What the server side received, frame by frame.
    final class ServerFrames: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTP2Frame
        var frames: [HTTP2Frame] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            frames.append(unwrapInboundIn(data))
        }

        func resets(on id: Int) -> [HTTP2ErrorCode] {
            frames.compactMap { frame in
                guard frame.streamID == HTTP2StreamID(id), case .rstStream(let code) = frame.payload else { return nil }
                return code
            }
        }

        func request(on id: Int) -> (headers: HPACKHeaders, body: ByteBuffer)? {
            var headers: HPACKHeaders?
            var body = ByteBuffer()
            for frame in frames where frame.streamID == HTTP2StreamID(id) {
                switch frame.payload {
                case .headers(let payload): headers = payload.headers
                case .data(let payload): if case .byteBuffer(var bytes) = payload.data { body.writeBuffer(&bytes) }
                default: break
                }
            }
            return headers.map { ($0, body) }
        }
    }

    final class Counter: @unchecked Sendable {
        var count = 0
        func add() { count += 1 }
    }

    /// The status a call failed with, nil while it runs or if it succeeded.
    static func status(of response: EventLoopFuture<ByteBuffer>) -> GRPCStatusError? {
        let found = NIOLockedValueBox<GRPCStatusError?>(nil)
        response.whenFailure { error in found.withLockedValue { $0 = error as? GRPCStatusError } }
        return found.withLockedValue { $0 }
    }

    /// The message a call answered, nil while it runs or if it failed.
    static func message(of response: EventLoopFuture<ByteBuffer>) -> ByteBuffer? {
        let found = NIOLockedValueBox<ByteBuffer?>(nil)
        response.whenSuccess { message in found.withLockedValue { $0 = message } }
        return found.withLockedValue { $0 }
    }

    @Test func aCallSendsGRPCsRequestAndGetsTheMessage() throws {
        let link = try Link()
        let (response, _) = try link.start("poll")
        let request = try #require(link.received.request(on: 1))
        #expect(request.headers.first(name: ":path") == "/test.Service/Method")
        #expect(request.headers.first(name: "content-type") == "application/grpc")
        #expect(request.headers.first(name: "te") == "trailers")
        #expect(request.headers.first(name: "grpc-timeout") == "30000m")
        #expect(Array(request.body.readableBytesView) == [0, 0, 0, 0, 4] + Array("poll".utf8))
        #expect(Self.message(of: response) == nil)
        try link.answer(1, with: ByteBuffer(string: "task"))
        #expect(Self.message(of: response) == ByteBuffer(string: "task"))
    }

    @Test func aResponseFarLargerThanTheWindowArrivesWhole() throws {
        // 10 MiB through 4 MiB windows: only the client's window updates (of the stream and
        // of the connection) let the server send it all.
        let link = try Link()
        let big = ByteBuffer(bytes: (0..<(10 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let (first, _) = try link.start("one")
        try link.answer(1, with: big)
        let (second, _) = try link.start("two")
        try link.answer(3, with: big)
        #expect(Self.message(of: first) == big)
        #expect(Self.message(of: second) == big)
    }

    @Test func aStatusAloneFailsTheCallWithItsCodeAndDecodedMessage() throws {
        let link = try Link()
        let (response, _) = try link.start("poll")
        try link.send(
            .headers(
                .init(
                    headers: [
                        ":status": "200", "content-type": "application/grpc", "grpc-status": "5",
                        "grpc-message": "Namespace%20n%C3%A9ant%20is%20not%20found.",
                    ], endStream: true)), on: 1)
        let status = try #require(Self.status(of: response))
        #expect(status.code == .notFound)
        #expect(status.message == "Namespace néant is not found.")
    }

    @Test func theServersResetsMapToGRPCsCodes() throws {
        let link = try Link()
        let (refused, _) = try link.start("a")
        let (other, _) = try link.start("b")
        try link.send(.rstStream(.refusedStream), on: 1)
        try link.send(.rstStream(.protocolError), on: 3)
        #expect(Self.status(of: refused)?.code == .unavailable)
        #expect(Self.status(of: other)?.code == .internal)
    }

    @Test func aCallPastItsDeadlineFailsAndIsResetOnTheServer() throws {
        let link = try Link()
        let (response, _) = try link.start("poll", timeout: .seconds(90))
        link.loop.advanceTime(by: .seconds(89))
        #expect(Self.status(of: response) == nil)
        link.loop.advanceTime(by: .seconds(1))
        try link.exchange()
        #expect(Self.status(of: response)?.code == .deadlineExceeded)
        #expect(link.received.resets(on: 1) == [.cancel])
    }

    @Test func aCancelledCallIsResetAndALateCancelIsHarmless() throws {
        let link = try Link()
        let (cancelled, id) = try link.start("poll")
        link.calls.cancel(id)
        try link.exchange()
        #expect(Self.status(of: cancelled)?.code == .cancelled)
        #expect(link.received.resets(on: 1) == [.cancel])
        let (answered, other) = try link.start("poll")
        try link.answer(3, with: ByteBuffer(string: "task"))
        link.calls.cancel(other)
        try link.exchange()
        #expect(Self.message(of: answered) == ByteBuffer(string: "task"))
        #expect(link.received.resets(on: 3).isEmpty)
    }

    @Test func goAwayFailsOnlyTheCallsTheServerDidNotTakeThenCloses() throws {
        let link = try Link()
        let (taken, _) = try link.start("a")
        let (notTaken, _) = try link.start("b")
        try link.send(.goAway(lastStreamID: 1, errorCode: .noError, opaqueData: nil), on: 0)
        #expect(Self.status(of: notTaken)?.code == .unavailable)
        #expect(link.unusable.count == 1)
        #expect(link.client.isActive)
        let (late, _) = try link.start("c")
        #expect(Self.status(of: late)?.code == .unavailable)
        try link.answer(1, with: ByteBuffer(string: "done"))
        #expect(Self.message(of: taken) == ByteBuffer(string: "done"))
        #expect(!link.client.isActive)
    }

    @Test func thousandsOfPingsDoNotCloseTheConnection() throws {
        // Temporal's frontend pings for nearly every burst of requests; swift-nio-http2's
        // default allows 200 in 30 s.
        let link = try Link()
        for n in 0..<2_000 {
            link.server.write(
                HTTP2Frame(streamID: .rootStream, payload: .ping(HTTP2PingData(withInteger: UInt64(n)), ack: false)), promise: nil)
        }
        link.server.flush()
        try link.exchange()
        #expect(link.client.isActive)
        let acks = link.received.frames.filter { if case .ping(_, ack: true) = $0.payload { true } else { false } }
        #expect(acks.count == 2_000)
        let (response, _) = try link.start("poll")
        try link.answer(1, with: ByteBuffer(string: "task"))
        #expect(Self.message(of: response) == ByteBuffer(string: "task"))
    }

    @Test func aResponseOverTheLimitFailsAndIsReset() throws {
        let link = try Link()
        let (response, _) = try link.start("poll", maximumResponseBytes: 100)
        try link.send(.headers(.init(headers: [":status": "200", "content-type": "application/grpc"])), on: 1)
        try link.send(.data(.init(data: .byteBuffer(ByteBuffer(repeating: 7, count: 1_000)))), on: 1)
        #expect(Self.status(of: response)?.code == .resourceExhausted)
        #expect(link.received.resets(on: 1) == [.cancel])
    }

    @Test func aLostConnectionFailsItsCallsAsUnavailable() throws {
        let link = try Link()
        let (response, _) = try link.start("poll")
        try link.client.close().wait()
        #expect(Self.status(of: response)?.code == .unavailable)
        #expect(link.unusable.count == 1)
    }

    @Test func malformedResponsesAreInternalErrors() {
        var twoBytesShort = ByteBuffer()
        twoBytesShort.writeInteger(UInt8(0))
        twoBytesShort.writeInteger(UInt32(10))
        twoBytesShort.writeString("12345678")
        let ok: HPACKHeaders = ["grpc-status": "0"]
        #expect(UnaryCallsHandler.response(twoBytesShort, trailers: ok).failure?.code == .internal)
        #expect(UnaryCallsHandler.response(ByteBuffer(), trailers: ok).failure?.code == .internal)
        #expect(UnaryCallsHandler.response(ByteBuffer(), trailers: ["grpc-status": "99"]).failure?.code == .unknown)
        #expect(UnaryCallsHandler.response(ByteBuffer(), trailers: [:]).failure?.code == .unknown)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
