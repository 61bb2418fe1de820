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

    @Test func aPreparedStatementIsPlannedOnceUnlessItsValuesDecideThePlan() throws {
        let connection = try TestDatabase.connection()
        let generic = "SELECT $1::int8 * 2 AS double"
        let forValues = "SELECT :number::int8 * 3 AS triple"
        var decided: PostgresNamedArguments = [:]
        decided.valuesDecideThePlan = true
        for number in 0..<10 {
            #expect(try connection.scalar(generic, [number]) as Int? == number * 2)
            // Values that decide the plan decide the plan of a statement joined from several pieces.
            let arguments: PostgresNamedArguments = number.isMultiple(of: 2) ? decided + ["number": number] : ["number": number] + decided
            #expect(try connection.scalar(forValues, arguments) as Int? == number * 3)
        }
        #expect(try plans(of: generic, connection) == Plans(generic: 10, custom: 0))
        #expect(try plans(of: "SELECT $1::int8 * 3 AS triple", connection) == Plans(generic: 0, custom: 10))
        // Outside a transaction the setting is put back after each such statement.
        #expect(try connection.scalar("SELECT current_setting('plan_cache_mode')") as String? == "force_generic_plan")
    }

    /// A generic plan costs `LIMIT $n` as a tenth of the rows, so a page can be costed past
    /// `jit_above_cost`, and JIT would compile it at every run (15 ms for a page that runs in 1).
    /// Here every statement costs more than the threshold.
    @Test func noStatementIsCompiledByJIT() throws {
        let connection = try TestDatabase.connection(schema: "CREATE TABLE things (id int8 PRIMARY KEY, name text)")
        try connection.execute("INSERT INTO things SELECT n, 'thing ' || n FROM generate_series(1, 1000) n; ANALYZE things")
        try connection.execute("SET jit_above_cost = 0")
        #expect(try connection.scalar("SELECT current_setting('jit')") as String? == "off")
        let plan = try connection.query("EXPLAIN (ANALYZE, FORMAT TEXT) SELECT sum(id) FROM things WHERE name LIKE $1", ["thing%"])
        let lines = try plan.map { try $0[0] as String }
        #expect(lines.contains { $0.hasPrefix("Execution Time") })
        #expect(!lines.contains { $0.hasPrefix("JIT") })
    }

    /// A page that joins each of its rows to one record by key: the generic plan cannot see that
    /// the keys never repeat, and with Memoize on it caches each lookup for nothing.
    @Test func aJoinOfAPageLooksItsRecordsUpWithoutACache() throws {
        let connection = try TestDatabase.connection(
            schema: """
                CREATE TABLE records (id int8 PRIMARY KEY, name text);
                CREATE TABLE labels (label text, created int8, record_id int8, PRIMARY KEY (label, created, record_id));
                """)
        try connection.execute(
            """
            INSERT INTO records SELECT n, 'record ' || n FROM generate_series(1, 20000) n;
            INSERT INTO labels SELECT 'label ' || (n % 4), n, n FROM generate_series(1, 20000) n;
            INSERT INTO labels SELECT 'label ' || (n % 5), n, n FROM generate_series(1, 20000) n ON CONFLICT DO NOTHING;
            ANALYZE records; ANALYZE labels
            """)
        let page = """
            EXPLAIN SELECT r.id, r.name FROM labels l JOIN records r ON r.id = l.record_id
            WHERE l.label = $1 ORDER BY l.created DESC, l.record_id DESC LIMIT $2
            """
        func plan() throws -> [String] { try connection.query(page, ["label 1", 26]).map { try $0[0] as String } }
        #expect(try connection.scalar("SELECT current_setting('enable_memoize')") as String? == "off")
        #expect(try !plan().contains { $0.contains("Memoize") })
        // PostgreSQL's default would cache the lookups, so the test can fail.
        try connection.execute("SET enable_memoize = on")
        #expect(try plan().contains { $0.contains("Memoize") })
    }

    @Test func inATransactionThePlanningFollowsEachStatementsArguments() throws {
        let connection = try TestDatabase.connection()
        var decided: PostgresNamedArguments = ["number": 1]
        decided.valuesDecideThePlan = true
        let setting = "SELECT current_setting('plan_cache_mode') AS mode, :number::int8 AS number"
        let modes: [String?] = try connection.transaction(.repeatableRead) { database in
            var modes = [try database.queryFirst(setting, ["number": 1])?["mode"] as String?]
            modes.append(try database.queryFirst(setting, decided)?["mode"])
            modes.append(try database.queryFirst(setting, decided)?["mode"])
            // The statements after it are planned once again.
            modes.append(try database.queryFirst(setting, ["number": 1])?["mode"])
            modes.append(try database.queryFirst(setting, decided)?["mode"])
            return modes
        }
        #expect(modes == ["force_generic_plan", "force_custom_plan", "force_custom_plan", "force_generic_plan", "force_custom_plan"])
        // The transaction's end put the generic plans back.
        #expect(try connection.queryFirst(setting, ["number": 1])?["mode"] as String? == "force_generic_plan")
        let next = try connection.transaction { try $0.queryFirst(setting, decided)?["mode"] as String? }
        #expect(next == "force_custom_plan")
        // So does rolling back to a savepoint that set it.
        let afterSavepoint: String? = try connection.transaction { database in
            #expect(throws: Abandon.self) {
                try database.transaction { inner in
                    _ = try inner.query(setting, decided)
                    throw Abandon()
                }
            }
            return try database.queryFirst(setting, decided)?["mode"]
        }
        #expect(afterSavepoint == "force_custom_plan")
    }

    /// The `SET LOCAL` that changes the planning goes in its statement's round trip, not one of its own.
    @Test func inATransactionAChangeOfPlanningCostsNoRoundTrip() throws {
        let connection = try TestDatabase.connection()
        var decided: PostgresNamedArguments = ["number": 1]
        decided.valuesDecideThePlan = true
        let setting = "SELECT current_setting('plan_cache_mode') AS mode, :number::int8 AS number"
        _ = try connection.query(setting, ["number": 1])  // prepared here, outside the count
        let before = connection.roundTripCount
        let modes: [String?] = try connection.readTransaction { database in
            [
                try database.queryFirst(setting, decided)?["mode"],  // with the BEGIN and the SET LOCAL
                try database.queryFirst(setting, ["number": 2])?["mode"],
                try database.queryFirst(setting, decided)?["mode"]
            ]
        }
        #expect(modes == ["force_custom_plan", "force_generic_plan", "force_custom_plan"])
        #expect(connection.roundTripCount - before == 3)
    }

    private struct Plans: Equatable {
        let generic: Int?
        let custom: Int?
    }

    /// How often the server ran `sql`'s prepared statement with its generic plan and with a plan for the values.
    private func plans(of sql: String, _ connection: PostgresConnection) throws -> Plans {
        let row = try connection.queryFirst(
            "SELECT generic_plans::int8 AS generic, custom_plans::int8 AS custom FROM pg_prepared_statements WHERE statement = $1", [sql])
        return Plans(generic: try row?["generic"], custom: try row?["custom"])
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
