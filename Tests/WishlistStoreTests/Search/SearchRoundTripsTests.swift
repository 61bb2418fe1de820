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
}
