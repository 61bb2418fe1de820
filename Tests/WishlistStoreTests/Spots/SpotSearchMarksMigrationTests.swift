import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// `2026-12-12-spot-search-marks` writes PostgreSQL's `spot_search` anew with each lexeme marked
/// with its kind (`SpotLexeme`) in place of the weights `A` and `B` of the release before it. A
/// database indexed by that release answers every spot search after the migration as before it.
@Suite struct SpotSearchMarksMigrationTests {
    /// A small release: a word in one spot's name and at the start of another's description, a
    /// Latin word in a third's, and a name that a single character starts.
    static let release = """
        media_type,title,place_name,place_type,description,address,lat,lng
        drama,도깨비,주문진 카페,cafe,바다가 보이는 곳,강원특별자치도 강릉시 주문진읍 해안로 1,37.8935,128.8284
        drama,도깨비,덕수궁 돌담길,street,카페 거리 옆 산책길,서울특별시 중구 정동길 5,37.5658,126.9751
        artist,방탄소년단,하이브 사옥,office,Cafe on the ground floor,서울특별시 용산구 한강대로 42,37.5290,126.9640
        """

    static let queries = ["카페", "cafe", "주", "돌담", "카페 거리", "없는말"]

    /// The entries as the release before the migration wrote them: the marks taken off, the
    /// names' bigrams weighted `A` and the words `B`.
    static let weighted = """
        UPDATE spot_search s SET tokens = before.tokens FROM (
            SELECT id, part, string_agg(
                format('%L', substr(l.lexeme, 2)) || ':' || (
                    SELECT string_agg(p::text || CASE left(l.lexeme, 1) WHEN 'n' THEN 'A' ELSE 'B' END, ',')
                    FROM unnest(l.positions) AS p),
                ' ')::tsvector AS tokens
            FROM spot_search, unnest(tokens) AS l GROUP BY id, part
        ) AS before WHERE before.id = s.id AND before.part = s.part
        """

    @Test func spotsIndexedWithWeightsAreFoundAsBeforeAfterTheMigration() throws {
        let test = try TestStore(engine: .postgres)
        let owner = try test.addUser("alice")
        _ = try test.store.spots.importFile(Data(Self.release.utf8))
        let found = try answers(test, owner)
        #expect(Set(found["카페"] ?? []) == ["주문진 카페", "덕수궁 돌담길"])
        #expect(found["cafe"] == ["하이브 사옥"])
        #expect(found["주"] == ["주문진 카페"])
        #expect(found["돌담"] == ["덕수궁 돌담길"])

        _ = try test.store.database.write { db in try db.run(Self.weighted, [:]) }
        // Marked queries find nothing in weighted entries, so the migration's work is seen.
        #expect(try answers(test, owner).values.allSatisfy(\.isEmpty))

        guard case .postgres(let pool) = test.store.database.engine else {
            Issue.record("not on PostgreSQL")
            return
        }
        try pool.transaction { try Schema.markSpotSearchLexemes($0) }
        #expect(try answers(test, owner) == found)
    }

    private func answers(_ test: TestStore, _ owner: UserKey) throws -> [String: [String]] {
        try Self.queries.reduce(into: [:]) { answers, text in
            answers[text] = try test.store.spots.list(SpotQuery(text: text), owner: owner).items.map(\.name)
        }
    }
}
