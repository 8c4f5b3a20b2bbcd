// Strings: reading, skipping and checking them (escapes, UTF-8, control characters).
extension JSONReader {
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
}
