import Testing

@testable import PostgreSQL

@Suite struct NamedParameterSQLCacheTests {
    @Test func aStatementIsReadOnceAndAFullCacheStartsAgain() throws {
        var cache = NamedParameterSQLCache(capacity: 3)
        let first = try cache.statement("SELECT :a, :b, :a")
        #expect(first.positionalSQL == "SELECT $1, $2, $1")
        #expect(first.names == ["a", "b"])
        #expect(first.numbers == ["a": 1, "b": 2])
        #expect(try cache.statement("SELECT :a, :b, :a").positionalSQL == first.positionalSQL)
        #expect(cache.count == 1)
        for length in 1...5 {
            _ = try cache.statement("SELECT id FROM t WHERE id IN (" + (0..<length).map { ":v\($0)" }.joined(separator: ", ") + ")")
            #expect(cache.count <= 3)
        }
    }

    @Test func aStatementThatCannotBeReadIsRefusedEachTimeAndNotKept() {
        var cache = NamedParameterSQLCache(capacity: 3)
        for _ in 0..<2 {
            let error = #expect(throws: PostgresError.self) { _ = try cache.statement("SELECT :a + $1") }
            #expect(error?.code == .syntaxError)
        }
        #expect(cache.count == 0)
    }
}
