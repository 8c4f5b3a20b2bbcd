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
            case .notJSON(let syntax): throw JobError(.badInput, code: "invalid-json", message: "the argument is not valid JSON: \(syntax)")
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

    /// A member that must be a string (a path under the files root).
    func string(_ key: String) throws(JobError) -> String {
        guard case .string(let s)? = members.value(of: key) else {
            throw Self.invalid(
                "$.\(key): expected a path relative to the files root, got \(members.kind(of: key)?.withArticle ?? "nothing")")
        }
        return s
    }

    /// An optional member that must be an object when present (`options`, `rules`).
    func options(_ key: String) throws(JobError) -> Options {
        switch members.value(of: key) {
        case nil, .null?: return Options(path: "$.\(key)", value: .object([]))
        case .object(let members)?: return Options(path: "$.\(key)", value: .object(members))
        case let other?: throw Self.invalid("$.\(key): expected an object, got \(other.kindDescription)")
        }
    }

    /// The members of an options object, each optional.
    struct Options {
        let path: String
        let value: JSONValue

        func number(_ key: String, _ range: ClosedRange<Double>, excludingLower: Bool = false) throws(JobError) -> Double? {
            switch value[key] {
            case nil, .null?: return nil
            case .number(let n)? where range.contains(n) && !(excludingLower && n == range.lowerBound): return n
            default:
                let lower = excludingLower ? "over \(range.lowerBound)" : "from \(range.lowerBound)"
                throw ActivityArgument.invalid("\(path).\(key): expected a number \(lower) to \(range.upperBound)")
            }
        }

        func integer(_ key: String, atLeast minimum: Int) throws(JobError) -> Int? {
            switch value[key] {
            case nil, .null?: return nil
            case .number(let n)? where n >= Double(minimum) && n == n.rounded() && n < 1e9: return Int(n)
            default: throw ActivityArgument.invalid("\(path).\(key): expected a whole number of at least \(minimum)")
            }
        }

        func bool(_ key: String) throws(JobError) -> Bool? {
            switch value[key] {
            case nil, .null?: return nil
            case .bool(let b)?: return b
            default: throw ActivityArgument.invalid("\(path).\(key): expected true or false")
            }
        }

        func string(_ key: String) throws(JobError) -> String? {
            switch value[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw ActivityArgument.invalid("\(path).\(key): expected a string")
            }
        }

        func string(_ key: String, oneOf choices: [String]) throws(JobError) -> String? {
            switch value[key] {
            case nil, .null?: return nil
            case .string(let s)? where choices.contains(s): return s
            default: throw ActivityArgument.invalid("\(path).\(key): expected one of \(choices.joined(separator: ", "))")
            }
        }

        /// A render scale: the document's own when absent, `"auto"`, or a number in `range`.
        func scale(_ key: String, _ range: ClosedRange<Double>) throws(JobError) -> RenderOptions.Scale {
            switch value[key] {
            case nil, .null?: return .document
            case .string("auto")?: return .automatic
            default:
                do {
                    guard let number = try number(key, range, excludingLower: true) else { return .document }
                    return .pixelsPerPoint(number)
                } catch {
                    throw ActivityArgument.invalid(
                        "\(path).\(key): expected \"auto\" or a number over \(range.lowerBound) up to \(range.upperBound)")
                }
            }
        }
    }

    static func invalid(_ message: String) -> JobError { JobError(.badInput, code: "invalid-request", message: message) }
}
