import Foundation
import PostgreSQL
import Testing
import WishlistCore

@testable import WishlistStore

/// On PostgreSQL a statement keeps one generic plan unless its arguments say their values decide
/// the plan (`SQLArguments.decidingThePlan`). The shapes whose best plan depends on the values —
/// a search index's word query (`@@`) and an optional filter (`IS NULL OR`) — must carry the mark,
/// or a search may run on a plan made blind to how many records its word matches. The one
/// exception is a spot search of one word, which the GIN indexes answer on any plan
/// (`SpotRepository.matches`).
@Suite struct StatementPlanningTests {
    @Test func everySearchWordAndOptionalFilterIsPlannedForItsValuesAndTheRestOnce() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방 끈", "Red bag", "Bike"], owner: alice, tags: ["bike"])
        _ = try test.store.journal.create(JournalDraft(title: "새 가방", date: "2026-08-01"), owner: alice)
        // A store of one connection, so that every statement below is prepared on the session read last.
        let url: String = try #require(test.url, "a PostgreSQL store")
        let store = try Store(url: url, sqlitePath: "", connectionCount: 1)
        defer { try? store.close() }
        let search = Search(store: store, gazetteer: .shared)
        for text in ["가방", "bik", "가"] {
            _ = try search.answer(try SearchQuery(text: text, groups: Set(SearchGroup.paged)), owner: alice)
        }
        _ = try store.spots.list(try SpotQuery(type: .drama, text: "카페"), owner: alice)
        _ = try store.spots.list(try SpotQuery(text: "카페 서울"), owner: alice)
        _ = try store.spots.titles(try SpotQuery(type: .drama), owner: alice)
        _ = try store.wishes.list(WishListQuery(), owner: alice)

        let plans = try store.database.read { db in
            try db.query("SELECT statement, generic_plans::int8 AS generic, custom_plans::int8 AS custom FROM pg_prepared_statements")
                .map { (statement: try $0["statement"] as String, generic: try $0["generic"] as Int, custom: try $0["custom"] as Int) }
        }
        // Another word of a search is asked in an EXISTS of its own.
        let oneWordSpotSearches = plans.filter { $0.statement.contains("spot_search") && !$0.statement.contains("EXISTS") }
        #expect(oneWordSpotSearches.count >= 2, "\(plans.map(\.statement))")
        for plan in oneWordSpotSearches {
            #expect(plan.custom == 0 && plan.generic > 0, "\(plan.statement)")
        }
        let decided = plans.filter {
            ($0.statement.contains("@@") || $0.statement.contains("IS NULL OR"))
                && !oneWordSpotSearches.map(\.statement).contains($0.statement)
        }
        #expect(decided.count >= 5, "\(plans.map(\.statement))")
        #expect(decided.contains { $0.statement.contains("spot_search") }, "\(decided.map(\.statement))")
        for plan in decided {
            #expect(plan.generic == 0 && plan.custom > 0, "\(plan.statement)")
        }
        let list = try #require(plans.first { $0.statement.contains("FROM wishes w WHERE w.owner_id = $1 ORDER BY") })
        #expect(list.custom == 0 && list.generic > 0, "\(list.statement)")
    }
}
