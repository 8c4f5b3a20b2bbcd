import Synchronization
import Testing

@testable import RemoHTTP

/// Admission by slots and declared memory: a job that does not fit waits its turn, in
/// order; one over the whole budget is refused; past the queue, busy.
@Suite("Job slots and the memory budget")
struct JobSlotsTests {
    @Test(
        "a job that would pass the budget waits until memory is given back; a small one that fits starts at once, past it"
    )
    func waitsForMemory() async {
        let slots = JobSlots(concurrency: 4, queueLimit: 8, memoryBudget: 100)
        #expect(await slots.enter(memory: 60) == .admitted)
        let started = Started()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                #expect(await slots.enter(memory: 50) == .admitted)
                started.list.withLock { $0.append(50) }
            }
            try? await Task.sleep(for: .milliseconds(100))
            // 60 + 50 would pass 100: the 50 waits, and a 10 that fits starts past it.
            #expect(started.list.withLock { $0 }.isEmpty)
            #expect(await slots.enter(memory: 10) == .admitted)
            #expect(started.list.withLock { $0 }.isEmpty)
            slots.leave(memory: 60)
            await group.waitForAll()
        }
        #expect(started.list.withLock { $0 } == [50])
    }

    @Test("jobs waiting for a slot start in the order they came")
    func waitForSlotsInOrder() async {
        let slots = JobSlots(concurrency: 1, queueLimit: 8, memoryBudget: 100)
        #expect(await slots.enter(memory: 1) == .admitted)
        let started = Started()
        await withTaskGroup(of: Void.self) { group in
            for k in 1...3 {
                group.addTask {
                    #expect(await slots.enter(memory: 1) == .admitted)
                    started.list.withLock { $0.append(k) }
                    slots.leave(memory: 1)
                }
                // Each waiter is queued before the next asks.
                try? await Task.sleep(for: .milliseconds(50))
            }
            slots.leave(memory: 1)
            await group.waitForAll()
        }
        #expect(started.list.withLock { $0 } == [1, 2, 3])
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
