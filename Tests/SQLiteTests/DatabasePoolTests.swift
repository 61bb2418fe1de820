import Foundation
import SQLite
import Testing

/// What the threads of one pool test saw, shared between them.
private final class Observations: @unchecked Sendable {
    private let lock = NSLock()
    private var inUse = Set<ObjectIdentifier>()
    private(set) var sharedConnectionCount = 0
    private(set) var inconsistentReads: [String] = []
    private(set) var errors: [String] = []
    private(set) var readCount = 0
    private(set) var writerFinished = false

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Marks the connection as held by the caller; counts it when another thread holds it already.
    func borrow(_ database: Database) {
        locked { if !inUse.insert(ObjectIdentifier(database)).inserted { sharedConnectionCount += 1 } }
    }

    func giveBack(_ database: Database) {
        locked { _ = inUse.remove(ObjectIdentifier(database)) }
    }

    func recordRead(_ inconsistency: String?) {
        locked {
            readCount += 1
            if let inconsistency { inconsistentReads.append(inconsistency) }
        }
    }

    func recordError(_ error: any Error) {
        locked { errors.append(String(describing: error)) }
    }

    func finishWriting() {
        locked { writerFinished = true }
    }

    var isWriterFinished: Bool { locked { writerFinished } }
}

@Suite struct DatabasePoolTests {
    @Test func refusesMemoryDatabases() {
        let error = #expect(throws: SQLiteError.self) { _ = try DatabasePool(path: ":memory:") }
        #expect(error?.code == .misuse)
    }

    @Test func writesAreCountedUnlessTheirWriterSaysNoCachedReadSeesThem() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("counted.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE t (x)") }
        let before = pool.writeCount
        try pool.write(counted: false) { try $0.execute("INSERT INTO t VALUES (1)") }
        #expect(pool.writeCount == before)
        _ = try? pool.write { db in try db.execute("INSERT INTO nowhere VALUES (1)") }
        #expect(pool.writeCount == before, "a write that rolled back changed nothing")
        try pool.write { try $0.execute("INSERT INTO t VALUES (2)") }
        #expect(pool.writeCount == before + 1)
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM t") as Int? } == 2)
        try pool.close()
    }

    @Test func writesAreCountedByTheKeysTheirRowsName() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("keyed.sqlite"), keyingWritesWith: "wrote")
        try pool.write { try $0.execute("CREATE TABLE t (owner INTEGER, x)") }
        try pool.writeWithoutTransaction(counted: false) { db in
            try db.execute("CREATE TEMP TRIGGER t_insert AFTER INSERT ON main.t BEGIN SELECT wrote(NEW.owner); END")
        }
        func counts() -> [UInt64] { [pool.writeCount, pool.writeCount(forKeys: [1]), pool.writeCount(forKeys: [2])] }
        let start = counts()
        try pool.write { try $0.execute("INSERT INTO t VALUES (1, 'a'), (1, 'b')") }
        #expect(counts() == [start[0], start[1] + 1, start[2]], "one transaction, counted once for its key")
        try pool.write(counted: false) { try $0.execute("INSERT INTO t VALUES (2, 'c')") }
        #expect(counts() == [start[0], start[1] + 1, start[2] + 1], "a row's key counts even when its writer says no cache shows it")
        try pool.write { try $0.execute("INSERT INTO t VALUES (NULL, 'd')") }
        #expect(counts() == [start[0] + 1, start[1] + 2, start[2] + 2], "a write naming no key counts for every key")
        _ = try? pool.write { db in
            try db.execute("INSERT INTO t VALUES (2, 'e')")
            try db.execute("INSERT INTO nowhere VALUES (1)")
        }
        #expect(counts() == [start[0] + 1, start[1] + 2, start[2] + 3], "an undone write still counts the keys it named")
        try pool.close()
    }

    @Test func everyConnectionIsConfigured() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("configured.sqlite"), readerCount: 2)
        #expect(pool.path == directory.path("configured.sqlite"))
        for check in [pool.read, { try pool.write($0) }] as [((Database) throws -> [String]) throws -> [String]] {
            let settings = try check { database in
                [
                    try database.scalar("PRAGMA journal_mode") ?? "",
                    String(try database.scalar("PRAGMA foreign_keys") ?? -1),
                    String(try database.scalar("PRAGMA synchronous") ?? -1)
                ]
            }
            #expect(settings == ["wal", "1", "2"])  // synchronous 2 is FULL: a commit is on the disk when it returns
        }
        try pool.close()
    }

    @Test func writesAreVisibleToLaterReadsAndSurviveReopening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reopen.sqlite")
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES ('kept')") }
        #expect(try pool.read { try $0.scalar("SELECT x FROM t") } == "kept")
        try pool.close()
        try pool.close()
        let walSize = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect((walSize ?? 0) == 0, "the WAL was checkpointed into the main file")
        let error = #expect(throws: SQLiteError.self) { try pool.read { _ in } }
        #expect(error?.code == .misuse)

        let reopened = try DatabasePool(path: path)
        #expect(try reopened.read { try $0.scalar("SELECT x FROM t") } == "kept")
        try reopened.close()
    }

    @Test func aThrowingWriteRollsBack() throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("rollback.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE t(x)") }
        #expect(throws: Abort.self) {
            try pool.write { database in
                try database.run("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM t") } == 0)
        try pool.close()
    }

    @Test func writeWithoutTransactionAllowsVacuumIntoABackup() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("live.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES ('backed up')") }
        let backupPath = directory.path("backup.sqlite")
        // VACUUM cannot run inside a transaction, which is why this entry point exists.
        try pool.writeWithoutTransaction { try $0.run("VACUUM INTO ?", [backupPath]) }
        try pool.close()
        #expect(try Database(path: backupPath, readOnly: true).scalar("SELECT x FROM t") == "backed up")
    }

    @Test func readersCannotWrite() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("readers.sqlite"))
        try pool.write { try $0.execute("CREATE TABLE t(x)") }
        let error = #expect(throws: SQLiteError.self) { try pool.read { try $0.run("INSERT INTO t VALUES (1)") } }
        #expect(error?.code == .readOnly)
        try pool.close()
    }

    /// Money moves between accounts and every move is logged as two ledger rows, in one
    /// transaction. A reader that ever saw half a transaction would find the total changed,
    /// an odd ledger, or the ledger growing between two statements of one read.
    @Test func readersSeeConsistentSnapshotsWhileOneWriterWrites() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("concurrent.sqlite"), readerCount: 3)
        let accountCount = 10
        try pool.write { database in
            try database.execute(
                """
                CREATE TABLE account(id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
                CREATE TABLE ledger(id INTEGER PRIMARY KEY, account INTEGER NOT NULL REFERENCES account(id), amount INTEGER NOT NULL);
                """)
            for id in 1...accountCount {
                try database.run("INSERT INTO account(id, balance) VALUES (?, 100)", [id])
            }
        }

        let observations = Observations()
        let group = DispatchGroup()
        let readerThreads = 5  // more threads than readers, so they also wait for each other
        let readersStarted = DispatchSemaphore(value: 0)

        for _ in 0..<readerThreads {
            group.enter()
            Thread {
                defer { group.leave() }
                var signalled = false
                repeat {
                    do {
                        try pool.read { database in
                            observations.borrow(database)
                            defer { observations.giveBack(database) }
                            let ledgerBefore: Int = try database.scalar("SELECT count(*) FROM ledger") ?? -1
                            let total: Int = try database.scalar("SELECT sum(balance) FROM account") ?? -1
                            let ledgerSum: Int = try database.scalar("SELECT coalesce(sum(amount), 0) FROM ledger") ?? -1
                            let ledgerAfter: Int = try database.scalar("SELECT count(*) FROM ledger") ?? -1
                            let consistent =
                                total == 100 * accountCount && ledgerSum == 0
                                && ledgerBefore == ledgerAfter && ledgerBefore % 2 == 0
                            observations.recordRead(
                                consistent
                                    ? nil : "total \(total), ledger sum \(ledgerSum), rows \(ledgerBefore)→\(ledgerAfter)")
                        }
                    } catch {
                        observations.recordError(error)
                    }
                    if !signalled {
                        readersStarted.signal()
                        signalled = true
                    }
                } while !observations.isWriterFinished
            }.start()
        }

        let transfers = 300
        group.enter()
        Thread {
            defer {
                observations.finishWriting()
                group.leave()
            }
            // Write only once every reader is running, so reads and writes overlap.
            for _ in 0..<readerThreads { readersStarted.wait() }
            for transfer in 0..<transfers {
                let from = transfer % accountCount + 1
                let to = (transfer * 7 + 3) % accountCount + 1
                do {
                    try pool.write { database in
                        observations.borrow(database)
                        defer { observations.giveBack(database) }
                        try database.run("UPDATE account SET balance = balance - 5 WHERE id = ?", [from])
                        try database.run("INSERT INTO ledger(account, amount) VALUES (?, -5)", [from])
                        try database.run("UPDATE account SET balance = balance + 5 WHERE id = ?", [to])
                        try database.run("INSERT INTO ledger(account, amount) VALUES (?, 5)", [to])
                    }
                } catch {
                    observations.recordError(error)
                }
            }
        }.start()

        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(observations.errors == [], "no SQLITE_BUSY or other error under normal load")
        #expect(observations.inconsistentReads == [])
        #expect(observations.sharedConnectionCount == 0)
        #expect(observations.readCount > readerThreads)
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM ledger") } == 2 * transfers)
        try pool.close()
    }

    @Test func waitingForAReaderIsBounded() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("bounded.sqlite"), readerCount: 1, busyTimeout: .milliseconds(200))
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            try? pool.read { _ in
                holding.signal()
                release.wait()
            }
            done.signal()
        }.start()
        holding.wait()

        let start = ContinuousClock.now
        let error = #expect(throws: SQLiteError.self) { try pool.read { _ in } }
        let elapsed = ContinuousClock.now - start
        #expect(error?.code == .busy)
        #expect(elapsed >= .milliseconds(150) && elapsed < .seconds(3))

        release.signal()
        done.wait()
        try pool.read { _ in }
        try pool.close()
    }

    @Test func busyTimeoutIsBoundedAgainstAnotherWriter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let pool = try DatabasePool(path: path, readerCount: 1, busyTimeout: .milliseconds(200))
        try pool.write { try $0.execute("CREATE TABLE t(x)") }

        let outsider = try Database(path: path, busyTimeout: .milliseconds(200))
        try outsider.execute("BEGIN IMMEDIATE")  // holds the write lock
        let start = ContinuousClock.now
        let error = #expect(throws: SQLiteError.self) { try pool.write { try $0.run("INSERT INTO t VALUES (1)") } }
        let elapsed = ContinuousClock.now - start
        #expect(error?.code == .busy)
        #expect(elapsed >= .milliseconds(150) && elapsed < .seconds(3), "waited \(elapsed)")

        // Reads are not blocked by a writer in WAL mode.
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM t") } == 0)
        try outsider.execute("ROLLBACK")
        try pool.write { try $0.run("INSERT INTO t VALUES (1)") }
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM t") } == 1)
        try pool.close()
    }

    @Test func theDataVersionMovesAtOnceWithEveryPoolsWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("version.sqlite")
        // An hour between checks of SQLite's own data_version: what moves here is the shared counter.
        let server = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600))
        let command = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600))
        try server.write { try $0.execute("CREATE TABLE t(x)") }
        let first = try #require(server.dataVersion())
        _ = try server.read { try $0.scalar("SELECT count(*) FROM t") as Int? }
        #expect(server.dataVersion() == first, "reads change nothing")

        try command.write { try $0.run("INSERT INTO t VALUES (1)") }
        let second = try #require(server.dataVersion())
        #expect(second != first, "another pool's write, as another process's, is seen at once")
        #expect(command.dataVersion() == second, "both read the one counter")
        _ = try? command.write { try $0.execute("INSERT INTO nowhere VALUES (1)") }
        #expect(server.dataVersion() != second, "a write that rolled back may have changed what was read too")
        #expect(FileManager.default.fileExists(atPath: path + "-changes"))
        try command.close()
        try server.close()
    }

    @Test func theWatchedVersionMovesWithCommitsThatWroteAWatchedTableOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("watched.sqlite")
        let server = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600), watching: ["keys"])
        let command = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600), watching: ["keys"])
        try server.writeWithoutTransaction { try $0.execute("CREATE TABLE keys(k); CREATE TABLE notes(n)") }
        var watched = try #require(server.watchedWritesVersion())
        func moved() throws -> Bool {
            let now = try #require(server.watchedWritesVersion())
            defer { watched = now }
            return now != watched
        }

        try server.write { try $0.run("INSERT INTO notes VALUES (1)") }
        #expect(try !moved(), "a note is no key")
        try server.write { try $0.run("INSERT INTO keys VALUES (1)") }
        #expect(try moved())
        try command.write { try $0.run("UPDATE keys SET k = 2") }
        #expect(try moved(), "another pool's, as another process's, at once")
        try server.writeWithoutTransaction { try $0.execute("BEGIN; DELETE FROM keys WHERE k = 2; COMMIT") }
        #expect(try moved(), "outside the batches too")
        try server.write { try $0.run("UPDATE notes SET n = 3") }
        #expect(try !moved())
        #expect(command.watchedWritesVersion() == watched, "both read the one counter")
        try command.close()
        try server.close()
    }

    @Test func aCountersFileFromBeforeTheWatchedCountKeepsItsCount() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("older.sqlite")
        try Database(path: path).execute("CREATE TABLE keys(k)")
        // One count of 41, as a release before the watched count left it.
        FileManager.default.createFile(atPath: path + "-changes", contents: withUnsafeBytes(of: UInt64(41)) { Data($0) })
        let pool = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600), watching: ["keys"])
        #expect(pool.dataVersion() == 41)
        let watched = try #require(pool.watchedWritesVersion())
        try pool.write { try $0.run("INSERT INTO keys VALUES (1)") }
        #expect(pool.dataVersion() == 42)
        #expect(pool.watchedWritesVersion() == watched + 1)
        #expect((try FileManager.default.attributesOfItem(atPath: path + "-changes")[.size] as? Int) == 16)
        try pool.close()
    }

    @Test func aWriteByAProgramThatDoesNotCountIsSeenWithinTheInterval() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("foreign.sqlite")
        let watching = try DatabasePool(path: path, otherProgramsCheckInterval: .zero)
        let unaware = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600))
        try watching.write { try $0.execute("CREATE TABLE t(x)") }
        let shell = try Database(path: path)  // as the sqlite3 shell: no counter of ours

        let before = (try #require(watching.dataVersion()), try #require(unaware.dataVersion()))
        let beforeWatched = try #require(unaware.watchedWritesVersion())
        try shell.execute("INSERT INTO t VALUES (1)")
        #expect(unaware.dataVersion() == before.1, "not yet: its next check of data_version is an hour away")
        #expect(watching.dataVersion() != before.0, "seen at its next check, here at once")
        #expect(unaware.dataVersion() != before.1, "and so by every pool, through the counter it raised")
        #expect(unaware.watchedWritesVersion() != beforeWatched, "which may have written anything")
        try unaware.close()
        try watching.close()
    }

    @Test func theCountersFileIsOwnedLikeTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("owned.sqlite")
        try Database(path: path).execute("CREATE TABLE t(x)")
        try FileManager.default.setAttributes([.posixPermissions: 0o660], ofItemAtPath: path)
        // As root (make test's machines), a file made by root goes to the database's owner.
        let runsAsRoot = geteuid() == 0
        if runsAsRoot { try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path) }

        let pool = try DatabasePool(path: path)
        let counter = try FileManager.default.attributesOfItem(atPath: path + "-changes")
        #expect((counter[.posixPermissions] as? Int) == 0o660, "not cut by the umask")
        if runsAsRoot {
            #expect((counter[.ownerAccountID] as? Int) == 65534)
            #expect((counter[.groupOwnerAccountID] as? Int) == 65534)
        }
        try pool.close()
    }

    @Test func withoutTheCountersFileDataVersionIsReadEachTime() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nocounter.sqlite")
        // A folder where the counter's file would go: it cannot be made.
        try FileManager.default.createDirectory(atPath: path + "-changes", withIntermediateDirectories: false)
        let pool = try DatabasePool(path: path, otherProgramsCheckInterval: .seconds(3600))
        try pool.write { try $0.execute("CREATE TABLE t(x)") }
        let before = try #require(pool.dataVersion())
        let shell = try Database(path: path)
        try shell.execute("INSERT INTO t VALUES (1)")
        #expect(pool.dataVersion() != before, "SQLite's data_version, read each time, sees it at once")
        #expect(pool.watchedWritesVersion() == pool.dataVersion(), "so is the watched tables' version")
        try pool.close()
        #expect(pool.dataVersion() == nil, "a closed pool has no version to give")
    }
}
