import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

@Suite struct RecentSearchRepositoryTests {
    let fixture: TestStore
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    private var recent: RecentSearchRepository { fixture.recentSearches }

    private func queries() throws -> [String] {
        try recent.list(owner: alice).map(\.query)
    }

    @Test func newestFirst() throws {
        for query in ["bike", "가방", "lamp"] {
            try recent.record(query, owner: alice)
        }
        #expect(try queries() == ["lamp", "가방", "bike"])
    }

    @Test func repeatedQueryMovesToTheTopKeepingItsID() throws {
        let first = try recent.record("Road bike", owner: alice, now: Date(millisecondsSince1970: 1))
        try recent.record("lamp", owner: alice, now: Date(millisecondsSince1970: 2))
        let again = try recent.record("  road   BIKE ", owner: alice, now: Date(millisecondsSince1970: 2))
        #expect(try queries() == ["road BIKE", "lamp"])
        #expect(again.id == first.id)
        #expect(try recent.list(owner: alice).first == again)
    }

    @Test func aBatchIsRememberedInOrderEachAccountApartWithoutCountingAsAChange() throws {
        let bob = try fixture.addUser("bob")
        let writes = fixture.store.writeCount
        try recent.record([
            ("bike", alice, Date(millisecondsSince1970: 1)), ("tent", bob, Date(millisecondsSince1970: 1)),
            ("lamp", alice, Date(millisecondsSince1970: 2)), ("BIKE", alice, Date(millisecondsSince1970: 3)),
            ("BIKE", alice, Date(millisecondsSince1970: 4))
        ])
        #expect(try queries() == ["BIKE", "lamp"])
        #expect(try recent.list(owner: alice).first?.searchedAt == Date(millisecondsSince1970: 3))
        #expect(try recent.list(owner: bob).map(\.query) == ["tent"])
        #expect(fixture.store.writeCount == writes)
    }

    @Test func onlyTheLatestTwentyAreKept() throws {
        for index in 1...25 {
            try recent.record("query \(index)", owner: alice)
        }
        #expect(try queries() == (6...25).reversed().map { "query \($0)" })
    }

    @Test func deleteOne() throws {
        try recent.record("keep", owner: alice)
        let gone = try recent.record("forget", owner: alice)
        #expect(try recent.delete(gone.id, owner: alice))
        #expect(try queries() == ["keep"])
        #expect(try recent.delete(gone.id, owner: alice) == false)
    }

    @Test func clearAll() throws {
        try recent.record("a", owner: alice)
        try recent.record("b", owner: alice)
        try recent.clear(owner: alice)
        #expect(try queries().isEmpty)
    }

    @Test func emptyQueryIsNotRecorded() throws {
        #expect(throws: ValidationError.self) { try recent.record("   ", owner: alice) }
        #expect(try queries().isEmpty)
    }
}
