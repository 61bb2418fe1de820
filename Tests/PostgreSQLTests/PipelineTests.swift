import TestSupport
import Testing

@testable import PostgreSQL

/// `PostgresConnection.queries`: several statements sent at once and answered in one round trip.
@Suite struct PipelineTests {
    static let schema = "CREATE TABLE items (id int4 PRIMARY KEY, name text NOT NULL); INSERT INTO items VALUES (1, 'a'), (2, 'b')"

    @Test func eachStatementAnswersItsOwnRowsInOrderAlsoAsATransactionsFirst() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let statements: [(sql: String, arguments: PostgresNamedArguments)] = [
            ("SELECT name FROM items WHERE id = :id", ["id": 2]), ("SELECT CAST(count(*) AS text) FROM items WHERE id > :id", ["id": 0]),
            ("SELECT name FROM items WHERE id > :id ORDER BY id", ["id": 5])
        ]
        let outside = try connection.queries(statements)
        #expect(try outside.map { try $0.map { try $0[0] as String } } == [["b"], ["2"], []])
        // The same again as a transaction's first statements, its BEGIN sent with them.
        let inside = try connection.transaction(.repeatableRead) { database in
            #expect(database.isInTransaction)
            return try database.queries(statements)
        }
        #expect(try inside.map { try $0.map { try $0[0] as String } } == [["b"], ["2"], []])
        #expect(!connection.isInTransaction)
        #expect(connection.preparedStatementCount == 3)
        #expect(try connection.queries([]).isEmpty)
    }

    /// Outside a transaction a statement's setting would outlive it: there, one statement whose
    /// values decide has them all planned for their values. Inside one, each is planned its own
    /// way, in the same round trip.
    @Test func statementsArePlannedForTheirValuesWhereTheirValuesDecide() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let setting = "SELECT current_setting('plan_cache_mode') AS mode, CAST(:id AS int4) AS id"
        var decided: PostgresNamedArguments = ["id": 1]
        decided.valuesDecideThePlan = true
        let modes = { (statements: [(sql: String, arguments: PostgresNamedArguments)]) in
            try connection.queries(statements).map { try $0.first?["mode"] as String? }
        }
        #expect(try modes([(setting, ["id": 1]), (setting, ["id": 2])]) == ["force_generic_plan", "force_generic_plan"])
        #expect(try modes([(setting, ["id": 1]), (setting, decided)]) == ["force_custom_plan", "force_custom_plan"])
        let inTransaction = {
            try connection.transaction { _ in
                (
                    try modes([(setting, decided), (setting, ["id": 2]), (setting, decided)]),
                    try modes([(setting, ["id": 1]), (setting, ["id": 2])]), try modes([(setting, ["id": 1]), (setting, decided)])
                )
            }
        }
        _ = try inTransaction()  // prepares the statements that change the setting
        let before = connection.roundTripCount
        let inside = try inTransaction()
        #expect(inside.0 == ["force_custom_plan", "force_generic_plan", "force_custom_plan"])
        #expect(inside.1 == ["force_generic_plan", "force_generic_plan"])
        #expect(inside.2 == ["force_generic_plan", "force_custom_plan"])
        // One round trip each (the first with the BEGIN), and the COMMIT.
        #expect(connection.roundTripCount - before == 4)
        // Outside a transaction the session's setting was put back.
        #expect(try modes([(setting, ["id": 1])]) == ["force_generic_plan"])
    }

    @Test func theFirstFailureIsThrownAndTheStatementsAfterItDoNotRun() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let error = #expect(throws: PostgresError.self) {
            try connection.queries([
                ("SELECT name FROM items WHERE id = :id", ["id": 1]),
                ("INSERT INTO items VALUES (:id, :name)", ["id": 1, "name": "taken"]),
                ("INSERT INTO items VALUES (:id, :name) RETURNING id", ["id": 3, "name": "c"])
            ])
        }
        #expect(error?.code == .uniqueViolation)
        #expect(!connection.isInTransaction)
        #expect(try connection.column("SELECT name FROM items ORDER BY id") as [String] == ["a", "b"])

        // In a transaction the failure aborts it: it is rolled back, and the connection goes on.
        #expect(throws: PostgresError.self) {
            try connection.transaction { database in
                _ = try database.queries([
                    ("INSERT INTO items VALUES (:id, :name) RETURNING id", ["id": 3, "name": "c"]),
                    ("SELECT name FROM items WHERE id = CAST(:id AS int4)", ["id": "not a number"])
                ])
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.column("SELECT name FROM items ORDER BY id") as [String] == ["a", "b"])
    }

    /// `lastQueriesOfRead`: the `BEGIN`, the statements and the `COMMIT` of a read in one round trip.
    @Test func aReadsLastStatementsGoWithItsBeginAndCommitInOneRoundTrip() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let statements: [(sql: String, arguments: PostgresNamedArguments)] = [
            ("SELECT name FROM items WHERE id = :id", ["id": 2]),
            ("SELECT current_setting('transaction_isolation') || ' ' || current_setting('transaction_read_only') WHERE :id > 0", ["id": 1])
        ]
        _ = try connection.queries(statements)  // prepared here, outside the count
        let before = connection.roundTripCount
        let rows = try connection.readTransaction(.repeatableRead) { database in
            try database.lastQueriesOfRead(statements).map { try $0.map { try $0[0] as String } }
        }
        #expect(rows == [["b"], ["repeatable read on"]])
        #expect(connection.roundTripCount - before == 1)
        #expect(!connection.isInTransaction)
        // The COMMIT's answer came with the rows: none is left for the next use, as after a read
        // whose COMMIT went after its statements.
        #expect(!connection.unreadCommit)
        _ = try connection.readTransaction { try $0.queries(statements) }
        #expect(connection.unreadCommit)
        // Ended on the server too: nothing is left to read, and the next statement runs on its own.
        let after = try connection.queries([statements[1]])
        #expect(try after[0].map { try $0[0] as String } == ["read committed off"])
        #expect(connection.roundTripCount - before == 3)
    }

    @Test func aStatementAfterAReadsCommitIsRefusedAndTheConnectionGoesOn() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let error = #expect(throws: PostgresError.self) {
            try connection.readTransaction { database in
                _ = try database.lastQueriesOfRead([("SELECT name FROM items WHERE id = :id", ["id": 1])])
                _ = try database.query("SELECT name FROM items WHERE id = :id", ["id": 2])
            }
        }
        #expect(error?.code == .noActiveTransaction)
        #expect(throws: PostgresError.self) {
            try connection.readTransaction { database in
                _ = try database.lastQueriesOfRead([("SELECT name FROM items WHERE id = :id", ["id": 1])])
                try database.transaction { _ in }
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.column("SELECT name FROM items ORDER BY id") as [String] == ["a", "b"])
    }

    /// Inside a write, a read is a savepoint: its last statements leave the write's transaction open.
    @Test func aReadsLastStatementsInsideAnotherTransactionCommitNothing() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try connection.transaction { database in
                try database.run("INSERT INTO items VALUES (:id, :name)", ["id": 3, "name": "c"])
                let names = try database.readTransaction { read in
                    try read.lastQueriesOfRead([("SELECT name FROM items WHERE id > :id ORDER BY id", ["id": 0])])
                }
                #expect(try names[0].map { try $0[0] as String } == ["a", "b", "c"])
                #expect(database.isInTransaction)
                throw Abandon()
            }
        }
        #expect(try connection.column("SELECT name FROM items ORDER BY id") as [String] == ["a", "b"])
        // Nor does a read nested in another read: the outer one goes on, and commits at its end.
        let outer = try connection.readTransaction { database in
            _ = try database.readTransaction { inner in
                try inner.lastQueriesOfRead([("SELECT name FROM items WHERE id = :id", ["id": 1])])
            }
            #expect(database.isInTransaction)
            return try database.query("SELECT name FROM items WHERE id = :id", ["id": 2]).map { try $0[0] as String }
        }
        #expect(outer == ["b"])
        #expect(!connection.isInTransaction)
        // Outside any transaction they are plain statements.
        #expect(try connection.lastQueriesOfRead([("SELECT name FROM items WHERE id = :id", ["id": 2])])[0].count == 1)
    }

    @Test func aFailureAmongAReadsLastStatementsRollsTheReadBack() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let error = #expect(throws: PostgresError.self) {
            try connection.readTransaction { database in
                _ = try database.lastQueriesOfRead([
                    ("SELECT name FROM items WHERE id = :id", ["id": 1]),
                    ("SELECT name FROM items WHERE id = CAST(:id AS int4)", ["id": "not a number"])
                ])
            }
        }
        #expect(error?.code == .invalidTextRepresentation)
        #expect(!connection.isInTransaction)
        #expect(try connection.column("SELECT name FROM items ORDER BY id") as [String] == ["a", "b"])
    }

    @Test func statementsWhoseTableChangedShapeArePreparedAgain() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let statements: [(sql: String, arguments: PostgresNamedArguments)] = [
            ("SELECT * FROM items WHERE id = :id", ["id": 1]), ("SELECT * FROM items WHERE id = :id", ["id": 2])
        ]
        #expect(try connection.queries(statements).map { $0.first?.values.count } == [2, 2])
        try connection.execute("ALTER TABLE items ADD COLUMN price int4")
        #expect(try connection.queries(statements).map { $0.first?.values.count } == [3, 3])
    }
}
