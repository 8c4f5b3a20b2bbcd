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

    /// Steps over a string with the checks ``parseString()`` makes (escapes, UTF-8,
    /// control characters), in the same order and with the same messages, but without
    /// building it: a `coreModel` of base64 with escaped slashes stays unbuilt.
    mutating func skipString() throws(JSONSyntaxError) {
        let start = position + 1
        position += 1
        var invalidUTF8 = false
        while position < bytes.count {
            // Plain ASCII (a base64 blob) eight bytes at a time.
            position = bytes.withUnsafeBufferPointer { Self.plainEnd($0, from: position, nonASCII: true) }
            guard position < bytes.count else { break }
            let c = bytes[position]
            if c == UInt8(ascii: "\"") {
                position += 1
                // Like parseString, a string's UTF-8 is judged once it is complete.
                if invalidUTF8 { throw error("invalid UTF-8 in a string", at: start) }
                return
            }
            if c == UInt8(ascii: "\\") {
                position += 1
                guard let e = peek() else { break }
                position += 1
                _ = try escape(e)
                continue
            }
            if c < 0x20 {
                throw error(
                    c == 0x0A || c == 0x0D ? "unterminated string: a line break inside a string" : "control character inside a string")
            }
            if c >= 0x80, let length = Self.utf8SequenceLength(bytes, at: position) {
                position += length
                continue
            }
            if c >= 0x80 { invalidUTF8 = true }
            position += 1
        }
        throw error("unterminated string: the file is truncated")
    }

    /// Decodes the escape whose letter `e` was just read (a `\\u` escape and its low
    /// surrogate are consumed), for ``parseString()`` and, checked alike, ``skipString()``.
    mutating func escape(_ e: UInt8) throws(JSONSyntaxError) -> Unicode.Scalar {
        switch e {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in \\u escape") }
                position += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("unpaired surrogate in \\u escape")
            }
            guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            return u
        default: throw error("invalid escape '\\\(printable(e))'")
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `i` (a non-ASCII lead
    /// byte), or nil: no overlong forms, no surrogates, nothing past U+10FFFF.
    static func utf8SequenceLength(_ b: [UInt8], at i: Int) -> Int? {
        let lead = b[i]
        func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < b.count && b[i + k] >= low && b[i + k] <= high
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        position = bytes.withUnsafeBufferPointer { Self.plainEnd($0, from: start) }
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "\"") {
                let end = position
                position += 1
                guard let s = bytes.withUnsafeBufferPointer({ Self.string(UnsafeBufferPointer(rebasing: $0[start..<end])) }) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 {
                throw error(
                    c == 0x0A || c == 0x0D ? "unterminated string: a line break inside a string" : "control character inside a string")
            }
            position += 1
        }
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "\"") {
                position += 1
                guard let s = utf8.withUnsafeBufferPointer(Self.string) else { throw error("invalid UTF-8 in a string", at: start) }
                return s
            }
            if c < 0x20 {
                throw error(
                    c == 0x0A || c == 0x0D ? "unterminated string: a line break inside a string" : "control character inside a string")
            }
            if c != UInt8(ascii: "\\") {
                utf8.append(c)
                position += 1
                continue
            }
            position += 1
            guard let e = peek() else { break }
            position += 1
            utf8.append(contentsOf: Array(String(Character(try escape(e))).utf8))
        }
        throw error("unterminated string: the file is truncated")
    }

    /// The first position from `i` on of a byte that ends the plain part of a string
    /// (a quote, a backslash or a control character, and with `nonASCII` any byte from
    /// 0x80), or the end: eight bytes per step.
    @inline(__always)
    static func plainEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int, nonASCII: Bool = false) -> Int {
        var i = i
        while i + 8 <= p.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self))
            // Per byte, the top bit of (b − n) & ~b & 0x80 is set exactly when b < n (for
            // n ≤ 0x80), and a borrow only disturbs later bytes: bytes below 0x20, and
            // quotes and backslashes (zero after the xor).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((word &- ones &* 0x20) & ~word | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
                    | (nonASCII ? word : 0)) & (ones &* 0x80)
            if special != 0 { return i + special.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < p.count {
            let c = p[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || (nonASCII && c >= 0x80) { break }
            i += 1
        }
        return i
    }

    /// Whether every byte is ASCII (then the bytes are valid UTF-8 without the general check).
    @inline(__always)
    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for c in utf8 { any |= c }
        return any < 0x80
    }

    /// Whether these bytes are valid UTF-8, without building a string for ASCII.
    static func isValidUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        isASCII(utf8) || String(validating: utf8, as: UTF8.self) != nil
    }

    /// The string of these UTF-8 bytes, or nil when they are not valid UTF-8. ASCII,
    /// the usual case, is checked in one pass without the general validation.
    static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        isASCII(utf8) ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unexpected end of input in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[position]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static let exactIntegerPowersOfTen: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// How many of a little-endian word's eight bytes, from the first, are ASCII digits,
    /// and the word with each byte's digit value (meaningful for those bytes only).
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (Int, UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let values = word ^ (ones &* 0x30)
        // A digit's byte is now 0...9: its high nibble is zero, and stays zero with 6
        // added. A carry out of a byte only disturbs the bytes after it.
        let other = (values | (values &+ ones &* 6)) & (ones &* 0xF0)
        let flags = ((other & (ones &* 0x7F)) &+ ones &* 0x7F | other) & (ones &* 0x80)
        return (flags.trailingZeroBitCount >> 3, values)
    }

    /// The number written by eight digit values, one per byte, the first in the lowest.
    @inline(__always)
    static func eightDigits(_ values: UInt64) -> UInt64 {
        // Pairs of digits in every other byte, then the four pairs in the two lanes of
        // 32 bits (each weighed by its power of ten), summed in the top half.
        let pairs = values &* 10 &+ (values >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        return ((pairs & mask) &* (100 + (1_000_000 << 32)) &+ ((pairs >> 16) & mask) &* (1 + (10_000 << 32))) >> 32
    }

    /// The fast path that every reader of numbers tries before
    /// ``scanNumber(_:from:problem:)``: a number of at most 19 digits, with an exponent
    /// of at most three, whose mantissa is below 2⁵³ and whose power of ten is at most 22
    /// (both exact doubles, so one correctly rounded operation gives the value), as
    /// RoomPlan and lasso numbers are. Nil for anything else, valid or not, which
    /// ``scanNumber(_:from:problem:)`` then reads. A fraction's digits are taken eight at
    /// a time.
    @inline(__always)
    static func plainNumber(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, Int)? {
        let count = p.count
        var i = start
        guard i < count else { return nil }
        let negative = p[i] == UInt8(ascii: "-")
        i += negative ? 1 : 0
        var mantissa: UInt64 = 0
        let integerStart = i
        while i < count {
            let d = p[i] &- 0x30
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        var digits = i - integerStart
        // One digit, or several not starting with zero (none: not a number).
        guard digits == 1 || (digits > 1 && p[integerStart] != UInt8(ascii: "0")) else { return nil }
        var exponent = 0
        if i < count && p[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            var inWords = true
            while inWords && i + 8 <= count {
                let (run, values) = leadingDigits(UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self))
                if run == 8 {
                    mantissa = mantissa &* 100_000_000 &+ eightDigits(values)
                } else {
                    // The run's digits moved to the top, behind zeros read as leading zeros.
                    if run > 0 { mantissa = mantissa &* exactIntegerPowersOfTen[run] &+ eightDigits(values &<< (64 - 8 * UInt64(run))) }
                    inWords = false
                }
                i += run
            }
            while inWords && i < count {
                let d = p[i] &- 0x30
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            guard i > fractionStart else { return nil }
            digits += i - fractionStart
            exponent = fractionStart - i
        }
        if i < count && p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < count && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            let exponentStart = i
            var e = 0
            while i < count && i - exponentStart < 3 {
                let d = p[i] &- 0x30
                guard d < 10 else { break }
                e = e &* 10 &+ Int(d)
                i += 1
            }
            // No digit, or more than three: the general path.
            guard i > exponentStart, i == count || p[i] &- 0x30 >= 10 else { return nil }
            exponent += exponentNegative ? -e : e
        }
        guard digits <= 19 && mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 else { return nil }
        var value = Double(mantissa)
        if exponent < 0 { value /= exactPowersOfTen[-exponent] } else { value *= exactPowersOfTen[exponent] }
        return (negative ? -value : value, i)
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        var problem = NumberProblem()
        let start = position
        guard
            let (value, end) = bytes.withUnsafeBufferPointer({
                Self.plainNumber($0, from: start) ?? Self.scanNumber($0, from: start, problem: &problem)
            })
        else {
            throw error("\(problem.message)", at: problem.at)
        }
        position = end
        return value
    }

    /// Why the text at a position is not a number, and where that shows.
    struct NumberProblem {
        var message: StaticString = "invalid number"
        var at = 0
    }

    /// Scans one JSON number at `start` the general way, after ``plainNumber(_:from:)``
    /// declined it: checks its syntax, saying what is wrong, and converts it through the
    /// standard library's correctly rounded conversion. Returns the value and where it
    /// ends, or nil with `problem` set. (A plain pair comes back in registers, where an
    /// enum carrying a message would not.)
    static func scanNumber(_ p: UnsafeBufferPointer<UInt8>, from start: Int, problem: inout NumberProblem) -> (Double, Int)? {
        /// Records why it is not a number.
        func invalid(_ message: StaticString, at position: Int) -> (Double, Int)? {
            problem = NumberProblem(message: message, at: position)
            return nil
        }
        let count = p.count
        var i = start
        /// Steps over the digits from `i` on; returns how many there were.
        func digits(_ i: inout Int) -> Int {
            let first = i
            while i < count && p[i] &- 0x30 < 10 { i += 1 }
            return i - first
        }
        if i < count && p[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        let integerDigits = digits(&i)
        guard integerDigits > 0 else { return invalid("invalid number", at: integerStart) }
        if integerDigits > 1 && p[integerStart] == UInt8(ascii: "0") {
            return invalid("invalid number: leading zero", at: integerStart + 1)
        }
        if i < count && p[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&i) > 0 else { return invalid("invalid number: no digit after '.'", at: i) }
        }
        if i < count && p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < count && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits(&i) > 0 else { return invalid("invalid number: no digit in the exponent", at: i) }
        }
        guard let parsed = correctlyRounded(UnsafeBufferPointer(rebasing: p[start..<i])) else {
            return invalid("invalid number", at: start)
        }
        return (parsed, i)
    }

    /// The standard library's correctly rounded conversion of a number's text.
    static func correctlyRounded(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        Double(String(decoding: text, as: UTF8.self))
    }

    /// Reads a flat array of numbers, `[a, b, …]`, into `buffer` in one pass: how many
    /// were read. Returns nil, with the reader where it was, at anything else (another
    /// shape, more than `buffer.count` numbers, a syntax error), for the caller to read
    /// the general way. Short arrays (a corner, a transform) need no allocation.
    public mutating func readNumbers(into buffer: UnsafeMutableBufferPointer<Double>) -> Int? {
        skipWhitespace()
        guard depth + 1 <= limits.maximumDepth else { return nil }
        var count = 0
        let start = position
        let end: Int? = bytes.withUnsafeBufferPointer { p in
            Self.scanArray(p, from: start) { i in
                guard count < buffer.count, let value = Self.number(p, &i) else { return false }
                buffer[count] = value
                count += 1
                return true
            }
        }
        guard let end else { return nil }
        position = end
        return count
    }

    /// Reads an array of two-number arrays, `[[x, y], …]`, in one pass: the numbers of
    /// the first `keep` pairs, and how many pairs there were. Returns nil, with the reader
    /// where it was, at anything else (another shape, a syntax error), so that the caller
    /// can read the array the general way and report the problem with its path.
    public mutating func readNumberPairs(keep: Int) -> (values: [Double], count: Int)? {
        skipWhitespace()
        guard depth + 2 <= limits.maximumDepth else { return nil }
        var values: [Double] = []
        var pairs = 0
        let start = position
        let end: Int? = bytes.withUnsafeBufferPointer { p in
            Self.scanArray(p, from: start) { i in
                guard Self.expect(UInt8(ascii: "["), p, &i), let x = Self.number(p, &i), Self.expect(UInt8(ascii: ","), p, &i),
                    let y = Self.number(p, &i), Self.expect(UInt8(ascii: "]"), p, &i)
                else { return false }
                if pairs < keep {
                    values.append(x)
                    values.append(y)
                }
                pairs += 1
                return true
            }
        }
        guard let end else { return nil }
        position = end
        return (values, pairs)
    }

    /// Scans an array at `start` whose elements `element` reads (from the position it is
    /// given, which it advances; `false` for anything else): the position after the closing
    /// bracket, or nil when the array is not of that shape.
    @inline(__always)
    static func scanArray(_ p: UnsafeBufferPointer<UInt8>, from start: Int, element: (inout Int) -> Bool) -> Int? {
        var i = start
        guard expect(UInt8(ascii: "["), p, &i) else { return nil }
        i = whitespaceEnd(p, from: i)
        if i < p.count && p[i] == UInt8(ascii: "]") { return i + 1 }
        while true {
            guard element(&i) else { return nil }
            i = whitespaceEnd(p, from: i)
            guard i < p.count else { return nil }
            if p[i] == UInt8(ascii: "]") { return i + 1 }
            guard p[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    /// After white space at `i`, the character `c` (consumed), or false.
    @inline(__always)
    static func expect(_ c: UInt8, _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        i = whitespaceEnd(p, from: i)
        guard i < p.count && p[i] == c else { return false }
        i += 1
        return true
    }

    /// After white space at `i`, a number (consumed), or nil.
    @inline(__always)
    static func number(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Double? {
        i = whitespaceEnd(p, from: i)
        if let (value, end) = plainNumber(p, from: i) {
            i = end
            return value
        }
        var problem = NumberProblem()
        guard let (value, end) = scanNumber(p, from: i, problem: &problem) else { return nil }
        i = end
        return value
    }
}

/// The kind of a JSON value, as seen from its first character.
public enum JSONKind: String, Hashable, Sendable {
    case object, array, string, number, bool, null

    /// "an object", "a number", … for messages.
    public var withArticle: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
