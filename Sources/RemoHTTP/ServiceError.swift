import HTTPTypes
import RemoService

/// A request the service refuses, with its HTTP status and the stable code of the error
/// object `{"error": {"code", "message"}}`.
struct ServiceError: Error {
    var status: HTTPResponse.Status
    var code: String
    var message: String

    /// The status of each kind of job failure: the one table for the service.
    init(_ error: JobError) {
        switch error.kind {
        case .badInput: status = .badRequest
        case .tooLarge, .sizeMismatch, .noSuchRoom, .noSuchRegion: status = .unprocessableContent
        case .internalFailure, .persistentFailure: status = .internalServerError
        }
        code = error.code
        message = error.message
    }

    init(_ status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func badRequest(_ message: String, code: String = "invalid-request") -> ServiceError {
        ServiceError(.badRequest, code: code, message: message)
    }
}
