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
        let url = try #require(test.url, "a PostgreSQL store")
        // One connection, so that the search below and the counts read it alike.
        let store = try Store(url: url, sqlitePath: "", connectionCount: 1)
        defer { try? store.close() }
        guard case .postgres(let pool) = store.database.engine else {
            Issue.record("not a PostgreSQL store")
            return
        }
        let query = try SearchQuery(text: "가방", groups: [.byName])
        _ = try store.wishes.searchPage(.byName, query, owner: alice)  // prepares its statements
        let before = try pool.withConnection { $0.roundTripCount }
        let page = try store.wishes.searchPage(.byName, query, owner: alice)
        let after = try pool.withConnection { $0.roundTripCount }
        #expect(page.items.map(\.name) == ["가방", "가방 끈", "새 가방"])
        #expect(after - before == 3)
    }
}
