import RemoGeometry

/// A fit reason's sentence, written as an interpolated string whose numbers are lengths
/// in metres: `"\(metres: height) m tall under a \(metres: ceiling) m ceiling"`.
///
/// The text is gathered as UTF-8 bytes and the numbers written straight into them
/// (``Swift/Double/appendTwoDecimals(to:)``), which made a list's sentences twice as
/// fast as `String`'s own interpolation of ``Swift/Double/twoDecimals``; the sentences
/// read the same either way.
struct Sentence: ExpressibleByStringInterpolation {
    /// The sentence.
    let text: String

    init(stringLiteral text: StaticString) { self.text = text.description }

    init(stringInterpolation sentence: Interpolation) { text = String(decoding: sentence.bytes, as: UTF8.self) }

    struct Interpolation: StringInterpolationProtocol {
        /// The sentence so far, in UTF-8.
        private(set) var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            // A number takes about eight bytes.
            bytes.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) { literal.withUTF8Buffer { bytes += $0 } }

        /// Words: a doorway's kind, where a clearance goes.
        mutating func appendInterpolation(_ words: StaticString) { appendLiteral(words) }

        /// Words made up for the sentence: the dimensions missing.
        mutating func appendInterpolation(_ words: String) { bytes += words.utf8 }

        /// A whole number (a turn in degrees).
        mutating func appendInterpolation(_ number: Int) { bytes += String(number).utf8 }

        /// A length in metres, with two decimals: "1.20".
        mutating func appendInterpolation(metres length: Double) { length.appendTwoDecimals(to: &bytes) }

        /// A footprint's size in metres: "1.20 × 0.80".
        mutating func appendInterpolation(size piece: FitReason.Footprint) {
            appendInterpolation(metres: piece.width)
            appendLiteral(" × ")
            appendInterpolation(metres: piece.depth)
        }

        /// A point on the plan, in metres: "(1.20, -0.80)".
        mutating func appendInterpolation(point p: Point) {
            appendLiteral("(")
            appendInterpolation(metres: p.x)
            appendLiteral(", ")
            appendInterpolation(metres: p.y)
            appendLiteral(")")
        }
    }
}
