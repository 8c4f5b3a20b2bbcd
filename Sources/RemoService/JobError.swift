/// Why a job could not be done: a stable ``ErrorCode``, a message for people naming the
/// input and the problem, and the kind of failure. Each front end reports it by the
/// code's own statuses (``ErrorCode/exitStatus``, ``ErrorCode/httpStatus``,
/// ``isRetryable``).
public struct JobError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure: what the caller should do about it.
    public enum Kind: String, Hashable, Sendable {
        /// The request cannot be parsed or has the wrong shape.
        case badInput
        /// An image over the pixel limit.
        case tooLarge
        /// The image and the region document disagree about the image's size.
        case sizeMismatch
        /// The request names a room the scan does not have.
        case noSuchRoom
        /// The request names a region the document does not have.
        case noSuchRegion
        /// Not the caller's fault, but it would fail the same way again (an output whose
        /// folder is a file, a name too long, no permission): not worth retrying.
        case persistentFailure
        /// Not the caller's fault (an encoder that failed, memory, a full disk): worth retrying.
        case internalFailure
    }

    /// The stable code.
    public var code: ErrorCode
    /// A sentence for people, naming the input and the problem.
    public var message: String
    /// The kind of failure.
    public var kind: Kind

    /// An error with the code's own kind, or `kind` where the job knows better.
    public init(_ code: ErrorCode, message: String, kind: Kind? = nil) {
        self.code = code
        self.message = message
        self.kind = kind ?? code.kind
    }

    /// Whether the worker should let Temporal retry it: never for bad input or a failure
    /// that would repeat, always for faults a retry can cure.
    public var isRetryable: Bool {
        switch code.retry {
        case .always?: true
        case .never?: false
        case .whenTransient?, nil: kind == .internalFailure
        }
    }

    /// The message.
    public var description: String { message }
}

extension ErrorCode {
    /// The code a lower layer's error names (`RegionDocument`, `RoomScan` and the image
    /// decoders carry their codes as text), or `fallback` for one this list lacks.
    init(naming code: String, otherwise fallback: ErrorCode) {
        self = ErrorCode(rawValue: code) ?? fallback
    }
}
