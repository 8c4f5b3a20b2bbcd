/// Backpressure: at most `limit` jobs run at once, at most `queueLimit` wait for a slot,
/// and a job past both is refused at once (the service answers 503 with `Retry-After`)
/// rather than held in memory. The service takes a slot before it reads a request's body.
actor JobSlots {
    let limit: Int
    let queueLimit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int, queueLimit: Int) {
        self.limit = limit
        self.queueLimit = queueLimit
    }

    /// Takes a slot, waiting in the queue if need be; `false` when the queue is full.
    func enter() async -> Bool {
        if running < limit {
            running += 1
            return true
        }
        guard waiting.count < queueLimit else { return false }
        await withCheckedContinuation { waiting.append($0) }
        return true  // the slot passes from the job that left
    }

    /// Gives the slot back: to the first job waiting, if any.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
