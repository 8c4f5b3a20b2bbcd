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
        let cents = UInt64(whole)
        let rest = cents % 100
        return "\(sign == .minus ? "-" : "")\(cents / 100).\(rest < 10 ? "0" : "")\(rest)"
    }
}
