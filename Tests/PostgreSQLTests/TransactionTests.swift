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

    @Test func aTransactionThatRanNoStatementEndsCleanly() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        // Its BEGIN waits for a first statement, and is never sent without one.
        #expect(try connection.transaction { _ in 42 } == 42)
        #expect(!connection.isInTransaction)
        #expect(throws: Refusal.self) { try connection.transaction { _ in throw Refusal() } }
        #expect(!connection.isInTransaction)
        try connection.transaction { database in
            #expect(database.isInTransaction)
            try database.transaction { _ in }
            try database.run("INSERT INTO entries VALUES ($1)", ["a"])
        }
        #expect(try connection.scalar("SELECT count(*) FROM entries") as Int? == 1)
    }

    @Test func aFirstStatementThatFailsLeavesNoTransactionOpen() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let error = #expect(throws: PostgresError.self) {
            try connection.transaction(.repeatableRead) { database in
                try database.run("INSERT INTO entries VALUES ($1)", [nil as String?])
            }
        }
        #expect(error?.code == .notNullViolation)
        #expect(!connection.isInTransaction)
        // The statement is still prepared, and runs in the next transaction.
        _ = try connection.transaction { try $0.run("INSERT INTO entries VALUES ($1)", ["a"]) }
        #expect(try connection.column("SELECT name FROM entries") as [String] == ["a"])
    }

    @Test func aReadTransactionEndsOnTheServerAsItsCommitIsSentAndRefusesWrites() throws {
        let url = try TestDatabase.make()
        let connection = try PostgresConnection(url: url)
        let observer = try PostgresConnection(url: url)
        try connection.execute(Self.schema)
        try connection.run("INSERT INTO entries VALUES ($1)", ["a"])
        let count: Int? = try connection.readTransaction { try $0.scalar("SELECT count(*) FROM entries") }
        #expect(count == 1)
        #expect(!connection.isInTransaction)
        // Its COMMIT was sent, not waited for: the server has ended the transaction all the same.
        try waitUntil("the session is idle, in no transaction") {
            try observer.scalar("SELECT state FROM pg_stat_activity WHERE pid = $1", [connection.backendPID]) as String? == "idle"
        }
        // The answer is read at the next use, which goes on as usual, another read's too.
        #expect(try connection.readTransaction { try $0.scalar("SELECT count(*) FROM entries") } as Int? == 1)
        #expect(try connection.scalar("SELECT count(*) FROM entries") as Int? == 1)

        let refused = #expect(throws: PostgresError.self) {
            try connection.readTransaction { try $0.run("INSERT INTO entries VALUES ($1)", ["b"]) }
        }
        #expect(refused?.code == .readOnlySQLTransaction)
        #expect(!connection.isInTransaction)
        // Inside a transaction that writes it is a savepoint of that one, which commits as before.
        try connection.transaction { database in
            try database.run("INSERT INTO entries VALUES ($1)", ["c"])
            #expect(try database.readTransaction { try $0.scalar("SELECT count(*) FROM entries") } as Int? == 2)
        }
        #expect(try observer.column("SELECT name FROM entries ORDER BY name") as [String] == ["a", "c"])
    }

    @Test func theIsolationLevelIsTheOneAskedFor() throws {
        let connection = try TestDatabase.connection()
        for isolation in [PostgresIsolation.readCommitted, .repeatableRead, .serializable] {
            let level: String? = try connection.transaction(isolation) { try $0.scalar("SHOW transaction_isolation") }
            #expect(level?.uppercased() == isolation.rawValue)
        }
    }
}
