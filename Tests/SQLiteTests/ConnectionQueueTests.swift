import Foundation
import Synchronization
import Testing

@testable import SQLite

@Suite struct ConnectionQueueTests {
    @Test func connectionsGoToWaitersInTheOrderTheyAsked() throws {
        let directory = try TemporaryDirectory()
        let connection = try Database(path: directory.path("fifo.sqlite"))
        let queue = ConnectionQueue([connection], role: "reader")
        let served = Mutex<[Int]>([])
        let holding = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        done.enter()
        Thread {
            _ = try? queue.withConnection(timeout: .seconds(10)) { _ in
                holding.signal()
                letGo.wait()
            }
            done.leave()
        }.start()
        holding.wait()
        let waiters = 8
        for number in 0..<waiters {
            done.enter()
            Thread {
                _ = try? queue.withConnection(timeout: .seconds(10)) { _ in served.withLock { $0.append(number) } }
                done.leave()
            }.start()
            // The next thread asks only once this one is queued, so the asking order is known.
            eventually { queue.waitingCount == number + 1 }
        }
        letGo.signal()
        done.wait()
        #expect(served.withLock { $0 } == Array(0..<waiters))
        #expect(queue.waitingCount == 0)
        #expect(queue.close().count == 1)
    }

    @Test func aWaiterThatGaveUpIsSkipped() throws {
        let directory = try TemporaryDirectory()
        let queue = ConnectionQueue([try Database(path: directory.path("skip.sqlite"))], role: "reader")
        let held = HeldConnection(of: queue)
        #expect(throws: SQLiteError.self) { try queue.withConnection(timeout: .milliseconds(20)) { _ in } }
        #expect(queue.waitingCount == 0)
        held.release()
        #expect(try queue.withConnection(timeout: .seconds(1)) { _ in 42 } == 42)
        #expect(queue.close().count == 1)
    }

    @Test func closingWakesWaitersAndWaitsForLentConnections() throws {
        let directory = try TemporaryDirectory()
        let queue = ConnectionQueue([try Database(path: directory.path("close.sqlite"))], role: "reader")
        let holding = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let waiterResult = Mutex<(any Error)?>(nil)
        let done = DispatchGroup()
        done.enter()
        Thread {
            _ = try? queue.withConnection(timeout: .seconds(10)) { _ in
                holding.signal()
                letGo.wait()
            }
            done.leave()
        }.start()
        holding.wait()
        done.enter()
        Thread {
            do { try queue.withConnection(timeout: .seconds(10)) { _ in } } catch { waiterResult.withLock { $0 = error } }
            done.leave()
        }.start()
        eventually { queue.waitingCount == 1 }
        let closed = Mutex<Int?>(nil)
        Thread {
            let count = queue.close().count
            closed.withLock { $0 = count }
        }.start()
        eventually { waiterResult.withLock { $0 != nil } }
        #expect((waiterResult.withLock { $0 } as? SQLiteError)?.code == .misuse)
        #expect(closed.withLock { $0 } == nil, "close waits for the lent connection")
        letGo.signal()
        done.wait()
        eventually { closed.withLock { $0 != nil } }
        #expect(closed.withLock { $0 } == 1)
    }

    @Test func moreConnectionsAreOpenedOnlyWhenAllAreLentAndNoMoreThanTheCapacity() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("lazy.sqlite")
        let opened = Mutex(0)
        let failNext = Mutex(false)
        let queue = ConnectionQueue([try Database(path: path)], capacity: 3, role: "reader") {
            if failNext.withLock({ $0 }) { throw SQLiteError(code: .cantOpen, message: "refused") }
            opened.withLock { $0 += 1 }
            return try Database(path: path, readOnly: true)
        }
        // One at a time, the first connection serves every turn.
        for _ in 0..<5 { try queue.withConnection(timeout: .seconds(1)) { _ in } }
        #expect(opened.withLock { $0 } == 0)

        // Held all at once, the queue grows to its capacity and no further: a fourth waits.
        try queue.withConnection(timeout: .seconds(1)) { _ in
            failNext.withLock { $0 = true }
            #expect(throws: SQLiteError.self) { try queue.withConnection(timeout: .seconds(1)) { _ in } }
            failNext.withLock { $0 = false }
            // The failed opening gave its place back.
            try queue.withConnection(timeout: .seconds(1)) { _ in
                try queue.withConnection(timeout: .seconds(1)) { _ in
                    #expect(opened.withLock { $0 } == 2)
                    #expect(throws: SQLiteError.self) { try queue.withConnection(timeout: .milliseconds(50)) { _ in } }
                }
            }
        }
        #expect(opened.withLock { $0 } == 2)
        #expect(queue.close().count == 3)
    }
}
