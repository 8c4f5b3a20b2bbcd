import NIOHTTP2

/// A unary call that did not succeed: gRPC's status code and message, from the server's
/// trailers or from the connection (unavailable, deadline exceeded, cancelled).
struct GRPCStatusError: Error, CustomStringConvertible {
    /// gRPC's status codes (https://grpc.github.io/grpc/core/md_doc_statuscodes.html).
    enum Code: Int, Sendable {
        case ok = 0
        case cancelled, unknown, invalidArgument, deadlineExceeded, notFound, alreadyExists
        case permissionDenied, resourceExhausted, failedPrecondition, aborted, outOfRange
        case unimplemented, `internal`, unavailable, dataLoss, unauthenticated
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { "\(code): \(message)" }

    /// The status of a call the server reset, as gRPC's HTTP/2 mapping gives it: a stream it
    /// refused never ran, so trying again is safe.
    static func reset(_ reason: HTTP2ErrorCode) -> Self {
        switch reason {
        case .refusedStream: Self(.unavailable, "the server refused the call")
        case .cancel: Self(.cancelled, "the server cancelled the call")
        case .enhanceYourCalm: Self(.resourceExhausted, "the server asked for fewer calls (ENHANCE_YOUR_CALM)")
        case .inadequateSecurity: Self(.permissionDenied, "the server wants a secure connection")
        default: Self(.internal, "the server reset the call (\(reason))")
        }
    }

    /// The status of a response whose HTTP status is not 200 (gRPC's HTTP mapping).
    static func http(_ status: String) -> Self {
        let code: Code =
            switch status {
            case "400": .internal
            case "401": .unauthenticated
            case "403": .permissionDenied
            case "404": .unimplemented
            case "429", "502", "503", "504": .unavailable
            default: .unknown
            }
        let hint =
            switch status {
            case "401": ": the server wants credentials (an API key: --api-key, or a client certificate)"
            case "403": ": the server refuses these credentials"
            default: ""
            }
        return Self(code, "HTTP status \(status)\(hint)")
    }
}
