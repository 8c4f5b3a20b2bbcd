/// A product's size as read from the text a retailer wrote ("Overall: 34'' H x 84'' W x
/// 38'' D"), in metres; see ``DimensionsReader``.
public struct DimensionsReading: Hashable, Sendable {
    /// How the numbers were told apart.
    public enum Reading: String, Hashable, Sendable {
        /// By labels: W/D/H, L/W/H, width, deep, tall, Ø, …
        case labelled
        /// By their order: an unlabelled triple is width × depth × height, a pair width × depth.
        case ordered
        /// The text says no size of the product.
        case none
    }

    /// How sure the numbers are.
    public enum Confidence: String, Hashable, Sendable {
        /// Every number was labelled.
        case exact
        /// Some number was placed by its order.
        case inferred
        /// No number.
        case none
    }

    /// The text read.
    public var text: String
    /// The width in metres (a round item's diameter).
    public var width: Double?
    /// The depth in metres (a round item's diameter).
    public var depth: Double?
    /// The height in metres.
    public var height: Double?
    /// A round item's diameter in metres.
    public var diameter: Double?
    /// How the numbers were told apart.
    public var reading: Reading
    /// How sure they are.
    public var confidence: Confidence
    /// The parts of the text that give a size that is not the product's (a seat height, the
    /// box, a weight, a mattress it takes), or a size whose unit or dimension the text does
    /// not say, as the text writes them.
    public var ignored: [String]

    /// A reading of `text` that found no size.
    public init(text: String, ignored: [String] = []) {
        self.text = text
        self.reading = .none
        self.confidence = .none
        self.ignored = ignored
    }

    /// A reading with the given numbers.
    public init(
        text: String, width: Double?, depth: Double?, height: Double?, diameter: Double?, reading: Reading, confidence: Confidence,
        ignored: [String]
    ) {
        self.text = text
        self.width = width
        self.depth = depth
        self.height = height
        self.diameter = diameter
        self.reading = reading
        self.confidence = confidence
        self.ignored = ignored
    }
}
