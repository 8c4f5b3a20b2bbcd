#if canImport(Glibc)
    import Glibc
#endif

/// Work done on a thread of its own while the caller does other work: `composite` decodes
/// `after` while it decodes `before` and computes the mask, using a second core where there
/// is one.
///
/// A POSIX thread, not a Dispatch queue: the caller may itself be one of a pool's threads
/// (the service's), and a pool whose every thread waits for work queued behind it stalls.
/// When no thread can be made the side work runs first, on the caller's thread, unless the
/// two must run at once.
enum SideThread {
    /// Runs `side` on a new thread and `main` here; returns both results once both are
    /// done (when `main` throws, once the thread has ended too).
    ///
    /// - Parameter together: Whether the two must run at the same time (each waits for the
    ///   other's progress). When no thread can be made, `side` then does not run and this
    ///   throws `out-of-memory`; otherwise `side` runs first, here.
    static func run<Side, Main>(
        _ side: @escaping () -> Side, together: Bool = false, while main: () throws(JobError) -> Main
    ) throws(JobError) -> (Side, Main) {
        let work = Work(side)
        var thread = pthread_t()
        let context = Unmanaged<AnyObject>.passRetained(work).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                (Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! any Runnable).run()
                return nil
            }, context)
        let started = status == 0
        if !started {
            Unmanaged<AnyObject>.fromOpaque(context).release()
            if together {
                throw JobError(.outOfMemory, message: "no thread could be started (\(String(cString: strerror(status))))")
            }
            work.run()
        }
        let mainResult: Result<Main, JobError>
        do { mainResult = .success(try main()) } catch { mainResult = .failure(error) }
        if started { pthread_join(thread, nil) }
        return (work.result!, try mainResult.get())
    }
}

/// What the thread runs, whatever its result's type.
private protocol Runnable: AnyObject {
    func run()
}

/// The side work and its result: handed to the thread by `pthread_create` and read back
/// after `pthread_join`, so never touched by two threads at once.
private final class Work<Value>: Runnable, @unchecked Sendable {
    var body: (() -> Value)?
    var result: Value?

    init(_ body: @escaping () -> Value) {
        self.body = body
    }

    /// Runs the body and lets go of it, and so of what it captured.
    func run() {
        result = body?()
        body = nil
    }
}

/// A value handed from a job's caller to the one place that uses it, and let go of there:
/// an image file's bytes are freed once decoded, not held until the job returns.
final class Handover<Value>: @unchecked Sendable {
    private var value: Value?

    init(_ value: consuming Value) {
        self.value = value
    }

    /// The value; the box no longer holds it. Taken once, by one thread.
    func take() -> Value {
        defer { value = nil }
        return value!
    }
}
