/// Why a job could not be done: a stable code, a message for people, and the kind of
/// failure, which each front end maps to its own status in one place (the CLI to exit
/// status 2, the HTTP service to 400, 413, 415 or 422, the worker to a non-retryable
/// failure unless it is an ``Kind/internalFailure``).
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

    /// The stable code, as in the CLI's error objects (`invalid-json`, `invalid-document`,
    /// `invalid-scan`, `invalid-image`, `image-too-large`, `size-mismatch`, ...).
    public var code: String
    /// A sentence for people, naming the input and the problem.
    public var message: String
    /// The kind of failure.
    public var kind: Kind

    /// An error of the given kind.
    public init(_ kind: Kind, code: String, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
