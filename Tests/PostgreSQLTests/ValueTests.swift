import Foundation
import PostgreSQL
import TestSupport
import Testing

@Suite struct ValueTests {
    static let schema = """
        CREATE TABLE things (
            big int8, small int4, real float8, exact numeric, name text, flag bool, bytes bytea, note varchar(40)
        )
        """

    @Test func everyTypeRoundTripsWithNullKoreanTextAndBytes() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        let bytes = Data([0, 1, 2, 0x5C, 0x27, 0x78, 0xFF])
        let inserted = try connection.run(
            "INSERT INTO things (big, small, real, exact, name, flag, bytes, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            [Int.max, Int32.min, 0.1, 12.5, "가방을 샀어요 🎒 'quoted' \\x00", true, bytes, String?.none])
        #expect(inserted == 1)

        let row = try #require(try connection.queryFirst("SELECT * FROM things"))
        #expect(try row["big"] as Int == Int.max)
        #expect(try row["small"] as Int == Int(Int32.min))
        #expect(try row["real"] as Double == 0.1)
        #expect(try row["exact"] as Double == 12.5)
        #expect(try row["name"] as String == "가방을 샀어요 🎒 'quoted' \\x00")
        #expect(try row["flag"] as Bool == true)
        #expect(try row["bytes"] as Data == bytes)
        #expect(try row["note"] as String? == nil)
        #expect(row.values[7].isNull)
        #expect(row.columnNames == ["big", "small", "real", "exact", "name", "flag", "bytes", "note"])
    }

    @Test func emptyValuesAreNotNullAndNullsReadAsNil() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        try connection.run("INSERT INTO things (name, bytes, flag) VALUES ($1, $2, $3)", ["", Data(), false])
        try connection.run("INSERT INTO things (name, bytes) VALUES ($1, $2)", [String?.none, Data?.none])
        let rows = try connection.query("SELECT name, bytes, flag, big FROM things ORDER BY name NULLS LAST")
        #expect(try rows[0]["name"] as String? == "")
        #expect(try rows[0]["bytes"] as Data? == Data())
        #expect(try rows[0]["flag"] as Bool == false)
        #expect(try rows[1]["name"] as String? == nil)
        #expect(try rows[1]["bytes"] as Data? == nil)
        #expect(try rows[1]["big"] as Int? == nil)
    }

    @Test func doublesKeepEveryValueIncludingTheSpecialOnes() throws {
        let connection = try TestDatabase.connection(schema: "CREATE TABLE numbers (position int4, value float8)")
        let values: [Double] = [0.1, -0.0, 1e-300, .greatestFiniteMagnitude, .infinity, -.infinity, .pi]
        for (position, value) in values.enumerated() {
            try connection.run("INSERT INTO numbers VALUES ($1, $2)", [position, value])
        }
        try connection.run("INSERT INTO numbers VALUES ($1, $2)", [values.count, Double.nan])
        let read: [Double] = try connection.column("SELECT value FROM numbers ORDER BY position")
        #expect(Array(read.prefix(values.count)) == values)
        #expect(read.last?.isNaN == true)
    }

    @Test func aValueOfTheWrongTypeOrANullIsATypedErrorNamingTheColumn() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        try connection.run("INSERT INTO things (big, name) VALUES ($1, $2)", [7, "seven"])
        let row = try #require(try connection.queryFirst("SELECT big, name, note FROM things"))
        let asInt = #expect(throws: PostgresError.self) { _ = try row["name"] as Int }
        #expect(asInt?.code == .datatypeMismatch)
        #expect(asInt?.message.contains("'name'") == true)
        // Numbers do not read as text either: that would hide a schema mistake.
        #expect(throws: PostgresError.self) { _ = try row["big"] as String }
        let null = #expect(throws: PostgresError.self) { _ = try row["note"] as String }
        #expect(null?.message.contains("NULL") == true)
        let unknown = #expect(throws: PostgresError.self) { _ = try row["missing"] as String }
        #expect(unknown?.code == .undefinedColumn)
    }

    @Test func scalarAndColumnReadTheFirstColumn() throws {
        let connection = try TestDatabase.connection()
        #expect(try connection.scalar("SELECT $1::int8 * 2", [21]) as Int? == 42)
        #expect(try connection.scalar("SELECT NULL::text") as String? == nil)
        #expect(try connection.scalar("SELECT 1 WHERE false") as Int? == nil)
        #expect(try connection.column("SELECT generate_series(1, $1::int4)", [4]) as [Int] == [1, 2, 3, 4])
    }
}
