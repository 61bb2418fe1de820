import PostgreSQL
import TestSupport
import Testing

@Suite struct SerializableTests {
    /// Two SERIALIZABLE transactions that each count the rows and insert the count plus one: both
    /// read before either writes, which no serial order allows, so the server fails one of them,
    /// and the helper runs it again, when it sees the other's row.
    @Test func aSerializationFailureIsRetriedUntilTheTransactionCommits() throws {
        let url = try TestDatabase.make()
        try PostgresConnection(url: url).execute("CREATE TABLE items (n int4)")
        let attempts = Locked(0)
        let firstReads = Locked(0)
        try onThreads(2) { _ in
            let connection = try PostgresConnection(url: url)
            var attempt = 0
            try connection.serializable { database in
                attempt += 1
                attempts.withLock { $0 += 1 }
                let count: Int = try #require(try database.scalar("SELECT count(*) FROM items"))
                if attempt == 1 {
                    firstReads.withLock { $0 += 1 }
                    try waitUntil("both transactions have read") { firstReads.value == 2 }
                }
                try database.run("INSERT INTO items VALUES ($1)", [count + 1])
            }
        }
        #expect(attempts.value == 3)
        #expect(try PostgresConnection(url: url).column("SELECT n FROM items ORDER BY n") as [Int] == [1, 2])
    }

    @Test func theLastFailureIsThrownWhenTheAttemptsRunOut() throws {
        let connection = try TestDatabase.connection()
        let attempts = Locked(0)
        let error = #expect(throws: PostgresError.self) {
            try connection.serializable(maxAttempts: 3) { database in
                attempts.withLock { $0 += 1 }
                try database.execute("DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'simulated'; END $$")
            }
        }
        #expect(error?.isSerializationFailure == true)
        #expect(attempts.value == 3)
        // Other errors are not retried.
        let unique = #expect(throws: PostgresError.self) {
            try connection.serializable { database in
                attempts.withLock { $0 += 1 }
                try database.execute("DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '23505', MESSAGE = 'duplicate'; END $$")
            }
        }
        #expect(unique?.isUniqueViolation == true)
        #expect(attempts.value == 4)
    }
}
