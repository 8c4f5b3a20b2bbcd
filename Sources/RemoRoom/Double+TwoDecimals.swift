import Foundation

extension Double {
    /// The value with two decimals, exactly as C's `"%.2f"` writes it: correctly rounded,
    /// ties to even, `-0.00` for small negatives. (`String(format:)` took 1.1 µs a
    /// number, most of a fit badge's time; this takes a few dozen nanoseconds.)
    package var twoDecimals: String {
        var text: [UInt8] = []
        text.reserveCapacity(16)
        appendTwoDecimals(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``twoDecimals`` to the UTF-8 `text`: the way fit sentences write their
    /// numbers, without a string for each. Magnitudes of 1e13 and over, and non-finite
    /// values, go through `String(format:)`.
    func appendTwoDecimals(to text: inout [UInt8]) {
        guard magnitude < 1e13 else {
            text += String(format: "%.2f", self).utf8
            return
        }
        if sign == .minus { text.append(UInt8(ascii: "-")) }
        let (whole, cents) = Self.roundedHundredths(magnitude).quotientAndRemainder(dividingBy: 100)
        // The whole part's digits, last first, then turned round.
        let start = text.count
        var rest = whole
        repeat {
            text.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        text[start...].reverse()
        text.append(UInt8(ascii: "."))
        text.append(UInt8(ascii: "0") + UInt8(cents / 10))
        text.append(UInt8(ascii: "0") + UInt8(cents % 10))
    }

    /// `m` × 100 rounded to the nearest integer, ties to even, as the exact product
    /// would be (the computed product may itself round onto a half or off one; the
    /// rounding error tells which side the exact one lies). `m` is at least 0 and under 1e13.
    private static func roundedHundredths(_ m: Double) -> UInt64 {
        let p = m * 100
        // The exact product is p + error: 100 is exact, so one fused multiply-add gives the error.
        let error = (-p).addingProduct(m, 100)
        var whole = p.rounded(.down)
        let fraction = p - whole
        let upward = fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && whole.truncatingRemainder(dividingBy: 2) == 1)))
        if upward { whole += 1 }
        return UInt64(whole)
    }
}
