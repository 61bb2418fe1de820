import Foundation
import PostgreSQL
import TestSupport
import Testing

/// A read-modify-write of one counter by several transactions at once, in which each transaction,
/// after reading, waits until every other one has either read too or is waiting for the advisory
/// lock. Without the lock all of them read the same value, so every update but one is lost, every
/// time; with it they run one after the other.
@Suite struct AdvisoryLockTests {
    static let workers = 4

    /// The counter after each worker added one to it, with or without the advisory lock `key`.
    static func incrementConcurrently(lockKey: Int64?) throws -> Int? {
        let url = try TestDatabase.make()
        let setup = try PostgresConnection(url: url)
        try setup.execute("CREATE TABLE counter (id int4 PRIMARY KEY, value int4); INSERT INTO counter VALUES (1, 0)")
        let haveRead = Locked(0)
        try onThreads(workers) { _ in
            let connection = try PostgresConnection(url: url)
            try connection.transaction { database in
                if let lockKey { try database.advisoryTransactionLock(lockKey) }
                let value: Int = try #require(try database.scalar("SELECT value FROM counter WHERE id = 1"))
                haveRead.withLock { $0 += 1 }
                try waitUntil("every worker has read or waits for the lock") {
                    let waiting: Int = try database.scalar(Self.waitingForAdvisoryLocks) ?? 0
                    return haveRead.value + waiting >= workers
                }
                try database.run("UPDATE counter SET value = $1 WHERE id = 1", [value + 1])
            }
        }
        return try setup.scalar("SELECT value FROM counter WHERE id = 1")
    }

    /// Sessions of this database waiting for an advisory lock now (pg_locks is read live, not from
    /// a snapshot).
    static let waitingForAdvisoryLocks = """
        SELECT count(*) FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        """

    @Test func withoutTheLockTheConcurrentUpdatesAreLost() throws {
        #expect(try Self.incrementConcurrently(lockKey: nil) == 1)
    }

    @Test func theAdvisoryLockSerializesTheReadModifyWrite() throws {
        #expect(try Self.incrementConcurrently(lockKey: PostgresConnection.advisoryLockKey("counter:1")) == Self.workers)
    }

    @Test func theLockIsHeldUntilTheTransactionEndsAndOnlyThen() throws {
        let url = try TestDatabase.make()
        let holder = try PostgresConnection(url: url)
        let other = try PostgresConnection(url: url)
        let key = PostgresConnection.advisoryLockKey("account:7")
        try holder.transaction { database in
            try database.advisoryTransactionLock(key)
            #expect(try other.transaction { try $0.tryAdvisoryTransactionLock(key) } == false)
            #expect(try other.transaction { try $0.tryAdvisoryTransactionLock(key &+ 1) } == true)
        }
        #expect(try other.transaction { try $0.tryAdvisoryTransactionLock(key) } == true)
    }

    /// A session-level lock outlives transactions and is let go when its session ends: then another
    /// session takes it (the server ends the session a moment after the client closed it).
    @Test func aSessionLockIsHeldUntilItsSessionEnds() throws {
        let url = try TestDatabase.make()
        let holder = try PostgresConnection(url: url)
        let other = try PostgresConnection(url: url)
        let key = PostgresConnection.advisoryLockKey("leader")
        #expect(try holder.tryAdvisoryLock(key))
        try holder.transaction { try $0.execute("SELECT 1") }
        #expect(try !other.tryAdvisoryLock(key))
        #expect(try other.transaction { try $0.tryAdvisoryTransactionLock(key) } == false, "the write locks share its keys")
        holder.close()
        try waitUntil("the closed session's lock is free", seconds: 10) { try other.tryAdvisoryLock(key) }
    }

    @Test func outsideATransactionTheLockIsRefused() throws {
        let connection = try TestDatabase.connection()
        let error = #expect(throws: PostgresError.self) { try connection.advisoryTransactionLock(1) }
        #expect(error?.code == .noActiveTransaction)
    }

    @Test func lockKeysAreStableAndDistinct() {
        // FNV-1a's published value for "a": the key is the same in every process and release.
        #expect(PostgresConnection.advisoryLockKey("a") == Int64(bitPattern: 0xaf63_dc4c_8601_ec8c))
        #expect(PostgresConnection.advisoryLockKey("account:1") != PostgresConnection.advisoryLockKey("account:2"))
    }
}
