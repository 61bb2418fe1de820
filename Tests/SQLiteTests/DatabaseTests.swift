import Foundation
import SQLite
import Testing

@Suite struct DatabaseTests {
    let database: Database

    init() throws {
        database = try Database(path: ":memory:")
        try database.execute(
            """
            CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            -- a comment between statements
            INSERT INTO item(name) VALUES ('a'), ('b'), ('c');
            """)
    }

    @Test func runReportsChangesAndRowID() throws {
        try database.run("INSERT INTO item(name) VALUES (?)", ["d"])
        #expect(database.lastInsertRowID == 4)
        try database.run("UPDATE item SET name = upper(name) WHERE id <= ?", [2])
        #expect(database.changes == 2)
    }

    @Test func queryAndForEachSeeTheSameRows() throws {
        let queried = try database.query("SELECT name FROM item ORDER BY id").map { try $0["name"] as String }
        var streamed: [String] = []
        try database.forEach("SELECT name FROM item ORDER BY id") { streamed.append(try $0["name"]) }
        #expect(queried == ["a", "b", "c"])
        #expect(streamed == queried)
    }

    @Test func theSameSQLCanRunInsideForEach() throws {
        // The cached statement is in use by the outer loop: the inner call must not reset it.
        var pairs: [String] = []
        try database.forEach("SELECT name FROM item WHERE id >= ? ORDER BY id", [2]) { row in
            let first: String? = try database.scalar("SELECT name FROM item WHERE id >= ? ORDER BY id", [1])
            pairs.append(try row["name"] + (first ?? "?"))
        }
        #expect(pairs == ["ba", "ca"])
    }

    @Test func aCachedStatementIsReusedWithNewArguments() throws {
        for id in 1...3 {
            let name: String? = try database.scalar("SELECT name FROM item WHERE id = ?", [id])
            #expect(name == ["a", "b", "c"][id - 1])
        }
    }

    @Test func manyDistinctStatementsStillWork() throws {
        // More distinct SQL texts than the cache holds: older ones are evicted, not broken.
        for offset in 0..<300 {
            #expect(try database.scalar("SELECT count(*) + \(offset) FROM item") == 3 + offset)
        }
        #expect(try database.scalar("SELECT count(*) + 0 FROM item") == 3)
    }

    @Test func wrongArgumentCountIsAnError() throws {
        let tooFew = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO item(id, name) VALUES (?, ?)", [9]) }
        #expect(tooFew?.code == .range)
        let tooMany = #expect(throws: SQLiteError.self) { try database.run("DELETE FROM item WHERE id = ?", [1, 2]) }
        #expect(tooMany?.code == .range)
        #expect(try database.scalar("SELECT count(*) FROM item") == 3)
    }

    @Test func runRefusesASecondStatement() throws {
        let error = #expect(throws: SQLiteError.self) {
            try database.run("DELETE FROM item WHERE id = 1; DELETE FROM item")
        }
        #expect(error?.code == .misuse)
        #expect(try database.scalar("SELECT count(*) FROM item") == 3, "nothing ran")
        try database.run("DELETE FROM item WHERE id = 1; -- trailing comments are fine")
        #expect(try database.scalar("SELECT count(*) FROM item") == 2)
    }

    @Test func emptySQLIsAnError() throws {
        #expect(throws: SQLiteError.self) { try database.run("  ") }
        try database.execute("  -- nothing to do\n")
    }

    @Test func syntaxErrorCarriesSQLAndMessage() throws {
        let sql = "SELEC name FROM item"
        let error = #expect(throws: SQLiteError.self) { _ = try database.query(sql) }
        #expect(error?.code == .error)
        #expect(error?.sql == sql)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.description.contains(sql) == true)
    }

    @Test func scriptErrorNamesTheFailingStatement() throws {
        let error = #expect(throws: SQLiteError.self) {
            try database.execute(
                "INSERT INTO item(name) VALUES ('d'); INSERT INTO item(name) VALUES (NULL); INSERT INTO item(name) VALUES ('e')")
        }
        #expect(error?.code == .constraint)
        #expect(error?.sql == "INSERT INTO item(name) VALUES (NULL);")
    }

    @Test func doubleQuotedStringsAreIdentifiersOnly() throws {
        // DQS is off: a mistyped "string" is an error instead of silently becoming text.
        let error = #expect(throws: SQLiteError.self) { _ = try database.query("SELECT id FROM item WHERE name = \"a\"") }
        #expect(error?.message.contains("no such column") == true)
    }

    @Test func readOnlyConnectionRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("read-only.sqlite")
        try Database(path: path).execute("CREATE TABLE t(x)")
        let reader = try Database(path: path, readOnly: true)
        let error = #expect(throws: SQLiteError.self) { try reader.run("INSERT INTO t VALUES (1)") }
        #expect(error?.code == .readOnly)
    }

    @Test func openingAMissingFileReadOnlyIsATypedError() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) { _ = try Database(path: directory.path("missing.sqlite"), readOnly: true) }
        #expect(error?.code == .cantOpen)
    }

    @Test func notADatabaseIsATypedError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("garbage.sqlite")
        try String(repeating: "not a database ", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: SQLiteError.self) { _ = try Database(path: path).query("SELECT * FROM sqlite_schema") }
        #expect(error?.code == .notADatabase)
    }

    /// Configuring the connection already reads the file, so the refusal comes from `init`,
    /// after the connection was opened: it is closed once, by deinit.
    @Test func notADatabaseIsRefusedWhenOpened() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("garbage.sqlite")
        try String(repeating: "not a database ", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
        for _ in 0..<3 {
            let error = #expect(throws: SQLiteError.self) { _ = try Database(path: path) }
            #expect(error?.code == .notADatabase)
        }
    }
}
