import Foundation

extension Double {
    /// The value with two decimals, exactly as C's `"%.2f"` writes it (correctly rounded,
    /// ties to even, `-0.00` for small negatives) but without Foundation's formatter,
    /// which dominated the time of a fit badge. Huge and non-finite values fall back to it.
    package var twoDecimals: String {
        let m = magnitude
        guard m < 1e13 else { return String(format: "%.2f", self) }
        let p = m * 100
        // The exact product is p + error: 100 is exact, so one fused multiply-add gives the error.
        let error = (-p).addingProduct(m, 100)
        var whole = p.rounded(.down)
        let fraction = p - whole
        if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && whole.truncatingRemainder(dividingBy: 2) == 1))) {
            whole += 1
        }
        // Digits written right to left into the string's own storage: no interpolation.
        var cents = UInt64(whole)
        let negative = sign == .minus
        var digits = 3  // at least "d.dd"
        var rest = cents / 1000
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = digits + 1 + (negative ? 1 : 0)
        return String(unsafeUninitializedCapacity: length) { out in
            var i = length - 1
            for k in 0..<digits {
                if k == 2 {
                    out[i] = UInt8(ascii: ".")
                    i -= 1
                }
                out[i] = UInt8(ascii: "0") + UInt8(cents % 10)
                cents /= 10
                i -= 1
            }
            if negative { out[0] = UInt8(ascii: "-") }
            return length
        }
    }
}
