import Foundation
import RemoJSON
import RemoService
import TemporalAPI

/// Temporal's `json/plain` encoding: one `Payload` per argument or result, the JSON text in
/// `data` and `metadata["encoding"] = "json/plain"`.
enum JSONPayload {
    static let encoding = "json/plain"

    /// The JSON bytes of an activity's one argument (the activity reads them).
    ///
    /// - Throws: ``RemoService/JobError`` `invalid-request` (bad input) for no argument or
    ///   several, or another encoding.
    static func argument(_ input: Temporal_Api_Common_V1_Payloads) throws(JobError) -> [UInt8] {
        guard input.payloads.count == 1, let payload = input.payloads.first else {
            throw JobError(
                .invalidRequest,
                message: "expected exactly one argument, a JSON object; got \(input.payloads.count)")
        }
        let encoding = payload.metadata["encoding"].map { String(decoding: $0, as: UTF8.self) } ?? "none"
        guard encoding == Self.encoding else {
            throw JobError(.invalidRequest, message: "the argument's encoding is \(encoding), not \(Self.encoding)")
        }
        return [UInt8](payload.data)
    }

    /// A result as payloads.
    static func payloads(_ value: JSONValue) -> Temporal_Api_Common_V1_Payloads {
        var payload = Temporal_Api_Common_V1_Payload()
        payload.metadata["encoding"] = Data(Self.encoding.utf8)
        payload.data = Data(JSONWriter.string(value).utf8)
        var payloads = Temporal_Api_Common_V1_Payloads()
        payloads.payloads = [payload]
        return payloads
    }
}
