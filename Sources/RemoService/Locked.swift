import Foundation

/// A value several threads read and change under a lock: the command line's parallel
/// batches and the worker's bookkeeping.
public final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    /// A lock around `value`.
    public init(_ value: Value) { stored = value }

    /// Runs `body` on the value under the lock and returns what it returns.
    public func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&stored)
    }

    /// Changes the value under the lock.
    public func update(_ change: (inout Value) -> Void) { withLock(change) }

    /// A copy of the value, read under the lock.
    public var value: Value { withLock { $0 } }
}
