import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// One account never sees, changes or learns of another's wishes or searches.
@Suite struct IsolationTests {
    let fixture: TestStore
    let alice: UserKey
    let bob: UserKey
    let alicesWish: Wish

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
        bob = try fixture.addUser("bob")
        alicesWish = try fixture.wishes.create(
            WishDraft(name: "Alice's 여행 가방", tags: ["secret"], favorite: true), owner: alice)
        try fixture.add(["Alice two", "Alice three"], owner: alice, tags: ["secret"])
        try fixture.recentSearches.record("alice's query", owner: alice)
    }

    private var wishes: WishRepository { fixture.wishes }
    private var library: PhotoLibrary { fixture.library }

    @Test func getUpdateFavoriteDeleteAnswerNotFound() throws {
        #expect(try wishes.get(alicesWish.id, owner: bob) == nil)
        #expect(throws: NotFoundError("wish")) {
            try library.update(\.wishes, alicesWish.id, owner: bob, with: WishPatch(name: "mine now"))
        }
        #expect(throws: NotFoundError("wish")) { try wishes.setFavorite(false, alicesWish.id, owner: bob) }
        #expect(throws: NotFoundError("wish")) { try library.delete(\.wishes, alicesWish.id, owner: bob) }
        #expect(try wishes.get(alicesWish.id, owner: alice) == alicesWish)
    }

    @Test func listsTagsAndSearchesShowNothingOfAnotherAccount() throws {
        try fixture.add(["Bob's bike"], owner: bob, tags: ["bike"])
        #expect(try wishes.list(WishListQuery(), owner: bob).items.map(\.name) == ["Bob's bike"])
        #expect(try wishes.list(WishListQuery(tag: "secret"), owner: bob).items.isEmpty)
        #expect(try wishes.list(WishListQuery(favorite: true), owner: bob).items.isEmpty)
        #expect(try wishes.tagCounts(owner: bob) == [TagCount(name: "bike", count: 1)])
        for query in ["alice", "가방", "가", "secret", "a"] {
            let result = try wishes.search(query, owner: bob)
            #expect(result.byName.allSatisfy { $0.name == "Bob's bike" })
            #expect(result.byTag.isEmpty)
        }
        #expect(try fixture.wishes.search("가방", owner: alice).byName.map(\.id) == [alicesWish.id])
    }

    @Test func anotherAccountsCursorIsInvalid() throws {
        try fixture.add(["b1", "b2"], owner: bob)
        let cursor = try #require(try wishes.list(WishListQuery(limit: 1), owner: alice).nextCursor)
        #expect(throws: InvalidCursorError()) {
            try wishes.list(WishListQuery(limit: 1, cursor: cursor), owner: bob)
        }
    }

    @Test func recentSearchesAreSeparate() throws {
        let alices = try #require(try fixture.recentSearches.list(owner: alice).first)
        #expect(try fixture.recentSearches.list(owner: bob).isEmpty)
        #expect(try fixture.recentSearches.delete(alices.id, owner: bob) == false)
        try fixture.recentSearches.clear(owner: bob)
        try fixture.recentSearches.record("alice's query", owner: bob)
        #expect(try fixture.recentSearches.list(owner: alice) == [alices])
    }

    /// The name index has no foreign keys: deleting an account must take its entries out too, or a
    /// later wish given a reused row id would be found by the deleted account's words.
    @Test func deletingAnAccountEmptiesItsPartOfTheSearchIndex() throws {
        let pattern = try #require(SearchGrams.pattern(query: "가방", owner: alice)).fts5
        let entries = { [fixture] in
            try fixture.store.pool.read { db -> Int64? in
                try db.scalar("SELECT count(*) FROM wish_search WHERE wish_search MATCH ?", [pattern])
            }
        }
        #expect(try entries() == 1)
        try fixture.store.users.deleteUser(username: "alice")
        #expect(try entries() == 0)
        #expect(try fixture.store.pool.read { db -> Int64? in try db.scalar("SELECT count(*) FROM wishes") } == 0)
        #expect(throws: StoreError.notFound("account named 'alice'")) { try fixture.store.users.deleteUser(username: "alice") }
    }
}
