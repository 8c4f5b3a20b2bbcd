extension Double {
    /// This value rounded toward zero and clamped to `range`; NaN gives the lower bound.
    ///
    /// For turning user-controlled coordinates into indices and counts without the trap
    /// that `Int(_:)` raises on NaN, infinities and values beyond `Int`.
    @inlinable
    public func clamped(to range: ClosedRange<Int>) -> Int {
        guard self == self else { return range.lowerBound }
        if self <= Double(range.lowerBound) { return range.lowerBound }
        if self >= Double(range.upperBound) { return range.upperBound }
        return Int(self)
    }
}
