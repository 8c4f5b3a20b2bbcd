/// A RoomPlan transform: 16 finite numbers, column-major, held inline so that reading
/// an element allocates nothing for it.
struct Transform {
    let numbers: InlineArray<16, Double>

    /// Sixteen finite numbers as a transform, else nil.
    init?(_ values: some Collection<Double>) {
        guard values.count == 16 else { return nil }
        var numbers = InlineArray<16, Double>(repeating: 0)
        for (i, v) in values.enumerated() {
            guard v.isFinite else { return nil }
            numbers[i] = v
        }
        self.numbers = numbers
    }

    /// A translation to (x, y, z), without rotation.
    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform? {
        Transform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// The number at `i` (column-major, 0..<16).
    subscript(i: Int) -> Double { numbers[i] }
}
