/// The elements a reader leaves out of a room because a size is negative or not a finite
/// number: a door −0.8 m wide or a sofa of infinite depth would otherwise be summarised
/// as if real and block (or open) the floor in fit badges.
struct InvalidSizes {
    /// The path of each element left out, in the order met.
    private(set) var elements: [String] = []

    /// Whether every size is finite and not negative; when not, notes `element`.
    mutating func accept(_ sizes: Double..., element: String) -> Bool {
        guard sizes.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
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
