import Synchronization
import Testing

@testable import RemoHTTP

/// Admission by slots and declared memory: a job that does not fit waits its turn, in
/// order; one over the whole budget is refused; past the queue, busy.
@Suite("Job slots and the memory budget")
struct JobSlotsTests {
    @Test("a job that would pass the budget waits until memory is given back, then starts; jobs start in the order they came")
    func waitsForMemory() async {
        let slots = JobSlots(concurrency: 4, queueLimit: 8, memoryBudget: 100)
        #expect(await slots.enter(memory: 60) == .admitted)
        let started = Started()
        await withTaskGroup(of: Void.self) { group in
            for (k, memory) in [(1, 50), (2, 10)].enumerated().map({ $0.element }) {
                group.addTask {
                    #expect(await slots.enter(memory: memory) == .admitted)
                    started.list.withLock { $0.append(k) }
                }
                // The first waiter is queued before the second asks.
                try? await Task.sleep(for: .milliseconds(50))
            }
            try? await Task.sleep(for: .milliseconds(100))
            // 60 + 50 would pass 100, and the 10 waits behind the 50: nothing has started.
            #expect(started.list.withLock { $0 }.isEmpty)
            slots.leave(memory: 60)
            await group.waitForAll()
        }
        #expect(started.list.withLock { $0 } == [1, 2])
    }

    /// The jobs started, in order.
    final class Started: Sendable {
        let list = Mutex<[Int]>([])
    }

    @Test("a job declaring more than the whole budget is refused at once; past the slots and the queue, the queue is full")
    func refusals() async {
        let slots = JobSlots(concurrency: 1, queueLimit: 0, memoryBudget: 100)
        #expect(await slots.enter(memory: 101) == .neverFits)
        #expect(await slots.enter(memory: 1) == .admitted)
        #expect(await slots.enter(memory: 1) == .queueFull)
        slots.leave(memory: 1)
        #expect(await slots.enter(memory: 100) == .admitted)
    }

    @Test("the bodies being received are held to the budget on their own, and given back")
    func bodies() {
        let slots = JobSlots(concurrency: 1, queueLimit: 0, memoryBudget: 100)
        #expect(slots.receive(70))
        #expect(!slots.receive(31))
        slots.release(bodyBytes: 70)
        #expect(slots.receive(100))
    }
}
