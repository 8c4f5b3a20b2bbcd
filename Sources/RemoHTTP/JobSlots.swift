import Synchronization

/// Admission of the service's jobs (docs/service.md): at most `concurrency` jobs compute at
/// once and the memory they declare stays within `memoryBudget`; a job that cannot start
/// waits in a queue of at most `queueLimit`; past the queue it is refused at once (503 with
/// `Retry-After`), and a job that declares more than the whole budget is refused outright
/// (422), since it could never start.
///
/// A job that fits when it comes starts at once, even past jobs waiting for memory: a
/// validation is not held behind a 100-megapixel render waiting for another to finish. When
/// a job leaves, the waiting jobs that now fit start, the longest waiting first. A large job
/// so waits only while the memory it needs is taken, and small jobs, which finish quickly,
/// give it back.
///
/// The bodies being received are counted against the same budget, on their own: a body
/// that would take them past it is refused (503) rather than waited for, since a waiting
/// body would hold its connection's bytes. So the process holds at most the budget in
/// jobs and the budget in bodies.
final class JobSlots: Sendable {
    /// Whether a job may start.
    enum Admission: Equatable {
        case admitted
        /// Every slot taken and the queue full.
        case queueFull
        /// More memory than the whole budget.
        case neverFits
    }

    let concurrency: Int
    let queueLimit: Int
    let memoryBudget: Int

    private struct Waiter {
        var memory: Int
        var continuation: CheckedContinuation<Admission, Never>
    }

    private struct State {
        var running = 0
        var jobMemory = 0
        var bodyMemory = 0
        var waiting: [Waiter] = []
    }

    private let state = Mutex(State())

    init(concurrency: Int, queueLimit: Int, memoryBudget: Int) {
        self.concurrency = concurrency
        self.queueLimit = queueLimit
        self.memoryBudget = memoryBudget
    }

    /// Takes a slot and `memory` bytes of the budget, waiting in the queue if need be.
    func enter(memory: Int) async -> Admission {
        guard memory <= memoryBudget else { return .neverFits }
        return await withCheckedContinuation { continuation in
            let now: Admission? = state.withLock { state in
                if fits(memory, state) {
                    state.running += 1
                    state.jobMemory += memory
                    return .admitted
                }
                if state.waiting.count >= queueLimit { return .queueFull }
                state.waiting.append(Waiter(memory: memory, continuation: continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Gives back a slot and its memory, and starts the jobs waiting first that now fit.
    func leave(memory: Int) {
        let admitted = state.withLock { state in
            state.running -= 1
            state.jobMemory -= memory
            var admitted: [Waiter] = []
            var index = 0
            while index < state.waiting.count, state.running < concurrency {
                let waiter = state.waiting[index]
                if fits(waiter.memory, state) {
                    state.waiting.remove(at: index)
                    state.running += 1
                    state.jobMemory += waiter.memory
                    admitted.append(waiter)
                } else {
                    index += 1
                }
            }
            return admitted
        }
        for waiter in admitted { waiter.continuation.resume(returning: .admitted) }
    }

    /// Counts `bytes` more of a body being received; false when the bodies would pass the
    /// budget (nothing is counted then).
    func receive(_ bytes: Int) -> Bool {
        state.withLock { state in
            guard state.bodyMemory + bytes <= memoryBudget else { return false }
            state.bodyMemory += bytes
            return true
        }
    }

    /// Forgets `bytes` of bodies received, once their request is answered.
    func release(bodyBytes bytes: Int) {
        state.withLock { $0.bodyMemory -= bytes }
    }

    /// The jobs computing and waiting, and the memory they and the bodies hold, now.
    var load: (running: Int, waiting: Int, jobMemory: Int, bodyMemory: Int) {
        state.withLock { ($0.running, $0.waiting.count, $0.jobMemory, $0.bodyMemory) }
    }

    private func fits(_ memory: Int, _ state: State) -> Bool {
        state.running < concurrency && state.jobMemory + memory <= memoryBudget
    }
}
