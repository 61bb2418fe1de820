import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PostgreSQL

@Suite struct FairSemaphoreTests {
    @Test func freeSlotsAreTakenAtOnceAndNoMore() {
        let semaphore = FairSemaphore(slots: 2)
        #expect(semaphore.take(waitingAtMost: .zero))
        #expect(semaphore.take(waitingAtMost: .zero))
        #expect(!semaphore.take(waitingAtMost: .milliseconds(10)))
        semaphore.giveBack()
        #expect(semaphore.take(waitingAtMost: .zero))
    }

    @Test func slotsGoToWaitersInTheOrderTheyAsked() throws {
        let semaphore = FairSemaphore(slots: 1)
        #expect(semaphore.take(waitingAtMost: .zero))
        let served = Mutex<[Int]>([])
        let done = DispatchGroup()
        let waiters = 8
        for number in 0..<waiters {
            done.enter()
            Thread {
                if semaphore.take(waitingAtMost: .seconds(10)) {
                    served.withLock { $0.append(number) }
                    semaphore.giveBack()
                }
                done.leave()
            }.start()
            // The next thread asks only once this one is queued, so the asking order is known.
            try waitUntil("waiter \(number) is queued", seconds: 10) { semaphore.waitingCount == number + 1 }
        }
        semaphore.giveBack()
        done.wait()
        #expect(served.withLock { $0 } == Array(0..<waiters))
        #expect(semaphore.waitingCount == 0)
    }

    @Test func aWaiterThatGaveUpIsSkippedAndHoldsNoSlot() {
        let semaphore = FairSemaphore(slots: 1)
        #expect(semaphore.take(waitingAtMost: .zero))
        #expect(!semaphore.take(waitingAtMost: .milliseconds(20)))
        #expect(semaphore.waitingCount == 0)
        semaphore.giveBack()
        #expect(semaphore.take(waitingAtMost: .zero))
        #expect(!semaphore.take(waitingAtMost: .zero))
    }
}
