import PostgreSQL
import TestSupport
import Testing

private struct Refusal: Error {}

@Suite struct TransactionTests {
    static let schema = "CREATE TABLE entries (name text PRIMARY KEY)"

    @Test func aTransactionCommitsWhatItsBodyDidAndAnswersItsResult() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let count: Int? = try connection.transaction { database in
            try database.run("INSERT INTO entries VALUES ($1)", ["a"])
            #expect(database.isInTransaction)
            return try database.scalar("SELECT count(*) FROM entries")
        }
        #expect(count == 1)
        #expect(!connection.isInTransaction)
        #expect(try connection.scalar("SELECT count(*) FROM entries") as Int? == 1)
    }

    @Test func aBodyThatThrowsRollsEverythingBack() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        #expect(throws: Refusal.self) {
            try connection.transaction { database in
                try database.run("INSERT INTO entries VALUES ($1)", ["a"])
                throw Refusal()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.scalar("SELECT count(*) FROM entries") as Int? == 0)
    }

    @Test func aNestedTransactionIsASavepointUndoingOnlyItsOwnWork() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        try connection.transaction { database in
            try database.run("INSERT INTO entries VALUES ($1)", ["outer"])
            #expect(throws: Refusal.self) {
                try database.transaction { inner in
                    try inner.run("INSERT INTO entries VALUES ($1)", ["inner"])
                    throw Refusal()
                }
            }
            // A failed statement inside a savepoint leaves the outer transaction usable.
            #expect(throws: PostgresError.self) {
                try database.transaction { try $0.run("INSERT INTO entries VALUES ($1)", ["outer"]) }
            }
            try database.run("INSERT INTO entries VALUES ($1)", ["after"])
        }
        #expect(try connection.column("SELECT name FROM entries ORDER BY name") as [String] == ["after", "outer"])
    }

    @Test func anErrorCaughtInsideStillRollsBackAndIsReportedRatherThanCommittedInSilence() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        try connection.run("INSERT INTO entries VALUES ($1)", ["taken"])
        let error = #expect(throws: PostgresError.self) {
            try connection.transaction { database in
                try database.run("INSERT INTO entries VALUES ($1)", ["new"])
                _ = try? database.run("INSERT INTO entries VALUES ($1)", ["taken"])
            }
        }
        #expect(error?.code == .inFailedTransaction)
        #expect(!connection.isInTransaction)
        #expect(try connection.column("SELECT name FROM entries") as [String] == ["taken"])
    }

    @Test func theIsolationLevelIsTheOneAskedFor() throws {
        let connection = try TestDatabase.connection()
        for isolation in [PostgresIsolation.readCommitted, .repeatableRead, .serializable] {
            let level: String? = try connection.transaction(isolation) { try $0.scalar("SHOW transaction_isolation") }
            #expect(level?.uppercased() == isolation.rawValue)
        }
    }
}

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
