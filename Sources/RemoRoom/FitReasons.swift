/// A product's reasons, one per check (at most three: ceiling, door, floor), held
/// inline: a badge allocates nothing for them.
public struct FitReasons: RandomAccessCollection, Hashable, Sendable {
    private var first: FitReason?
    private var second: FitReason?
    private var third: FitReason?
    /// How many reasons there are.
    public private(set) var count = 0

    /// No reasons yet.
    init() {}

    /// The reasons given, in order; at most three are kept.
    init(_ reasons: FitReason...) {
        for reason in reasons { append(reason) }
    }

    /// The position of the first reason.
    public var startIndex: Int { 0 }
    /// The position after the last reason.
    public var endIndex: Int { count }

    /// The reason at `position` (0 ..< ``count``).
    public subscript(position: Int) -> FitReason {
        let reason = position == 0 ? first : position == 1 ? second : position == 2 ? third : nil
        guard position < count, let reason else { preconditionFailure("FitReasons: index \(position) out of range 0..<\(count)") }
        return reason
    }

    /// Adds a reason after the others; a fourth is not kept (a product has three checks).
    mutating func append(_ reason: FitReason) {
        switch count {
        case 0: first = reason
        case 1: second = reason
        case 2: third = reason
        default: return
        }
        count += 1
    }
}
