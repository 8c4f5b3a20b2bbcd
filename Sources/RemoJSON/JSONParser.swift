/// Why a JSON text could not be parsed: what, and where (line and column, from 1).
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in plain words.
    public let message: String
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column (in bytes) of the problem.
    public let column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Limits that keep hostile input from exhausting memory or the stack.
public struct JSONLimits: Hashable, Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int
    /// Keys whose values are skipped without being built (their syntax is still checked).
    public var skippedKeys: Set<String>

    /// Creates limits; by default nesting up to 256 levels and no skipped keys.
    public init(maximumDepth: Int = 256, skippedKeys: Set<String> = []) {
        self.maximumDepth = maximumDepth
        self.skippedKeys = skippedKeys
    }
}

/// Parses whole JSON texts into ``JSONValue`` trees.
public enum JSONParser {
    /// Parses one JSON value filling the whole input (white space around it allowed).
    ///
    /// - Throws: ``JSONSyntaxError`` naming the line and column of the first problem.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, limits: limits)
        _ = try reader.nextKind()
        let value = try reader.readValue()
        try reader.finish()
        return value
    }

    /// Parses a JSON text.
    public static func parse(_ text: String, limits: JSONLimits = JSONLimits()) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }
}
