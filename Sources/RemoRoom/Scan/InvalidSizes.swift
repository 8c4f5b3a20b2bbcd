import RemoGeometry

/// The elements a reader leaves out of a room because a size is negative, not a finite
/// number or beyond any building (over ``largestSize``), or because it stands beyond
/// ``farthest`` from the origin: a door −0.8 m wide or a sofa of infinite depth would
/// otherwise be summarised as if real and block (or open) the floor in fit badges, and
/// sizes of 10¹⁶ m overflow to infinities in the summary.
struct InvalidSizes {
    /// The largest size read, in metres (10 km).
    static let largestSize = 10_000.0
    /// The farthest an element's centre may stand from the scan's origin, in metres.
    static let farthest = 1_000_000.0

    /// The path of each element left out, in the order met.
    private(set) var elements: [String] = []

    /// Whether every size is finite, not negative and at most ``largestSize``, and the
    /// centre (when given) within ``farthest``; when not, notes `element`.
    mutating func accept(_ sizes: Double..., at center: Point? = nil, element: String) -> Bool {
        let placed = center.map { abs($0.x) <= Self.farthest && abs($0.y) <= Self.farthest } ?? true
        guard placed && sizes.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Self.largestSize }) else {
            elements.append(element)
            return false
        }
        return true
    }

    /// An `invalid-size` warning naming the first few elements left out, if any.
    var warning: RoomWarning? {
        guard !elements.isEmpty else { return nil }
        let named = elements.prefix(5).joined(separator: ", ") + (elements.count > 5 ? " and \(elements.count - 5) more" : "")
        let count = elements.count == 1 ? "1 element has" : "\(elements.count) elements have"
        return RoomWarning(
            code: "invalid-size",
            message: "\(count) a negative or non-finite size and \(elements.count == 1 ? "is" : "are") left out: \(named)")
    }
}
