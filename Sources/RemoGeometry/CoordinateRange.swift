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
}

extension CoordinateRange {
    /// Whether every coordinate of a run of points is accepted, as
    /// ``accepts(_:)-(Double)`` says, gathered point by point with vector comparisons
    /// and no branches.
    struct Acceptance {
        private var accepted = SIMDMask<SIMD2<Int64>>(repeating: true)

        /// Takes the coordinates `v` (x, y) into account.
        @inline(__always)
        mutating func check(_ v: SIMD2<Double>) {
            // NaN fails every comparison.
            let inRange = (v .<= maximumMagnitude) .& (v .>= -maximumMagnitude)
            let tiny = (v .< minimumMagnitude) .& (v .> -minimumMagnitude) .& (v .!= 0)
            accepted .&= inRange .& .!tiny
        }

        /// Whether every coordinate checked so far is accepted.
        var all: Bool { Swift.all(accepted) }
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
