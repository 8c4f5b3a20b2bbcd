import HTTPTypes
import RemoService

/// A request the service refuses: an error object `{"error": {"code", "message"}}` whose
/// HTTP status is the code's own (``RemoService/ErrorCode/httpStatus``).
struct ServiceError: Error {
    var code: ErrorCode
    var message: String

    /// A job's error.
    init(_ error: JobError) {
        code = error.code
        message = error.message
    }

    init(_ code: ErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// The code's status; 500 for a code the service is not meant to give.
    var status: HTTPResponse.Status { HTTPResponse.Status(code: code.httpStatus ?? 500) }
}
