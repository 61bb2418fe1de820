import Foundation
import SQLite
import Testing

@Suite struct ValueTests {
    let database: Database

    init() throws {
        database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE v(id INTEGER PRIMARY KEY, value)")
    }

    /// Stores `value` in a table column and reads it back as `T`.
    private func roundTrip<T: SQLiteColumnDecodable>(_ value: some SQLiteBindable, as type: T.Type = T.self) throws -> T {
        try database.run("INSERT INTO v(value) VALUES (?)", [value])
        let row = try #require(try database.queryFirst("SELECT value FROM v WHERE id = ?", [database.lastInsertRowID]))
        return try row["value"]
    }

    @Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
    func int64(_ value: Int64) throws {
        #expect(try roundTrip(value, as: Int64.self) == value)
        #expect(try roundTrip(Int(value), as: Int.self) == Int(value))
    }

    @Test func int32() throws {
        #expect(try roundTrip(Int32.min, as: Int64.self) == Int64(Int32.min))
    }

    @Test(arguments: [0.0, -1.5, Double.pi, Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, Double.infinity])
    func double(_ value: Double) throws {
        #expect(try roundTrip(value, as: Double.self) == value)
    }

    @Test func integerReadsAsDouble() throws {
        #expect(try database.scalar("SELECT 2 * 21") == 42.0)
    }

    @Test func bool() throws {
        #expect(try roundTrip(true, as: Bool.self) == true)
        #expect(try roundTrip(false, as: Bool.self) == false)
        #expect(try database.scalar("SELECT typeof(?)", [true]) == "integer")
        #expect(try database.scalar("SELECT ?", [true]) == 1)
    }

    @Test(arguments: ["", "plain ASCII", "위시리스트 가방", "🎁👨‍👩‍👧‍👦 and é (e + U+0301: e\u{301})"])
    func string(_ value: String) throws {
        let read = try roundTrip(value, as: String.self)
        #expect(read == value)
        #expect(Array(read.utf8) == Array(value.utf8), "bytes are kept, not normalized")
        #expect(try database.scalar("SELECT typeof(value) FROM v WHERE id = ?", [database.lastInsertRowID]) == "text")
    }

    @Test func emptyDataIsABlobNotNull() throws {
        #expect(try roundTrip(Data(), as: Data.self) == Data())
        #expect(try database.scalar("SELECT typeof(value) FROM v WHERE id = ?", [database.lastInsertRowID]) == "blob")
    }

    @Test func bigData() throws {
        // 8 MB of random bytes, built a word at a time.
        let words = (0..<1_000_000).map { _ in UInt64.random(in: .min ... .max) }
        let data = words.withUnsafeBytes { Data($0) }
        #expect(try roundTrip(data, as: Data.self) == data)
    }

    @Test func nullAndOptionals() throws {
        let name = "kept"
        let memo: String? = nil
        try database.execute("CREATE TABLE w(name TEXT, memo TEXT)")
        try database.run("INSERT INTO w(name, memo) VALUES (?, ?)", [name, memo as String?])
        let row = try #require(try database.queryFirst("SELECT name, memo FROM w"))
        #expect(try row["name"] as String? == "kept")
        #expect(try row["memo"] as String? == nil)
        #expect(try row["memo"] as SQLiteValue == .null)
        #expect(try row[1] as Int? == nil)
        #expect(try roundTrip(Int64?.some(7), as: Int64?.self) == 7)
    }

    @Test func sqliteValueBindsAndReadsAsItself() throws {
        let values: [SQLiteValue] = [.integer(-3), .real(0.5), .text("t"), .blob(Data([0, 1, 2])), .null]
        for value in values {
            #expect(try roundTrip(value, as: SQLiteValue.self) == value)
        }
    }

    @Test func wrongTypeReadsThrowMismatch() throws {
        try database.run("INSERT INTO v(value) VALUES ('text')")
        let row = try #require(try database.queryFirst("SELECT value, NULL AS missing, 1.5 AS half FROM v"))
        for read in [
            { _ = try row["value"] as Int },
            { _ = try row["value"] as Data },
            { _ = try row["missing"] as String },
            { _ = try row["half"] as Int },
            { _ = try row["half"] as Bool },
            { _ = try row[0] as Double }
        ] as [() throws -> Void] {
            let error = #expect(throws: SQLiteError.self, performing: read)
            #expect(error?.code == .mismatch)
        }
        let error = #expect(throws: SQLiteError.self) { _ = try row["value"] as Int64 }
        #expect(error?.message.contains("value") == true, "the message names the column")
    }

    @Test func unknownColumnsThrowRange() throws {
        let row = try #require(try database.queryFirst("SELECT 1 AS one"))
        #expect(row.columnNames == ["one"])
        #expect(try row["ONE"] as Int == 1, "column names are case-insensitive, as in SQLite")
        #expect(throws: SQLiteError.self) { _ = try row["two"] as Int }
        #expect(throws: SQLiteError.self) { _ = try row[1] as Int }
        #expect(throws: SQLiteError.self) { _ = try row[-1] as Int }
    }

    @Test func exactColumnNameWinsOverCaseInsensitiveMatch() throws {
        let row = try #require(try database.queryFirst("SELECT 1 AS Name, 2 AS name"))
        #expect(try row["Name"] as Int == 1)
        #expect(try row["name"] as Int == 2)
        #expect(try row["NAME"] as Int == 1)
    }

    @Test func wideResultsFindColumnsByNameToo() throws {
        // Past 24 columns names are hashed rather than compared one by one.
        let columns = (0..<30).map { "\($0) AS c\($0)" }.joined(separator: ", ")
        let row = try #require(try database.queryFirst("SELECT \(columns), 99 AS c7"))
        #expect(try row["c29"] as Int == 29)
        #expect(try row["c7"] as Int == 7, "the first of two columns of one name wins")
        #expect(try row["C12"] as Int == 12, "column names are case-insensitive, as in SQLite")
        #expect(throws: SQLiteError.self) { _ = try row["c30"] as Int }
    }

    @Test func columnReadsTheFirstColumnOfEveryRow() throws {
        #expect(
            try database.column("SELECT value, 'x' FROM (SELECT 3 AS value UNION ALL SELECT 1 UNION ALL SELECT 2) ORDER BY value")
                as [Int64] == [1, 2, 3])
        #expect(try database.column("SELECT 1 WHERE 0") as [Int64] == [])
        #expect(try database.column("SELECT NULL UNION ALL SELECT 'a'") as [String?] == [nil, "a"])
        #expect(throws: SQLiteError.self) { _ = try database.column("SELECT 'text'") as [Int64] }
        let noColumn = #expect(throws: SQLiteError.self) { _ = try database.column("DELETE FROM v WHERE id = -1") as [Int64] }
        #expect(noColumn?.code == .range)
    }

    @Test func scalarIsNilForNoRowAndForNull() throws {
        #expect(try database.scalar("SELECT value FROM v WHERE id = -1") as Int? == nil)
        #expect(try database.scalar("SELECT max(id) FROM v") as Int? == nil)
        #expect(try database.scalar("SELECT count(*) FROM v") == 0)
    }
}
