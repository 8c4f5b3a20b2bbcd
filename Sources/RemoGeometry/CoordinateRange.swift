/// The coordinates the exact predicates accept.
///
/// The predicates are exact because every product of two coordinate differences,
/// and the rounding error of that product, is a normal double. That holds when each
/// coordinate is zero or has a magnitude between 2⁻⁴⁰⁰ (about 3.9 × 10⁻¹²¹) and 2⁴⁰⁰
/// (about 2.6 × 10¹²⁰): a non-zero difference of two such numbers is at least 2⁻⁴⁵²,
/// their products stay above 2⁻⁹⁰⁴, and nothing overflows. Anything outside, NaN and
/// the infinities are rejected before any computation.
public enum CoordinateRange {
    /// The largest accepted magnitude, 2⁴⁰⁰.
    public static let maximumMagnitude: Double = 0x1p400
    /// The smallest accepted non-zero magnitude, 2⁻⁴⁰⁰.
    public static let minimumMagnitude: Double = 0x1p-400

    /// Why a coordinate is rejected, or `nil` when it is accepted.
    @inlinable
    public static func problem(with value: Double) -> CoordinateProblem? {
        if value.isNaN { return .notANumber }
        if value.isInfinite { return .infinite }
        let magnitude = value.magnitude
        if magnitude > maximumMagnitude { return .tooLarge }
        if magnitude != 0 && magnitude < minimumMagnitude { return .tooSmall }
        return nil
    }

    /// Whether both coordinates of a point are accepted.
    @inlinable
    public static func accepts(_ point: Point) -> Bool {
        accepts(point.x) && accepts(point.y)
    }

    /// Whether a coordinate is accepted: one test each way, and NaN fails both.
    @inlinable
    public static func accepts(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        return magnitude <= maximumMagnitude && (magnitude >= minimumMagnitude || magnitude == 0)
    }

    /// ``accepts(_:)-(Double)`` as 1 or 0, without branches: on the bits of the
    /// magnitude, which order as the magnitudes do (NaN and the infinities above
    /// every finite value), zero or one unsigned range test.
    @inline(__always)
    static func acceptsBits(_ value: Double) -> UInt8 {
        let bits = value.bitPattern & 0x7FFF_FFFF_FFFF_FFFF
        let low = minimumMagnitude.bitPattern
        let inRange = unsafeBitCast(bits &- low <= maximumMagnitude.bitPattern &- low, to: UInt8.self)
        return inRange | unsafeBitCast(bits == 0, to: UInt8.self)
    }
}

/// What is wrong with a rejected coordinate.
public enum CoordinateProblem: String, Hashable, Sendable, CustomStringConvertible {
    /// The value is NaN.
    case notANumber = "not a number"
    /// The value is +∞ or −∞.
    case infinite = "infinite"
    /// The magnitude is above ``CoordinateRange/maximumMagnitude``.
    case tooLarge = "larger in magnitude than 2^400"
    /// The value is non-zero with a magnitude below ``CoordinateRange/minimumMagnitude``.
    case tooSmall = "non-zero but smaller in magnitude than 2^-400"

    public var description: String { rawValue }
}
