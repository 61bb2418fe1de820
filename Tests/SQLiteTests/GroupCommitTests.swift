import Foundation
import Synchronization
import Testing

@testable import SQLite

/// What each queued write answered, by its number.
private final class Answers<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<T, any Error>] = [:]

    func set(_ number: Int, _ result: Result<T, any Error>) { lock.withLock { results[number] = result } }
    var all: [Int: Result<T, any Error>] { lock.withLock { results } }
}

@Suite struct GroupCommitTests {
    private struct Abort: Error {}

    /// A group commit on a new database with a table `t(x)`, and the queue of its one writer.
    private func makeGroupCommit(_ directory: TemporaryDirectory, timeout: Duration = .seconds(10)) throws -> (
        GroupCommit, ConnectionQueue
    ) {
        let database = try Database(path: directory.path("group.sqlite"))
        try database.enableWriteAheadLog()
        try database.execute("CREATE TABLE t(x INTEGER)")
        let writer = ConnectionQueue([database], role: "writer")
        return (GroupCommit(writer: writer, timeout: timeout), writer)
    }

    /// Starts `count` writes on threads of their own while the writer is held, one after the other
    /// so that their order is known, and waits until all are queued; `body(n)` is the n-th's.
    private func queueWrites<T: Sendable>(
        _ count: Int, on commit: GroupCommit, answers: Answers<T>, done: DispatchGroup,
        _ body: @escaping @Sendable (Int, Database) throws -> T
    ) {
        for number in 0..<count {
            done.enter()
            Thread {
                let result = Result { try commit.write { try body(number, $0) } }
                answers.set(number, result)
                done.leave()
            }.start()
            eventually { commit.pendingCount == number + 1 }
        }
    }

    /// Queues `count` writes while the writer is held (`queueWrites`), then lets them run
    /// together; what each answered, by its number.
    private func writeTogether<T: Sendable>(
        _ count: Int, on commit: GroupCommit, writer: ConnectionQueue,
        _ body: @escaping @Sendable (Int, Database) throws -> T
    ) -> [Int: Result<T, any Error>] {
        let held = HeldConnection(of: writer)
        let answers = Answers<T>()
        let done = DispatchGroup()
        queueWrites(count, on: commit, answers: answers, done: done, body)
        held.release()
        done.wait()
        return answers.all
    }

    /// The values in `t`, in order.
    private func rows(_ writer: ConnectionQueue) throws -> [Int] {
        try writer.withConnection(timeout: .seconds(1)) { database in
            try database.query("SELECT x FROM t ORDER BY x").map { row -> Int in try row[0] }
        }
    }

    /// Told after each commit whether a counted write in it named no key: one that did not, beside
    /// one that did, still counts for every key.
    @Test func aCommitSaysWhetherACountedWriteInItNamedNoKey() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("keys.sqlite"))
        try database.enableWriteAheadLog()
        try database.execute("CREATE TABLE t(x INTEGER)")
        let writer = ConnectionQueue([database], role: "writer")
        let named = Atomic<UInt64>(0)
        let told = Mutex<[Bool]>([])
        let commit = GroupCommit(
            writer: writer, timeout: .seconds(10), keysNamed: { named.load(ordering: .relaxed) },
            committed: { unkeyed in told.withLock { $0.append(unkeyed) } })
        // Odd writes name a key (as a trigger would); the even one does not.
        let answers = writeTogether(3, on: commit, writer: writer) { number, database in
            try database.execute("INSERT INTO t VALUES (\(number))")
            if number % 2 == 1 { named.add(1, ordering: .relaxed) }
        }
        #expect(answers.values.allSatisfy { (try? $0.get()) != nil })
        #expect(told.withLock { $0 } == [true], "one transaction, with a write that named no key")
        _ = writeTogether(2, on: commit, writer: writer) { number, database in
            try database.execute("INSERT INTO t VALUES (\(10 + number))")
            named.add(1, ordering: .relaxed)
        }
        _ = try? commit.write { database in
            try database.execute("INSERT INTO t VALUES (20)")
            throw Abort()
        }
        #expect(told.withLock { $0 } == [true, false, false], "every write named a key; an undone write changed nothing")
    }

    @Test func writesThatArriveTogetherCommitInOneTransactionAndAThrowingOneIsUndoneAlone() throws {
        let directory = try TemporaryDirectory()
        let (commit, writer) = try makeGroupCommit(directory)
        let results = writeTogether(6, on: commit, writer: writer) { number, database -> Int? in
            try database.run("INSERT INTO t VALUES (?)", [number])
            if number == 3 { throw Abort() }
            // Each sees the writes queued before it, as one after the other would.
            let seen: Int? = try database.scalar("SELECT count(*) FROM t")
            return number == 5 ? nil : seen
        }

        #expect(commit.committedTransactions == 1)
        #expect(try results[0]?.get() == 1)
        #expect(try results[2]?.get() == 3)
        #expect(try results[4]?.get() == 4, "the thrown write's row is gone before the next runs")
        #expect(try results[5]?.get() == Int?.none, "a body's nil is its answer, not a failure")
        #expect(throws: Abort.self) { try results[3]?.get() }
        #expect(try rows(writer) == [0, 1, 2, 4, 5])
        #expect(commit.pendingCount == 0)
    }

    @Test func aTransactionTakesAtMostTheBatchLimitAndTheRestCommitNext() throws {
        let directory = try TemporaryDirectory()
        let (commit, writer) = try makeGroupCommit(directory)
        let count = GroupCommit.maximumBatch + 1
        let results = writeTogether(count, on: commit, writer: writer) { number, database in
            try database.run("INSERT INTO t VALUES (?)", [number])
        }

        #expect(commit.committedTransactions == 2)
        #expect(results.values.allSatisfy { (try? $0.get()) != nil })
        #expect(try rows(writer) == Array(0..<count))
    }

    @Test func aWriteToAClosedPoolFailsAndRunsNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("closed.sqlite")
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute("CREATE TABLE t(x)") }
        try pool.close()
        let error = #expect(throws: SQLiteError.self) { try pool.write { try $0.run("INSERT INTO t VALUES (1)") } }
        #expect(error?.code == .misuse)
        #expect(try Database(path: path, readOnly: true).scalar("SELECT count(*) FROM t") == 0)
    }

    @Test func aWriteThatEndsTheWholeTransactionFailsTheWritesBeforeItOnly() throws {
        let directory = try TemporaryDirectory()
        let (commit, writer) = try makeGroupCommit(directory)
        let results = writeTogether(3, on: commit, writer: writer) { number, database in
            try database.run("INSERT INTO t VALUES (?)", [number])
            // As SQLite does on its own after some errors (a full disk): the transaction is gone.
            if number == 1 {
                try database.run("ROLLBACK")
                throw Abort()
            }
        }

        #expect(throws: Abort.self, "its work was undone with the other's") { try results[0]?.get() }
        #expect(throws: Abort.self) { try results[1]?.get() }
        #expect(throws: Never.self) { try results[2]?.get() }
        #expect(try rows(writer) == [2])
        #expect(commit.committedTransactions == 1)
    }

    @Test func writesThatGaveUpWaitingForTheWriterNeverRunLater() throws {
        let directory = try TemporaryDirectory()
        let (commit, writer) = try makeGroupCommit(directory, timeout: .milliseconds(200))
        let held = HeldConnection(of: writer)
        let answers = Answers<Void>()
        let done = DispatchGroup()
        queueWrites(3, on: commit, answers: answers, done: done) { number, database in
            try database.run("INSERT INTO t VALUES (?)", [number])
        }
        done.wait()
        for number in 0..<3 {
            let error = #expect(throws: SQLiteError.self) { try answers.all[number]?.get() }
            #expect(error?.code == .busy)
        }
        #expect(commit.pendingCount == 0)
        held.release()

        try commit.write { try $0.run("INSERT INTO t VALUES (42)") }
        #expect(try rows(writer) == [42])
    }

    @Test func aWriteThatWaitsTooLongForItsTurnGivesUpAndNeverRunsLater() throws {
        let directory = try TemporaryDirectory()
        let (commit, writer) = try makeGroupCommit(directory, timeout: .milliseconds(200))
        let holding = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let first = DispatchGroup()
        first.enter()
        Thread {
            try? commit.write { database in
                try database.run("INSERT INTO t VALUES (1)")
                holding.signal()
                letGo.wait()
            }
            first.leave()
        }.start()
        holding.wait()
        let answers = Answers<Void>()
        let done = DispatchGroup()
        queueWrites(1, on: commit, answers: answers, done: done) { _, database in
            try database.run("INSERT INTO t VALUES (2)")
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "it gave up before the first write ended")
        let error = #expect(throws: SQLiteError.self) { try answers.all[0]?.get() }
        #expect(error?.code == .busy)
        #expect(commit.pendingCount == 0)
        letGo.signal()
        first.wait()

        #expect(try rows(writer) == [1], "the first write committed; the one that gave up never ran")
    }

    @Test func manyThreadsWritingAtOnceEachGetTheirOwnAnswerAndAllIsKept() throws {
        let directory = try TemporaryDirectory()
        let (commit, writer) = try makeGroupCommit(directory)
        let threads = 8
        let writesEach = 150
        let wrong = Mutex<[String]>([])
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            Thread {
                for number in 0..<writesEach {
                    let value = thread * 1000 + number
                    do {
                        let answer = try commit.write { database -> Int in
                            try database.run("INSERT INTO t VALUES (?)", [value])
                            return value
                        }
                        if answer != value { wrong.withLock { $0.append("\(value) answered \(answer)") } }
                    } catch {
                        wrong.withLock { $0.append("\(value): \(error)") }
                    }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(wrong.withLock { $0 }.isEmpty)
        let count: Int? = try writer.withConnection(timeout: .seconds(1)) { try $0.scalar("SELECT count(DISTINCT x) FROM t") }
        #expect(count == threads * writesEach)
        #expect(commit.committedTransactions <= threads * writesEach)
        #expect(commit.pendingCount == 0)
    }

    @Test func aWriteInsideAWriteIsRefusedAtOnceAndTheOuterOneGoesOn() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("nested.sqlite"), busyTimeout: .seconds(10))
        try pool.write { try $0.execute("CREATE TABLE t(x)") }
        let start = ContinuousClock.now
        try pool.write { database in
            let error = #expect(throws: SQLiteError.self) { try pool.write { try $0.run("INSERT INTO t VALUES (1)") } }
            #expect(error?.code == .busy)
            try database.run("INSERT INTO t VALUES (2)")
        }
        #expect(ContinuousClock.now - start < .seconds(5), "refused without waiting for the busy timeout")
        #expect(try pool.read { try $0.scalar("SELECT group_concat(x) FROM t") } == "2")
        try pool.close()
    }
}
