/// Every error code of every front end, each with what it means and how each front end
/// reports it: the command line's exit status, the service's HTTP status, and whether the
/// worker's failure is retried. The error table of `docs/formats.md` is this list, and a
/// test keeps the two equal.
public enum ErrorCode: String, CaseIterable, Hashable, Sendable {
    /// `invalid-json`: not JSON (the message says where).
    case invalidJSON = "invalid-json"
    /// `invalid-document`: JSON, but not a region document.
    case invalidDocument = "invalid-document"
    /// `invalid-scan`: not a room scan of any known form.
    case invalidScan = "invalid-scan"
    /// `invalid-list`: not a shopping list.
    case invalidList = "invalid-list"
    /// `invalid-image`: not an image the decoders take, or a corrupt one.
    case invalidImage = "invalid-image"
    /// `invalid-request`: a body or an activity argument of the wrong shape: a member missing
    /// or of the wrong kind.
    case invalidRequest = "invalid-request"
    /// `invalid-parameter`: an option out of range or of the wrong type, from any front end.
    case invalidParameter = "invalid-parameter"
    /// `bad-framing`: an HTTP body that cannot be read: shorter than its Content-Length, a
    /// bad chunk, an unknown transfer coding.
    case badFraming = "bad-framing"
    /// `invalid-multipart`: a multipart body that cannot be read, or without its parts.
    case invalidMultipart = "invalid-multipart"
    /// `image-too-large`: an image over the pixel limit, or a PNG too wide to write.
    case imageTooLarge = "image-too-large"
    /// `size-mismatch`: the image and the region document disagree about its size.
    case sizeMismatch = "size-mismatch"
    /// `no-such-room`: a room number past the scan's rooms.
    case noSuchRoom = "no-such-room"
    /// `no-such-region`: a region id the document does not have.
    case noSuchRegion = "no-such-region"
    /// `not-found`: no such file (on the service: no such route).
    case notFound = "not-found"
    /// `not-a-file`: a folder where a file was expected.
    case notAFile = "not-a-file"
    /// `not-a-folder`: a file where a folder was expected.
    case notAFolder = "not-a-folder"
    /// `bad-file-name`: a file name that is not UTF-8.
    case badFileName = "bad-file-name"
    /// `unreadable`: a file or folder that cannot be read.
    case unreadable
    /// `too-large`: a file or body over its byte limit.
    case tooLarge = "too-large"
    /// `skipped`: a folder entry that is not a regular file (a FIFO, a device).
    case skipped
    /// `no-documents`: a folder with no `*.json` inside.
    case noDocuments = "no-documents"
    /// `path-outside-root`: a path that leaves the worker's files root.
    case pathOutsideRoot = "path-outside-root"
    /// `method-not-allowed`: a route asked with another method (with `Allow`).
    case methodNotAllowed = "method-not-allowed"
    /// `unsupported-media-type`: a media type the route does not take.
    case unsupportedMediaType = "unsupported-media-type"
    /// `busy`: every job slot taken and the queue full (with `Retry-After`).
    case busy
    /// A request whose head or body came too slowly (HTTP 408).
    case requestTimeout = "request-timeout"
    /// A job that declares more memory than the service's whole budget (HTTP 422).
    case overMemoryBudget = "over-memory-budget"
    /// `unknown-activity`: an activity type the worker does not serve (another worker may serve
    /// it).
    case unknownActivity = "unknown-activity"
    /// `cancelled`: the activity was cancelled.
    case cancelled
    /// `write-failed`: an output could not be written.
    case writeFailed = "write-failed"
    /// `url-not-allowed`: a URL the worker may not fetch or put to: a host no `--fetch-allow`
    /// pattern names, a scheme not allowed, a private address, a redirect to another host.
    case urlNotAllowed = "url-not-allowed"
    /// `fetch-failed`: a URL that could not be fetched or put to.
    case fetchFailed = "fetch-failed"
    /// `encoding-failed`: an image could not be encoded: not the input's fault.
    case encodingFailed = "encoding-failed"
    /// `out-of-memory`: memory for the image could not be had: not the input's fault.
    case outOfMemory = "out-of-memory"
    /// `internal`: a failure that is not the input's fault (a bug).
    case `internal`

    /// Whether the worker's failure is retried.
    public enum Retry: Sendable {
        /// Non-retryable: it would fail the same way again.
        case never
        /// Retryable.
        case always
        /// Retryable only when the cause is transient (a full disk, an I/O error), not when
        /// it would fail the same way (a folder where the file goes, a name too long).
        case whenTransient
    }

    /// What the code means, in a line.
    public var summary: String {
        switch self {
        case .invalidJSON: "not JSON (the message says where)"
        case .invalidDocument: "JSON, but not a region document"
        case .invalidScan: "not a room scan of any known form"
        case .invalidList: "not a shopping list"
        case .invalidImage:
            "not a PNG, JPEG or HEIC the decoders take, or a corrupt one (the decoder's message): truncated data, a JPEG whose data ends early, "
                + "a progressive JPEG of more scans than its size allows (64, fewer past 32 megapixels)"
        case .invalidRequest: "a body or an activity argument of the wrong shape: a member missing or of the wrong kind"
        case .invalidParameter:
            "an option out of range or of the wrong type: a command-line option, a query parameter, a member of an activity's options, "
                + "or work the options would make too large"
        case .badFraming: "an HTTP body that cannot be read: shorter than its Content-Length, a bad chunk, an unknown transfer coding"
        case .invalidMultipart: "a multipart body that cannot be read, or without its parts"
        case .imageTooLarge:
            "an image over the pixel limit, from its header (a HEIF grid by the size it decodes to), or a PNG to be written with a side over 1,000,000"
        case .sizeMismatch: "the image and the region document disagree about its size"
        case .noSuchRoom: "a room number past the scan's rooms"
        case .noSuchRegion: "a region id the document does not have"
        case .notFound: "no such file (on the service: no such route)"
        case .notAFile: "a folder where a file was expected"
        case .notAFolder: "a file where a folder was expected"
        case .badFileName: "a file name that is not UTF-8"
        case .unreadable: "a file or folder that cannot be read"
        case .tooLarge: "a file or body over its byte limit"
        case .skipped: "a folder entry that is not a regular file (a FIFO, a device)"
        case .noDocuments: "a folder with no `*.json` inside"
        case .pathOutsideRoot: "a path that leaves the worker's files root"
        case .methodNotAllowed: "a route asked with another method (with `Allow`)"
        case .unsupportedMediaType: "a media type the route does not take"
        case .busy: "every job slot taken and the queue full (with `Retry-After`)"
        case .requestTimeout: "a request's head not in within the header timeout, or its body slower than the minimum rate"
        case .overMemoryBudget: "a job that declares more memory than the service's whole memory budget"
        case .unknownActivity: "an activity type the worker does not serve (another worker may serve it)"
        case .cancelled: "the activity was cancelled"
        case .writeFailed: "an output could not be written"
        case .urlNotAllowed:
            "a URL the worker may not fetch or put to: a host no `--fetch-allow` pattern names, `http://` without `--fetch-allow-http`, a private address, a redirect to another host"
        case .fetchFailed: "a URL that could not be fetched or put to (the message says why)"
        case .encodingFailed: "an image could not be encoded: not the input's fault"
        case .outOfMemory: "memory for the image could not be had: not the input's fault"
        case .internal: "a failure that is not the input's fault (a bug)"
        }
    }

    /// The command line's exit status, or nil when the command line never gives the code.
    public var exitStatus: Int32? {
        switch self {
        case .badFraming, .invalidMultipart, .pathOutsideRoot, .methodNotAllowed, .unsupportedMediaType, .busy, .requestTimeout,
            .overMemoryBudget, .unknownActivity, .cancelled, .urlNotAllowed, .fetchFailed:
            nil
        default: 2
        }
    }

    /// The service's HTTP status, or nil when the service never gives the code.
    public var httpStatus: Int? {
        switch self {
        case .invalidJSON, .invalidDocument, .invalidScan, .invalidList, .invalidImage, .invalidRequest, .invalidParameter,
            .badFraming, .invalidMultipart:
            400
        case .imageTooLarge, .sizeMismatch, .noSuchRoom, .noSuchRegion, .overMemoryBudget: 422
        case .requestTimeout: 408
        case .notFound: 404
        case .tooLarge: 413
        case .methodNotAllowed: 405
        case .unsupportedMediaType: 415
        case .busy: 503
        case .encodingFailed, .outOfMemory, .internal: 500
        case .notAFile, .notAFolder, .badFileName, .unreadable, .skipped, .noDocuments, .pathOutsideRoot, .unknownActivity, .cancelled,
            .writeFailed, .urlNotAllowed, .fetchFailed:
            nil
        }
    }

    /// How the worker's failure is retried, or nil when the worker never gives the code.
    public var retry: Retry? {
        switch self {
        case .badFraming, .invalidMultipart, .badFileName, .skipped, .noDocuments, .methodNotAllowed, .unsupportedMediaType, .busy,
            .requestTimeout, .overMemoryBudget, .cancelled:
            nil
        case .unknownActivity, .encodingFailed, .outOfMemory, .internal: .always
        case .writeFailed, .fetchFailed: .whenTransient
        default: .never
        }
    }

    /// The kind of failure the code is, unless the job says otherwise (a write failure
    /// that a retry cannot cure).
    var kind: JobError.Kind {
        switch self {
        case .imageTooLarge: .tooLarge
        case .sizeMismatch: .sizeMismatch
        case .noSuchRoom: .noSuchRoom
        case .noSuchRegion: .noSuchRegion
        case .unknownActivity, .cancelled, .writeFailed, .fetchFailed, .encodingFailed, .outOfMemory, .internal: .internalFailure
        default: .badInput
        }
    }

    /// The table of `docs/formats.md`: code, what, exit, HTTP, worker.
    public static var table: String {
        var lines = ["| code | what | exit | HTTP | worker |", "|---|---|---:|---:|---|"]
        for code in allCases {
            let retry =
                switch code.retry {
                case nil: "—"
                case .never?: "not retried"
                case .always?: "retried"
                case .whenTransient? where code == .fetchFailed:
                    "retried when the store was unreachable or slow, or answered 5xx, 429 or 408; not for its other 4xx answers (an expired signature's 403, no such bucket's 404) nor for a certificate refused"
                case .whenTransient?:
                    "retried only where a retry can pass (a full disk, an I/O error); not for a folder that is a file, a name too long or no permission"
                }
            let exit = code.exitStatus.map(String.init) ?? "—"
            let http = code.httpStatus.map(String.init) ?? "—"
            lines.append("| `\(code.rawValue)` | \(code.summary) | \(exit) | \(http) | \(retry) |")
        }
        return lines.joined(separator: "\n")
    }
}
