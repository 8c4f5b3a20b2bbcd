// Numbers: the exact fast path for plain ones, the general scan with its messages.
extension JSONReader {
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
}
