import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct WorkerPoolTests {
    private func submit(to pool: WorkerPool, _ job: @escaping WorkerPool.Job) {
        #expect(pool.submit(job))
    }

    /// Jobs that each wait for all the others can only finish if every one has its own thread.
    @Test func blockedJobsEachGetAThread() {
        let pool = WorkerPool(maximumThreads: 8)
        defer { pool.shutdown() }
        let jobs = 6
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<jobs {
            finished.enter()
            submit(to: pool) {
                arrived.signal()
                _ = release.wait(timeout: .now() + 10)
                finished.leave()
            }
        }
        for _ in 0..<jobs {
            #expect(arrived.wait(timeout: .now() + 5) == .success)
        }
        #expect(pool.threadCount == jobs)
        for _ in 0..<jobs { release.signal() }
        #expect(finished.wait(timeout: .now() + 5) == .success)
    }

    /// A job that finds a thread waiting goes to it: requests one after another keep one thread.
    @Test func anIdleThreadTakesTheNextJob() {
        let pool = WorkerPool(maximumThreads: 4)
        defer { pool.shutdown() }
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<10 {
            submit(to: pool) { done.signal() }
            #expect(done.wait(timeout: .now() + 5) == .success)
            let deadline = Date(timeIntervalSinceNow: 5)
            while pool.idleThreadCount == 0, Date() < deadline { usleep(1000) }
        }
        #expect(pool.threadCount == 1)
    }

    @Test func jobsBeyondTheLimitWaitForAFreeThread() {
        let pool = WorkerPool(maximumThreads: 2)
        defer { pool.shutdown() }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<3 {
            finished.enter()
            submit(to: pool) {
                entered.signal()
                _ = release.wait(timeout: .now() + 10)
                finished.leave()
            }
        }
        #expect(entered.wait(timeout: .now() + 5) == .success)
        #expect(entered.wait(timeout: .now() + 5) == .success)
        // Both threads are held: the third job has not started.
        #expect(entered.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(pool.threadCount == 2)
        release.signal()
        #expect(entered.wait(timeout: .now() + 5) == .success)
        release.signal()
        release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
    }

    @Test func idleThreadsEnd() {
        let pool = WorkerPool(maximumThreads: 4, idleTimeout: 0.05)
        defer { pool.shutdown() }
        let done = DispatchSemaphore(value: 0)
        submit(to: pool) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        let deadline = Date(timeIntervalSinceNow: 5)
        while pool.threadCount > 0, Date() < deadline { usleep(1000) }
        #expect(pool.threadCount == 0)
        // And a new job after that still runs.
        submit(to: pool) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func shutdownWaitsForRunningAndQueuedJobs() {
        let pool = WorkerPool(maximumThreads: 1)
        let completed = Atomic<Int>(0)
        let entered = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            submit(to: pool) {
                entered.signal()
                usleep(20_000)
                completed.add(1, ordering: .sequentiallyConsistent)
            }
        }
        #expect(entered.wait(timeout: .now() + 5) == .success)
        pool.shutdown()
        #expect(completed.load(ordering: .sequentiallyConsistent) == 3)
        #expect(pool.threadCount == 0)
        #expect(!pool.submit { completed.add(1, ordering: .sequentiallyConsistent) })
    }

    /// Jobs waiting for the only thread run in the order they came, also when some were taken
    /// from the queue before the rest arrived (its ring has wrapped around and grown since).
    @Test func queuedJobsRunInOrderAcrossWrapAround() {
        let pool = WorkerPool(maximumThreads: 1)
        defer { pool.shutdown() }
        let order = Mutex<[Int]>([])
        let gates = (0..<3).map { _ in DispatchSemaphore(value: 0) }
        let entered = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        func job(_ number: Int) -> WorkerPool.Job {
            finished.enter()
            return {
                order.withLock { $0.append(number) }
                if number < gates.count {
                    entered.signal()
                    _ = gates[number].wait(timeout: .now() + 10)
                }
                finished.leave()
            }
        }
        submit(to: pool, job(0))
        #expect(entered.wait(timeout: .now() + 5) == .success)
        var next = 1
        // Each round queues a few jobs behind the held one, then lets one go.
        for gate in 0..<gates.count {
            for _ in 0..<3 {
                submit(to: pool, job(next))
                next += 1
            }
            gates[gate].signal()
            if gate + 1 < gates.count {
                #expect(entered.wait(timeout: .now() + 5) == .success)
            }
        }
        for _ in 0..<9 {
            submit(to: pool, job(next))
            next += 1
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(order.withLock { $0 } == Array(0..<next))
    }
}
