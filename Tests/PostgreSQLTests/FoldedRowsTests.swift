import Foundation
import PostgreSQL
import TestSupport
import Testing

/// `PostgresRow.folded`: rows a statement folds into one column read back as the server's own rows.
@Suite struct FoldedRowsTests {
    static let schema = """
        CREATE TABLE owners (id int8 PRIMARY KEY);
        CREATE TABLE things (owner int8, position int4, big int8, real float8, name text);
        """
    static let names = ["big", "real", "name"]
    static let types: [PostgresType] = [.int8, .float8, .text]
    static let folding = """
        SELECT o.id, (SELECT json_agg(json_build_array(t.big::text, t.real::text, t.name::text) ORDER BY t.position)
            FROM things t WHERE t.owner = o.id) AS things
        FROM owners o ORDER BY o.id
        """

    @Test func foldedRowsReadAsTheRowsThemselves() throws {
        let connection = try TestDatabase.connection(schema: Self.schema)
        try connection.run("INSERT INTO owners (id) VALUES (1), (2)")
        let rows: [(Int, Int64?, Double?, String?)] = [
            (2, Int64.max, 0.1, "가방을 샀어요 🎒 \"quoted\" \\ back"), (1, -7, 1e-300, nil), (3, nil, -2.5e15, "")
        ]
        for (position, big, real, name) in rows {
            try connection.run(
                "INSERT INTO things (owner, position, big, real, name) VALUES (1, $1, $2, $3, $4)", [position, big, real, name])
        }
        let owners = try connection.query(Self.folding)
        let folded = try PostgresRow.folded(owners[0]["things"], names: Self.names, types: Self.types)
        let direct = try connection.query("SELECT big, real, name FROM things WHERE owner = 1 ORDER BY position")
        #expect(folded.map(\.values) == direct.map(\.values))
        #expect(folded.map(\.columnNames) == direct.map(\.columnNames))
        #expect(try folded[1]["big"] as Int64 == Int64.max)
        #expect(try folded[1]["real"] as Double == 0.1)
        #expect(try folded[0]["name"] as String? == nil)
        // No rows to fold is NULL, and NULL is no rows.
        #expect(owners[1].values[1].isNull)
        #expect(try PostgresRow.folded(owners[1]["things"], names: Self.names, types: Self.types).isEmpty)
    }

    @Test func aFoldedValueIsReadAsStrictlyAsAColumn() throws {
        let rows = try PostgresRow.folded(#"[["12", "x", "y"]]"#, names: Self.names, types: [.int8, .int8, .text])
        #expect(try rows[0]["big"] as Int == 12)
        #expect(throws: PostgresError.self) { try rows[0]["real"] as Int }
        #expect(throws: PostgresError.self) { try rows[0]["big"] as Bool }
    }

    @Test(arguments: [#"{"big": "1"}"#, #"[[1, 2.5, "x"]]"#, #"[["1", "2"]]"#, "[[", #"["1"]"#])
    func somethingElseThanFoldedTextsIsAMismatch(json: String) throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresRow.folded(json, names: Self.names, types: Self.types)
        }
        #expect(error.code == .datatypeMismatch)
    }
}
