import PostgreSQL
import TestSupport
import Testing

@Suite struct DeadlockTests {
    /// Two transactions that each update one row and then the other's: the server finds the cycle
    /// and ends one with a deadlock, typed and retryable; the other commits.
    @Test func aDeadlockIsTypedAndTheOtherTransactionCommits() throws {
        let url = try TestDatabase.make()
        let setup = try PostgresConnection(url: url)
        try setup.execute("CREATE TABLE rows (id int4 PRIMARY KEY, value int4); INSERT INTO rows VALUES (1, 0), (2, 0)")
        let firstUpdates = Locked(0)
        let failures = Locked<[PostgresError]>([])
        try onThreads(2) { index in
            let connection = try PostgresConnection(url: url)
            // The server looks for a cycle after this long waiting for a lock (1 s by default).
            try connection.execute("SET deadlock_timeout = '50ms'")
            let (mine, theirs) = index == 0 ? (1, 2) : (2, 1)
            do {
                try connection.transaction { database in
                    try database.run("UPDATE rows SET value = value + 1 WHERE id = :id", ["id": mine])
                    firstUpdates.withLock { $0 += 1 }
                    try waitUntil("both transactions hold their first row") { firstUpdates.value == 2 }
                    try database.run("UPDATE rows SET value = value + 1 WHERE id = :id", ["id": theirs])
                }
            } catch let error as PostgresError {
                failures.withLock { $0.append(error) }
            }
        }
        let failure = try #require(failures.value.count == 1 ? failures.value.first : nil, "\(failures.value)")
        #expect(failure.isDeadlock)
        #expect(failure.isTransactionRetryable)
        // Only the committed transaction's two updates are there.
        #expect(try setup.column("SELECT value FROM rows ORDER BY id") as [Int] == [1, 1])
    }
}
