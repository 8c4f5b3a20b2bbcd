import Foundation

/// WCAG 2 relative luminance and contrast ratio of sRGB colours.
public enum Luminance {
    /// sRGB component (0–255) to linear light, with the 0.04045 threshold.
    static let linear: [Double] = (0..<256).map { i in
        let c = Double(i) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// L = 0.2126 R + 0.7152 G + 0.0722 B, of linearised components.
    public static func of(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
    }

    /// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
    public static func contrast(_ a: Double, _ b: Double) -> Double {
        (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// The luminance where black and white contrast equally: (L + 0.05) / 0.05 =
    /// 1.05 / (L + 0.05), so L = √(1.05 · 0.05) − 0.05 ≈ 0.179.
    public static let crossover = (1.05 * 0.05).squareRoot() - 0.05
}
