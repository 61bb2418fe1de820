import Foundation
import PostgreSQL
import Testing
import WishlistCore

@testable import WishlistStore

/// On PostgreSQL every round trip of a search waits on the server, so a search's statements go
/// together where they can (`SQLConnection.queries`, and the `SET LOCAL` of a statement planned
/// for its values goes with it).
@Suite struct SearchRoundTripsTests {
    /// The `BEGIN` with the page and the count of the names starting with the query; the search
    /// word's statement; the page's wishes with their photos and prices. The `COMMIT` goes
    /// without waiting.
    @Test func aNameSearchIsThreeRoundTripsOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방", "가방 끈", "새 가방"], owner: alice)
        // One connection, so that the search below and the counts read it alike.
        let (store, pool) = try test.oneConnectionStore()
        defer { try? store.close() }
        let query = try SearchQuery(text: "가방", groups: [.byName])
        _ = try store.wishes.searchPage(.byName, query, owner: alice)  // prepares its statements
        var page: SearchPage<Wish>?
        let roundTrips = try TestStore.roundTrips(of: { page = try store.wishes.searchPage(.byName, query, owner: alice) }, on: pool)
        #expect(page?.items.map(\.name) == ["가방", "가방 끈", "새 가방"])
        #expect(roundTrips == 3)
    }

    /// The groups of an all-groups answer go side by side (`StatementRounds.and`): the `BEGIN`
    /// with every group's first statements; the names inside others, the memo's and the journal's
    /// records with their details; the names' records. One group after another took 7 here.
    @Test func theAllGroupsSearchReadsItsGroupsSideBySide() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방", "가방 끈", "빨간가방"], owner: alice, tags: ["가방"])
        _ = try test.wishes.create(WishDraft(name: "wallet", memo: "가방에 넣기"), owner: alice, now: Date(millisecondsSince1970: 5_000))
        _ = try test.store.journal.create(JournalDraft(title: "새 가방", date: "2026-05-01"), owner: alice)
        let (store, pool) = try test.oneConnectionStore()
        defer { try? store.close() }
        let search = Search(store: store, gazetteer: .shared)
        let query = try SearchQuery(text: "가방", groups: [.byName, .byTag, .byText, .journal, .spots])
        _ = try search.answer(query, owner: alice)  // prepares its statements
        var answer: SearchAnswer?
        let roundTrips = try TestStore.roundTrips(of: { answer = try search.answer(query, owner: alice) }, on: pool)
        guard case .all(let result) = answer else {
            Issue.record("not the all-groups answer")
            return
        }
        #expect(result.byName.map(\.name) == ["가방", "가방 끈", "빨간가방"])
        #expect(result.byTag.count == 3)
        #expect(result.byText.map(\.name) == ["wallet"])
        #expect(result.journal.map(\.title) == ["새 가방"])
        // Each group as its own search answers it.
        for group in [SearchGroup.byName, .byTag, .byText] {
            let page = try store.wishes.searchPage(group, SearchQuery(text: "가방", group: group), owner: alice)
            #expect(page.items == (group == .byName ? result.byName : group == .byTag ? result.byTag : result.byText))
        }
        #expect(roundTrips == 3)
    }

    /// The newest wishes of every matching tag are read in one round, with the count: one round trip
    /// a tag took 1 + 4 + 1 + 1 here.
    @Test func aTagSearchReadsEveryMatchingTagInOneRound() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        for (index, tag) in ["bike", "bikes", "ebike", "mountain bike"].enumerated() {
            _ = try test.add(["\(tag) 1", "\(tag) 2"], owner: alice, tags: [tag], startingAt: 1_000 + 10 * Int64(index))
        }
        let (store, pool) = try test.oneConnectionStore()
        defer { try? store.close() }
        let query = try SearchQuery(text: "bike", group: .byTag)
        _ = try store.wishes.searchPage(.byTag, query, owner: alice)  // prepares its statements
        var page: SearchPage<Wish>?
        let roundTrips = try TestStore.roundTrips(of: { page = try store.wishes.searchPage(.byTag, query, owner: alice) }, on: pool)
        // The tag itself first, then the tags starting with it, then the others; newest first.
        #expect(
            page?.items.map(\.name) == [
                "bike 2", "bike 1", "bikes 2", "bikes 1", "mountain bike 2", "mountain bike 1", "ebike 2", "ebike 1"
            ])
        #expect(page?.total == 8)
        #expect(roundTrips == 3)
    }
}
