import SQLite
import Testing

/// The Debian build of SQLite must have what the store relies on.
@Suite struct CompiledFeatureTests {
    @Test func fts5WithTrigramTokenizer() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE t USING fts5(name, tokenize = 'trigram')")
        try database.run("INSERT INTO t(name) VALUES (?), (?)", ["여행 가방", "travel bag"])
        let substring: [String] = try database.query("SELECT name FROM t WHERE t MATCH ?", ["avel b"]).map { try $0[0] }
        #expect(substring == ["travel bag"])
        // Quoted, so the space is part of the substring rather than separating two short words.
        let korean: [String] = try database.query("SELECT name FROM t WHERE t MATCH ?", [#""행 가방""#]).map { try $0[0] }
        #expect(korean == ["여행 가방"])
    }

    @Test func rtree() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE VIRTUAL TABLE place USING rtree(id, min_lat, max_lat, min_lon, max_lon)")
        try database.run("INSERT INTO place VALUES (1, 35.8, 35.8, 127.1, 127.1)")  // Jeonju
        try database.run("INSERT INTO place VALUES (2, 37.5, 37.5, 127.0, 127.0)")  // Seoul
        let inBox: [Int] = try database.query(
            "SELECT id FROM place WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?",
            [35.0, 36.5, 126.5, 127.5]
        ).map { try $0[0] }
        #expect(inBox == [1])
    }

    @Test func json() throws {
        let database = try Database(path: ":memory:")
        #expect(try database.scalar("SELECT json_extract(?, '$.a[1]')", [#"{"a": [1, 2]}"#]) == 2)
    }
}
