extension Double {
    /// The number as messages show it (coordinates, sizes, limits): whole numbers without a
    /// fraction, others to 2 places; the one number format of every message.
    public var messageText: String {
        if self == rounded() && magnitude < 1e15 { return String(Int64(self)) }
        let scaled = (self * 100).rounded() / 100
        return scaled.magnitude < 1e15 && scaled != 0 ? "\(scaled)" : "\(self)"
    }
}
