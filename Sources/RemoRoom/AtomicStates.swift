import Synchronization

/// A fixed number of small states that threads read and set without a lock: what the
/// exact check said of each sure rectangle (``FreeFloorRectangles``). Reading one is a
/// plain load; a lock cost more than the check it guards once a rectangle is known.
final class AtomicStates: @unchecked Sendable {
    // Unchecked: the buffer is written only through atomic operations and freed once,
    // when no thread can hold the object any more.
    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    /// How many states there are.
    let count: Int

    /// The states, each starting at its `initial` value.
    init(_ initial: [UInt8]) {
        count = initial.count
        states = .allocate(capacity: Swift.max(initial.count, 1))
        for (k, value) in initial.enumerated() { (states + k).initialize(to: Atomic(value)) }
    }

    deinit {
        states.deinitialize(count: count)
        states.deallocate()
    }

    /// State `k`.
    @inline(__always)
    subscript(k: Int) -> UInt8 {
        get { states[k].load(ordering: .acquiring) }
        set { states[k].store(newValue, ordering: .releasing) }
    }
}
