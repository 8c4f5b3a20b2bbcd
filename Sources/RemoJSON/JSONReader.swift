/// A pull reader over JSON bytes: the caller asks for the value it expects next.
///
/// Strict RFC 8259, but for a UTF-8 byte order mark at the start, which is skipped (as
/// the RFC allows; some editors write one). Numbers of up to 19 digits with a mantissa
/// below 2⁵³ and a power of ten of at most 22 are converted exactly on a fast path, others through the
/// standard library's correctly rounded conversion; a number too large for a double reads as ±infinity
/// (as in most JSON readers) for the caller to reject with a message of its own.
/// Values under ``JSONLimits/skippedKeys`` are stepped over by ``JSONParser``
/// without being built.
public struct JSONReader: Sendable {
    let bytes: [UInt8]
    /// The limits in force.
    public let limits: JSONLimits
    /// The byte offset of the next unread byte.
    public internal(set) var position = 0
    var depth = 0
    var pendingFirst = false
    /// Where the JSON text starts: after a byte order mark, if there is one.
    let start: Int

    /// A reader at the start of `bytes` (after a UTF-8 byte order mark).
    public init(bytes: [UInt8], limits: JSONLimits = JSONLimits()) {
        self.bytes = bytes
        self.limits = limits
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        position = start
    }

    /// A syntax error at `offset` (by default the current position) with line and column.
    public func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        var column = 1
        for i in min(start, end)..<end {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    /// Checks that only white space remains.
    public mutating func finish() throws(JSONSyntaxError) {
        skipWhitespace()
        if position != bytes.count { throw error("unexpected text after the JSON value") }
    }

    /// The kind of the next value, after white space; throws at the end of input.
    public mutating func nextKind() throws(JSONSyntaxError) -> JSONKind {
        skipWhitespace()
        guard let c = peek() else {
            throw error(
                bytes[start...].allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
                    ? "the file is empty" : "unexpected end of input: the file is truncated")
        }
        // The common kinds first, without a jump table.
        if c == UInt8(ascii: "\"") { return .string }
        if c == UInt8(ascii: "{") { return .object }
        if c == UInt8(ascii: "[") { return .array }
        if c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: "-") { return .number }
        guard c == UInt8(ascii: "t") || c == UInt8(ascii: "f") || c == UInt8(ascii: "n") else {
            throw error("unexpected character '\(printable(c))'")
        }
        // Check the whole word now, so that "nonsense" is a syntax error, not null.
        let word: StaticString = c == UInt8(ascii: "t") ? "true" : c == UInt8(ascii: "f") ? "false" : "null"
        let matches = word.withUTF8Buffer { w in
            position + w.count <= bytes.count && w.indices.allSatisfy { bytes[position + $0] == w[$0] }
        }
        guard matches else { throw error("unexpected text: not a JSON value") }
        return c == UInt8(ascii: "n") ? .null : .bool
    }

    /// Reads a number; the caller has seen ``JSONKind/number``.
    public mutating func readNumber() throws(JSONSyntaxError) -> Double {
        skipWhitespace()
        return try parseNumber()
    }

    /// Reads a string; the caller has seen ``JSONKind/string``.
    public mutating func readString() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        return try parseString()
    }

    /// Reads any value into a tree; values under ``JSONLimits/skippedKeys`` are
    /// checked and stepped over, and read as `null`.
    public mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        switch try nextKind() {
        case .null:
            position += 4
            return .null
        case .bool:
            let isTrue = bytes[position] == UInt8(ascii: "t")
            position += isTrue ? 4 : 5
            return .bool(isTrue)
        case .number: return .number(try readNumber())
        case .string: return .string(try readString())
        case .array:
            try beginArray()
            var elements: [JSONValue] = []
            while try nextElement() { elements.append(try readValue()) }
            return .array(elements)
        case .object:
            try beginObject()
            var members: [(key: String, value: JSONValue)] = []
            while let key = try nextKey() {
                if limits.skippedKeys.contains(key) {
                    try skip()
                    members.append((key, .null))
                } else {
                    members.append((key, try readValue()))
                }
            }
            return .object(members)
        }
    }

    /// Steps over the next value, checking its syntax, without building it.
    public mutating func skip() throws(JSONSyntaxError) {
        switch try nextKind() {
        case .null: position += 4
        case .bool: position += bytes[position] == UInt8(ascii: "t") ? 4 : 5
        case .number: _ = try readNumber()
        case .string:
            skipWhitespace()
            try skipString()
        case .array:
            try beginArray()
            while try nextElement() { try skip() }
        case .object:
            try beginObject()
            while try skipKey() { try skip() }
        }
    }

    /// Steps over the next key of the current object and the colon after it, checked
    /// like ``nextKey()`` but not built; `false` after consuming the closing brace.
    mutating func skipKey() throws(JSONSyntaxError) -> Bool {
        guard try beforeKey() else { return false }
        let start = position + 1
        try skipString()
        try afterKey(nil, at: start..<(position - 1))
        return true
    }

    /// Enters an array; the caller has seen ``JSONKind/array``.
    public mutating func beginArray() throws(JSONSyntaxError) {
        skipWhitespace()
        try enter()
        position += 1
        pendingFirst = true
    }

    /// Whether another element follows in the current array (consuming the comma),
    /// or `false` after consuming the closing bracket.
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard let c = peek() else { throw error("unexpected end of input inside an array: the file is truncated") }
        if c == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            pendingFirst = false
            return false
        }
        if pendingFirst {
            pendingFirst = false
            return true
        }
        guard c == UInt8(ascii: ",") else { throw error("expected ',' or ']' in an array") }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { throw error("trailing comma in an array") }
        return true
    }

    /// Enters an object; the caller has seen ``JSONKind/object``.
    public mutating func beginObject() throws(JSONSyntaxError) {
        skipWhitespace()
        try enter()
        position += 1
        pendingFirst = true
    }

    /// The next key of the current object (consuming the colon after it), or `nil`
    /// after consuming the closing brace.
    public mutating func nextKey() throws(JSONSyntaxError) -> String? {
        guard try beforeKey() else { return nil }
        let key = try parseString()
        try afterKey(key)
        return key
    }

    /// Steps to the opening quote of the next key (after a comma), or consumes the
    /// closing brace and returns `false`.
    mutating func beforeKey() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard let c = peek() else { throw error("unexpected end of input inside an object: the file is truncated") }
        if c == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            pendingFirst = false
            return false
        }
        if !pendingFirst {
            guard c == UInt8(ascii: ",") else { throw error("expected ',' or '}' in an object") }
            position += 1
            skipWhitespace()
        }
        pendingFirst = false
        guard peek() == UInt8(ascii: "\"") else {
            if peek() == nil { throw error("unexpected end of input inside an object: the file is truncated") }
            throw error("expected a key in double quotes")
        }
        return true
    }

    /// Consumes the colon after a key: `key`, or the key whose bytes are at `range`.
    mutating func afterKey(_ key: String?, at range: Range<Int> = 0..<0) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            let name = key ?? String(decoding: bytes[range], as: UTF8.self)
            throw error("expected ':' after the key \"\(name)\"")
        }
        position += 1
    }

    @inline(__always)
    mutating func skipWhitespace() {
        let start = position
        position = bytes.withUnsafeBufferPointer { Self.whitespaceEnd($0, from: start) }
    }

    /// The first position from `i` on that is not JSON white space.
    @inline(__always)
    static func whitespaceEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var i = i
        while i < p.count {
            let c = p[i]
            // Most calls find a token straight away.
            if c > 0x20 { break }
            if c == 0x0A {
                // A new line of pretty-printed JSON: its indentation eight bytes at a
                // time, the count of leading spaces read off the first other byte.
                i += 1
                while i + 8 <= p.count {
                    let other = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                    if other != 0 {
                        i += UInt64(littleEndian: other).trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
                continue
            }
            guard c == 0x20 || c == 0x0D || c == 0x09 else { break }
            i += 1
        }
        return i
    }

    @inline(__always)
    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\u{\(String(c, radix: 16))}"
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > limits.maximumDepth { throw error("nesting deeper than \(limits.maximumDepth) levels") }
    }
}
