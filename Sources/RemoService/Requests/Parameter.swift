import RemoJSON
import RemoGeometry

/// One option of a job: its name in query strings and activity arguments (`strokeWidth`),
/// its command-line spelling (`--stroke-width`) and its help text, default included.
///
/// A job's request type declares its parameters once; the command line takes its help
/// from them, the OpenAPI document is checked against them, and every front end's values
/// are read through ``ParameterReader``, so an option is parsed and refused in one place.
public struct Parameter: Hashable, Sendable {
    /// The name in a query string and in an activity's options object.
    public let name: String
    /// The command-line option, with its dashes.
    public let option: String
    /// One sentence for `--help` and the OpenAPI document, with the default.
    public let help: String

    /// A parameter whose command-line option is `name` in kebab case unless `option` says otherwise.
    public init(_ name: String, option: String? = nil, help: String) {
        self.name = name
        self.option = option ?? "--" + Self.kebab(name)
        self.help = help
    }

    static func kebab(_ name: String) -> String {
        var result = ""
        for c in name {
            if c.isUppercase {
                result += "-" + c.lowercased()
            } else {
                result.append(c)
            }
        }
        return result
    }
}

/// A value as a front end received it: text (a command-line option, a query parameter) or
/// JSON (a member of an activity's argument).
public enum ParameterValue: Sendable {
    /// Text, to be read as the parameter needs (a number, `true`, a name).
    case text(String)
    /// A JSON value, which must already be of the parameter's kind.
    case json(JSONValue)
}

/// Where a job's options come from. Each front end maps its transport onto one: the
/// command line's options, the query string of a request, an activity's options object.
public protocol ParameterSource {
    /// The value given for `parameter`, or nil when it is absent (JSON `null` counts as absent).
    func value(of parameter: Parameter) -> ParameterValue?
    /// How messages name the parameter: `--stroke-width`, `the query parameter
    /// strokeWidth`, `$.options.strokeWidth`.
    func label(of parameter: Parameter) -> String
}

/// Options given as text, by name: the command line's (named by their options) or a query
/// string's (named as query parameters).
public struct TextParameters: ParameterSource {
    /// How a front end names its text options.
    public enum Naming: Sendable {
        /// `--stroke-width`.
        case commandLine
        /// `the query parameter strokeWidth`.
        case query
    }

    /// The values, by parameter name (`strokeWidth`, not `--stroke-width`).
    public var values: [String: String]
    /// How messages name a parameter.
    public var naming: Naming

    /// Values by parameter name.
    public init(_ values: [String: String], naming: Naming) {
        self.values = values
        self.naming = naming
    }

    /// Command-line options: each parameter with the text given for it, if any.
    public static func commandLine(_ given: [(Parameter, String?)]) -> TextParameters {
        var values: [String: String] = [:]
        for case (let parameter, let text?) in given { values[parameter.name] = text }
        return TextParameters(values, naming: .commandLine)
    }

    /// The value, as text.
    public func value(of parameter: Parameter) -> ParameterValue? { values[parameter.name].map(ParameterValue.text) }

    /// The option or the query parameter.
    public func label(of parameter: Parameter) -> String {
        switch naming {
        case .commandLine: parameter.option
        case .query: "the query parameter \(parameter.name)"
        }
    }
}

/// Options as the members of a JSON object: an activity's `options` or `rules`.
public struct JSONParameters: ParameterSource {
    /// The members.
    public var members: [(key: String, value: JSONValue)]
    /// The object's path in the argument (`$.options`), for messages.
    public var path: String

    /// The members of the object at `path`.
    public init(_ members: [(key: String, value: JSONValue)], path: String) {
        self.members = members
        self.path = path
    }

    /// The member's value; `null` counts as absent.
    public func value(of parameter: Parameter) -> ParameterValue? {
        guard let value = members.last(where: { $0.key == parameter.name })?.value, value != .null else { return nil }
        return .json(value)
    }

    /// `$.options.strokeWidth`.
    public func label(of parameter: Parameter) -> String { "\(path).\(parameter.name)" }
}

/// Reads typed values from a ``ParameterSource``: the one place where a job's options are
/// parsed and where their messages are written. Every refusal is a ``JobError`` with the
/// code `invalid-parameter`, naming the option as its front end spells it.
public struct ParameterReader {
    /// Where the values come from.
    public let source: any ParameterSource

    /// A reader over `source`.
    public init(_ source: any ParameterSource) {
        self.source = source
    }

    /// The value read by `parse`, nil when absent; refused as "expected `expected`" when
    /// `parse` gives nil.
    public func read<T>(_ parameter: Parameter, expected: String, _ parse: (ParameterValue) -> T?) throws(JobError) -> T? {
        guard let given = source.value(of: parameter) else { return nil }
        guard let value = parse(given) else {
            throw JobError(.invalidParameter, message: "\(source.label(of: parameter)): expected \(expected)\(Self.got(given))")
        }
        return value
    }

    /// A number in `range`.
    public func number(_ parameter: Parameter, _ range: NumberRange) throws(JobError) -> Double? {
        try read(parameter, expected: range.description) { Self.number($0).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// A whole number of at least `minimum`.
    public func integer(_ parameter: Parameter, atLeast minimum: Int) throws(JobError) -> Int? {
        try integer(parameter, minimum, Int(1e15) - 1, expected: "a whole number of at least \(minimum)")
    }

    /// A whole number in `range`.
    public func integer(_ parameter: Parameter, in range: ClosedRange<Int>) throws(JobError) -> Int? {
        try integer(parameter, range.lowerBound, range.upperBound, expected: Parameter.wholeNumber(range))
    }

    func integer(_ parameter: Parameter, _ minimum: Int, _ maximum: Int, expected: String) throws(JobError) -> Int? {
        try read(parameter, expected: expected) { value in
            guard let n = Self.number(value), n == n.rounded(), n >= Double(minimum), n <= Double(maximum) else { return nil }
            return Int(n)
        }
    }

    /// `true` or `false`.
    public func flag(_ parameter: Parameter) throws(JobError) -> Bool? {
        try read(parameter, expected: "true or false") { value in
            switch value {
            case .text("true"), .json(.bool(true)): true
            case .text("false"), .json(.bool(false)): false
            default: nil
            }
        }
    }

    /// One of a set of names.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ parameter: Parameter, _ type: Choice.Type) throws(JobError) -> Choice?
    where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return try read(parameter, expected: Self.oneOf(names)) { Self.text($0).flatMap(Choice.init(rawValue:)) }
    }

    /// Any text.
    public func text(_ parameter: Parameter) throws(JobError) -> String? {
        try read(parameter, expected: "a string", Self.text)
    }

    /// A number from text or JSON; nil for anything else and for NaN or infinity.
    public static func number(_ value: ParameterValue) -> Double? {
        switch value {
        case .text(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        case .json(.number(let n)): n
        default: nil
        }
    }

    /// Text, from text or a JSON string.
    public static func text(_ value: ParameterValue) -> String? {
        switch value {
        case .text(let text), .json(.string(let text)): text
        default: nil
        }
    }

    /// "fast, default or small".
    public static func oneOf(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// What was given instead, for JSON values of the wrong kind.
    static func got(_ value: ParameterValue) -> String {
        switch value {
        case .text: ""
        case .json(let json): ", got \(json.kindDescription)"
        }
    }
}

/// The numbers a parameter takes, each end open or closed.
public struct NumberRange: Sendable, CustomStringConvertible {
    /// The least value, and whether it is allowed.
    public var lower: Double
    /// Whether `lower` itself is allowed.
    public var includesLower: Bool
    /// The greatest value, and whether it is allowed.
    public var upper: Double
    /// Whether `upper` itself is allowed.
    public var includesUpper: Bool

    /// `[lower, upper]`.
    public static func from(_ lower: Double, to upper: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: true, upper: upper, includesUpper: true)
    }

    /// `(lower, upper]`.
    public static func over(_ lower: Double, upTo upper: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: false, upper: upper, includesUpper: true)
    }

    /// `(lower, upper)`.
    public static func over(_ lower: Double, under upper: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: false, upper: upper, includesUpper: false)
    }

    /// `[lower, ∞)`, finite.
    public static func atLeast(_ lower: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: true, upper: .greatestFiniteMagnitude, includesUpper: true)
    }

    /// Whether `value` is in the range.
    public func contains(_ value: Double) -> Bool {
        (includesLower ? value >= lower : value > lower) && (includesUpper ? value <= upper : value < upper)
    }

    /// "a number over 0 and under 100", "a number from 0 to 200", "a number of at least 0".
    public var description: String {
        let from = "\(includesLower ? "from" : "over") \(lower.messageText)"
        if upper == .greatestFiniteMagnitude { return "a number \(includesLower ? "of at least" : "over") \(lower.messageText)" }
        let to = "\(includesUpper ? (includesLower ? "to" : "up to") : "and under") \(upper.messageText)"
        return "a number \(from) \(to)"
    }
}

extension Parameter {
    /// Refuses a value set in code that its front ends would have refused: a request
    /// built member by member is held to the same limits as one read from a source.
    public func check(_ value: Double, _ range: NumberRange) throws(JobError) {
        guard range.contains(value) else { throw JobError(.invalidParameter, message: "\(name): expected \(range)") }
    }

    /// The same for a whole number in a range.
    public func check(_ value: Int, _ range: ClosedRange<Int>) throws(JobError) {
        guard range.contains(value) else { throw JobError(.invalidParameter, message: "\(name): expected \(Self.wholeNumber(range))") }
    }

    /// "a whole number from 1 to 100".
    static func wholeNumber(_ range: ClosedRange<Int>) -> String {
        "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }

    /// The same for a whole number.
    public func check(_ value: Int, atLeast minimum: Int) throws(JobError) {
        guard value >= minimum else {
            throw JobError(.invalidParameter, message: "\(name): expected a whole number of at least \(minimum)")
        }
    }
}
