import RemoJSON
import RemoRoom

/// The dimensions job's body, `{"texts": […]}`: what `POST /v1/dimensions` and the worker's
/// `ReadDimensions` take, and what `remo-geom dimensions` builds from its arguments and
/// `--file`.
public struct DimensionsRequest: Hashable, Sendable {
    /// The most texts one request reads.
    public static let maximumTexts = 100_000
    /// The longest text, in UTF-8 bytes (`DimensionsReader.maximumTextBytes`).
    public static let maximumTextBytes = DimensionsReader.maximumTextBytes

    /// The texts, in order.
    public var texts: [String]

    /// A request for `texts`.
    ///
    /// - Parameters:
    ///   - texts: The texts to read, in order.
    ///   - name: How messages name where the texts came from (`$.texts`, a file).
    /// - Throws: ``JobError`` `invalid-request` when there are too many texts or one is too long.
    public init(texts: [String], name: String = "$.texts") throws(JobError) {
        guard texts.count <= Self.maximumTexts else {
            throw JobError(.invalidRequest, message: "\(name): \(texts.count) texts; a request reads at most \(Self.maximumTexts)")
        }
        if let k = texts.firstIndex(where: { $0.utf8.count > Self.maximumTextBytes }) {
            throw JobError(
                .invalidRequest,
                message: "\(name)[\(k)]: \(texts[k].utf8.count) bytes; a text may have at most \(Self.maximumTextBytes)")
        }
        self.texts = texts
    }

    /// Reads a body's JSON bytes.
    ///
    /// - Throws: ``JobError`` `invalid-json` when the bytes are not JSON, `invalid-request`
    ///   when they are not `{"texts": [strings]}` or break a limit.
    public init(_ body: [UInt8]) throws(JobError) {
        let members: JSONObjectMembers
        do { members = try JSONObjectMembers(body) } catch {
            switch error {
            case .notAnObject: throw JobError(.invalidRequest, message: "$: expected an object {\"texts\": [...]}")
            case .notJSON(let syntax): throw JobError(.invalidJSON, message: "the body is not valid JSON: \(syntax)")
            }
        }
        let values: [JSONValue]
        switch members.value(of: "texts") {
        case .array(let array)?: values = array
        case nil: throw JobError(.invalidRequest, message: "$.texts: missing (an array of strings)")
        default: throw JobError(.invalidRequest, message: "$.texts: expected an array of strings")
        }
        var texts: [String] = []
        texts.reserveCapacity(values.count)
        for (k, value) in values.enumerated() {
            guard case .string(let text) = value else { throw JobError(.invalidRequest, message: "$.texts[\(k)]: expected a string") }
            texts.append(text)
        }
        try self.init(texts: texts)
    }

    /// Reads each text.
    public func read() -> [DimensionsReading] { texts.map(DimensionsReader.read) }
}
