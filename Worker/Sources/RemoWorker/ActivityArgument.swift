import RemoJSON
import RemoService

/// An activity's one argument, a JSON object, read member by member: each accessor names
/// the member it refuses (`$.options.scale: expected ...`) with the code `invalid-request`.
struct ActivityArgument {
    /// The argument's members, each value as the bytes it was written with.
    let members: JSONObjectMembers

    init(_ bytes: [UInt8], shape: String) throws(JobError) {
        do { members = try JSONObjectMembers(bytes) } catch {
            switch error {
            case .notAnObject(let kind): throw Self.invalid("$: expected an object \(shape), got \(kind.withArticle)")
            case .notJSON(let syntax): throw JobError(.invalidJSON, message: "the argument is not valid JSON: \(syntax)")
            }
        }
    }

    /// A member that must be a JSON object, as its JSON bytes (what the jobs read).
    func objectBytes(_ key: String, _ what: String) throws(JobError) -> [UInt8] {
        guard members.kind(of: key) == .object, let bytes = members.bytes(of: key) else {
            throw Self.invalid("$.\(key): expected \(what) object, got \(members.kind(of: key)?.withArticle ?? "nothing")")
        }
        return Array(bytes)
    }

    /// A member that must be a string (a path under the files root, or a URL).
    func string(_ key: String) throws(JobError) -> String {
        guard case .string(let s)? = members.value(of: key) else {
            throw Self.invalid(
                "$.\(key): expected a path relative to the files root or a URL, got \(members.kind(of: key)?.withArticle ?? "nothing")")
        }
        return s
    }

    /// `"overwrite": true` at the top level: an output may be one of the inputs.
    func overwrite() throws(JobError) -> Bool {
        switch members.value(of: "overwrite") {
        case nil, .null?: return false
        case .bool(let value)?: return value
        case let other?: throw Self.invalid("$.overwrite: expected true or false, got \(other.kindDescription)")
        }
    }

    /// An optional member that must be an object when present (`options`, `rules`): the
    /// job's options, read by its request type.
    func options(_ key: String) throws(JobError) -> JSONParameters {
        switch members.value(of: key) {
        case nil, .null?: return JSONParameters([], path: "$.\(key)")
        case .object(let members)?: return JSONParameters(members, path: "$.\(key)")
        case let other?: throw Self.invalid("$.\(key): expected an object, got \(other.kindDescription)")
        }
    }

    /// Options that are members of the argument itself (`SummarizeRoom`'s `format`).
    func topLevelOptions(_ parameters: [Parameter]) -> JSONParameters {
        JSONParameters(parameters.compactMap { p in members.value(of: p.name).map { (p.name, $0) } }, path: "$")
    }

    static func invalid(_ message: String) -> JobError { JobError(.invalidRequest, message: message) }
}
