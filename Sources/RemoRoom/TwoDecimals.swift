import Foundation

extension Double {
    /// The value with two decimals, exactly as C's `"%.2f"` writes it (correctly rounded,
    /// ties to even, `-0.00` for small negatives) but without Foundation's formatter,
    /// which dominated the time of a fit badge. Huge and non-finite values fall back to it.
    package var twoDecimals: String {
        guard magnitude < 1e13 else { return String(format: "%.2f", self) }
        return String(unsafeUninitializedCapacity: Self.twoDecimalsLength) { out in
            var sentence = SentenceBytes(out)
            sentence.write(self)
            return sentence.count
        }
    }

    /// The most bytes ``twoDecimals`` writes for a magnitude under 1e13 ("-9999999999999.99").
    static let twoDecimalsLength = 17
}

/// A sentence written byte by byte into memory lent to it: literals and numbers with two
/// decimals, without the string interpolation that cost more than a fit badge itself.
/// What does not fit the memory is left out and marked, and ``string(capacity:_:)``
/// writes the sentence again into more.
struct SentenceBytes {
    private let out: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    /// Whether something did not fit.
    private(set) var overflowed = false

    init(_ out: UnsafeMutableBufferPointer<UInt8>) { self.out = out }

    /// The sentence `body` writes, straight into the string's memory: `capacity` bytes
    /// first (enough for the usual sentence), more if that was too few.
    static func string(capacity: Int, _ body: (inout SentenceBytes) -> Void) -> String {
        var capacity = capacity
        while true {
            var overflowed = false
            let sentence = String(unsafeUninitializedCapacity: capacity) { out in
                var sentence = SentenceBytes(out)
                body(&sentence)
                overflowed = sentence.overflowed
                return overflowed ? 0 : sentence.count
            }
            if !overflowed { return sentence }
            capacity *= 4
        }
    }

    /// Whether `n` more bytes fit; marks the sentence overflowed if not.
    private mutating func room(for n: Int) -> Bool {
        guard !overflowed, n <= out.count - count else {
            overflowed = true
            return false
        }
        return true
    }

    /// Writes a literal.
    mutating func write(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        guard n > 0, room(for: n), let base = out.baseAddress else { return }
        (base + count).update(from: text.utf8Start, count: n)
        count += n
    }

    /// Writes an integer.
    mutating func write(_ value: Int) {
        if value < 0 { write("-") }
        writeDigits(UInt64(value.magnitude), minimum: 1, decimals: 0)
    }

    /// Writes `value` in decimal digits, at least `minimum` of them, with a point before
    /// the last `decimals` of them when that is not zero.
    @inline(__always)
    private mutating func writeDigits(_ value: UInt64, minimum: Int, decimals: Int) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        digits = max(digits, minimum)
        let length = digits + (decimals > 0 ? 1 : 0)
        guard room(for: length) else { return }
        // Right to left.
        var (v, i) = (value, count + length - 1)
        for k in 0..<digits {
            if decimals > 0 && k == decimals {
                out[i] = UInt8(ascii: ".")
                i -= 1
            }
            out[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        count += length
    }

    /// Writes a number with two decimals, as ``Swift/Double/twoDecimals`` gives it.
    mutating func write(_ value: Double) {
        let m = value.magnitude
        guard m < 1e13 else {
            let text = String(format: "%.2f", value).utf8
            guard room(for: text.count) else { return }
            for b in text {
                out[count] = b
                count += 1
            }
            return
        }
        let p = m * 100
        // The exact product is p + error: 100 is exact, so one fused multiply-add gives the error.
        let error = (-p).addingProduct(m, 100)
        var whole = p.rounded(.down)
        let fraction = p - whole
        if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && whole.truncatingRemainder(dividingBy: 2) == 1))) {
            whole += 1
        }
        if value.sign == .minus { write("-") }
        // At least "d.dd".
        writeDigits(UInt64(whole), minimum: 3, decimals: 2)
    }
}
