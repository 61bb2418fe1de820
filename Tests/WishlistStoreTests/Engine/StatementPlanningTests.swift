import Foundation
import PostgreSQL
import Testing
import WishlistCore

@testable import WishlistStore

/// On PostgreSQL a statement keeps one generic plan unless its arguments say their values decide
/// the plan (`SQLArguments.decidingThePlan`). The shapes whose best plan depends on the values —
/// a search index's word query (`@@`) and an optional filter (`IS NULL OR`) — must carry the mark,
/// or a search may run on a plan made blind to how many records its word matches.
@Suite struct StatementPlanningTests {
    @Test func everySearchWordAndOptionalFilterIsPlannedForItsValuesAndTheRestOnce() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방 끈", "Red bag", "Bike"], owner: alice, tags: ["bike"])
        _ = try test.store.journal.create(JournalDraft(title: "새 가방", date: "2026-08-01"), owner: alice)
        // A store of one connection, so that every statement below is prepared on the session read last.
        let store = try Store(url: try #require(test.url), sqlitePath: "", connectionCount: 1)
        defer { try? store.close() }
        let search = Search(store: store, gazetteer: .shared)
        for text in ["가방", "bik", "가"] {
            _ = try search.answer(try SearchQuery(text: text, groups: Set(SearchGroup.paged)), owner: alice)
        }
        _ = try store.spots.list(try SpotQuery(type: .drama, text: "카페"), owner: alice)
        _ = try store.spots.titles(try SpotQuery(type: .drama), owner: alice)
        _ = try store.wishes.list(WishListQuery(), owner: alice)

        let plans = try store.database.read { db in
            try db.query("SELECT statement, generic_plans::int8 AS generic, custom_plans::int8 AS custom FROM pg_prepared_statements")
                .map { (statement: try $0["statement"] as String, generic: try $0["generic"] as Int, custom: try $0["custom"] as Int) }
        }
        let decided = plans.filter { $0.statement.contains("@@") || $0.statement.contains("IS NULL OR") }
        #expect(decided.count >= 5, "\(plans.map(\.statement))")
        for plan in decided {
            #expect(plan.generic == 0 && plan.custom > 0, "\(plan.statement)")
        }
        let list = try #require(plans.first { $0.statement.contains("FROM wishes w WHERE w.owner_id = $1 ORDER BY") })
        #expect(list.custom == 0 && list.generic > 0, "\(list.statement)")
    }
}
