import PostgreSQL
import TestSupport
import Testing

@Suite struct NamedArgumentsTests {
    @Test func namesBecomeNumberedParametersAndANameUsedTwiceIsOneParameter() throws {
        let connection = try TestDatabase.connection()
        let sql = "SELECT :a::int8 + :b::int8 AS sum, :a::int8 AS again"
        for (a, b) in [(2, 3), (10, 20)] {
            let row = try #require(try connection.queryFirst(sql, ["b": b, "a": a]))
            #expect(try row["sum"] as Int == a + b)
            #expect(try row["again"] as Int == a)
        }
        #expect(connection.preparedStatementCount == 1)
        let pieces: PostgresNamedArguments = ["a": 1]
        #expect(try connection.scalar(sql, pieces + ["b": 41]) as Int? == 42)
    }

    /// A multi-row INSERT's thousands of parameters, each bound to its own name.
    @Test func thousandsOfNamesEachBindTheirOwnValue() throws {
        let connection = try TestDatabase.connection()
        let names = (0..<5_000).map { "value_\($0)" }
        var arguments: PostgresNamedArguments = [:]
        for (index, name) in names.enumerated().reversed() { arguments += [name: index] }
        let sql = "SELECT ARRAY[" + names.map { ":\($0)::int8" }.joined(separator: ", ") + "]::text"
        #expect(try connection.scalar(sql, arguments) as String? == "{" + names.indices.map(String.init).joined(separator: ",") + "}")
    }

    @Test func colonsInsideLiteralsCommentsAndCastsAreLeftAlone() throws {
        let connection = try TestDatabase.connection()
        let row = try #require(
            try connection.queryFirst(
                """
                SELECT ':not' AS plain, E'it\\'s :not' AS escaped, 'it''s :not' AS doubled, $$ :not $$ AS dollar,
                    $tag$ :not $ $tag$ AS tagged, :value::text AS "col:not", -- :not
                    /* :not /* nested :not */ still :not */ ((ARRAY[1, 2, 3])[2: 3])::text AS slice
                """, ["value": "가방"]))
        #expect(try row["plain"] as String == ":not")
        #expect(try row["escaped"] as String == "it's :not")
        #expect(try row["doubled"] as String == "it's :not")
        #expect(try row["dollar"] as String == " :not ")
        #expect(try row["tagged"] as String == " :not $ ")
        #expect(try row["col:not"] as String == "가방")
        #expect(try row["slice"] as String == "{2,3}")
    }

    @Test func aMissingUnknownOrRepeatedNameIsATypedError() throws {
        let connection = try TestDatabase.connection()
        let unknown = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT :a::int8", ["a": 1, "b": 2]) }
        #expect(unknown?.code == .undefinedParameter)
        #expect(unknown?.message.contains(":b") == true)
        let missing = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT :a::int8 + :b::int8", ["a": 1]) }
        #expect(missing?.code == .undefinedParameter)
        #expect(missing?.message.contains(":b") == true)
        let twice = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT :a::int8", ["a": 1, "a": 2]) }
        #expect(twice?.code == .invalidParameterValue)
        let mixed = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT :a::int8 + $1", ["a": 1]) }
        #expect(mixed?.code == .syntaxError)
        #expect(connection.preparedStatementCount == 0)
    }

    /// A statement's text is read once per connection (`NamedParameterSQLCache`); its arguments are
    /// still checked at every run.
    @Test func aStatementReadBeforeStillChecksEachRunsArguments() throws {
        let connection = try TestDatabase.connection()
        let sql = "SELECT :a::int8 + :b::int8"
        #expect(try connection.scalar(sql, ["a": 1, "b": 2]) as Int? == 3)
        let missing = #expect(throws: PostgresError.self) { _ = try connection.query(sql, ["a": 1]) }
        #expect(missing?.code == .undefinedParameter)
        #expect(missing?.message.contains(":b") == true)
        let unknown = #expect(throws: PostgresError.self) { _ = try connection.query(sql, ["a": 1, "b": 2, "c": 3]) }
        #expect(unknown?.code == .undefinedParameter)
        let twice = #expect(throws: PostgresError.self) { _ = try connection.query(sql, ["a": 1, "b": 2, "b": 3]) }
        #expect(twice?.code == .invalidParameterValue)
        #expect(try connection.scalar(sql, ["b": 40, "a": 2]) as Int? == 42)
        #expect(connection.preparedStatementCount == 1)
    }
}
