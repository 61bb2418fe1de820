import PostgreSQL
import TestSupport
import Testing

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

    @Test func statementsAreAllPlannedForTheirValuesWhenOneSaysItsValuesDecide() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let setting = "SELECT current_setting('plan_cache_mode') AS mode, CAST(:id AS int4) AS id"
        var decided: PostgresNamedArguments = ["id": 1]
        decided.valuesDecideThePlan = true
        let modes = { (statements: [(sql: String, arguments: PostgresNamedArguments)]) in
            try connection.queries(statements).map { try $0.first?["mode"] as String? }
        }
        #expect(try modes([(setting, ["id": 1]), (setting, ["id": 2])]) == ["force_generic_plan", "force_generic_plan"])
        #expect(try modes([(setting, ["id": 1]), (setting, decided)]) == ["force_custom_plan", "force_custom_plan"])
        let inside = try connection.transaction { _ in
            (try modes([(setting, decided), (setting, ["id": 2])]), try modes([(setting, ["id": 1]), (setting, ["id": 2])]))
        }
        #expect(inside.0 == ["force_custom_plan", "force_custom_plan"])
        #expect(inside.1 == ["force_generic_plan", "force_generic_plan"])
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
