import PostgreSQL
import TestSupport
import Testing

private struct Abandon: Error {}

@Suite struct StatementCacheTests {
    @Test func aStatementIsPreparedOncePerConnectionAndFoundAgainByItsSQL() throws {
        let connection = try TestDatabase.connection()
        let sql = "SELECT $1::int8 + 1 AS next"
        for number in 0..<5 {
            #expect(try connection.scalar(sql, [number]) as Int? == number + 1)
        }
        #expect(connection.preparedStatementCount == 1)
        // The server's own list: one statement with this text, however often it ran.
        let onServer = "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1"
        #expect(try connection.scalar(onServer, [sql]) as Int? == 1)
        #expect(connection.preparedStatementCount == 2)

        _ = try connection.query("SELECT $1::int8 + 2 AS next", [1])
        #expect(connection.preparedStatementCount == 3)
        // This query is prepared before it runs, so it counts itself.
        #expect(try connection.scalar("SELECT count(*) FROM pg_prepared_statements") as Int? == 4)
        #expect(connection.preparedStatementCount == 4)
    }

    @Test func aPreparedStatementIsPlannedForTheValuesOfEachRun() throws {
        let connection = try TestDatabase.connection()
        let sql = "SELECT $1::int8 * 2 AS double"
        for number in 0..<10 {
            #expect(try connection.scalar(sql, [number]) as Int? == number * 2)
        }
        // Left to itself, the server plans this generically from the sixth run on.
        let plans = try connection.queryFirst(
            "SELECT generic_plans::int8 AS generic, custom_plans::int8 AS custom FROM pg_prepared_statements WHERE statement = $1", [sql])
        #expect(try plans?["generic"] as Int? == 0)
        #expect(try plans?["custom"] as Int? == 10)
    }

    @Test func aStatementWhoseTableChangedShapeIsPreparedAgain() throws {
        let connection = try TestDatabase.connection(schema: "CREATE TABLE items (id int4); INSERT INTO items VALUES (1)")
        #expect(try connection.query("SELECT * FROM items").first?.values.count == 1)
        try connection.execute("ALTER TABLE items ADD COLUMN name text")
        // Outside a transaction the server's refusal of the old plan is not seen: prepared again, run again.
        #expect(try connection.query("SELECT * FROM items").first?.values.count == 2)
        #expect(connection.preparedStatementCount == 2)

        try connection.execute("ALTER TABLE items ADD COLUMN price int4")
        // Inside a transaction the refusal has aborted it, so it is thrown; the next use prepares afresh.
        let error = #expect(throws: PostgresError.self) {
            try connection.transaction { _ = try $0.query("SELECT * FROM items") }
        }
        #expect(error?.code == .featureNotSupported)
        #expect(try connection.query("SELECT * FROM items").first?.values.count == 3)
    }

    @Test func aStatementPreparedInATransactionThatRolledBackIsStillPrepared() throws {
        let connection = try TestDatabase.connection()
        #expect(throws: Abandon.self) {
            try connection.transaction { database in
                #expect(try database.scalar("SELECT $1::int8", [1]) as Int? == 1)
                throw Abandon()
            }
        }
        // The cache still names it, and the server still has it.
        #expect(try connection.scalar("SELECT $1::int8", [2]) as Int? == 2)
        #expect(connection.preparedStatementCount == 1)
    }
}
