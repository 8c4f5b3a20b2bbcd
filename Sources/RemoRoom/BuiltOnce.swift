import Synchronization

/// An object made the first time it is asked for and kept, which threads share without
/// a lock: reading it once made is a plain load. Two threads asking at once may both
/// make it; the first to finish is kept and the other's dropped, so what is made must
/// not depend on who makes it (the free rectangles of one wall direction do not).
/// Held inline by the object that owns it, which keeps it as long as it lives.
struct BuiltOnce<Value: AnyObject & Sendable>: ~Copyable, Sendable {
    private let made = Atomic<Unmanaged<Value>?>(nil)

    init() {}

    deinit { made.load(ordering: .acquiring)?.release() }

    /// `body` of the object, if it has been made, without retaining it: it lives as long
    /// as this cell does.
    @inline(__always)
    borrowing func withKept<Result>(_ body: (Value) -> Result) -> Result? {
        made.load(ordering: .acquiring)?._withUnsafeGuaranteedRef(body)
    }

    /// Keeps `value` unless another thread kept one first, and returns the one kept.
    @inline(never)
    borrowing func keep(_ value: Value) -> Value {
        let mine = Unmanaged.passRetained(value)
        let (kept, first) = made.compareExchange(expected: nil, desired: mine, ordering: .acquiringAndReleasing)
        guard !kept, let first else { return value }
        mine.release()
        return first.takeUnretainedValue()
    }
}
