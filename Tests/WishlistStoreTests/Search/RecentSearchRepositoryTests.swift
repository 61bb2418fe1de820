import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// Recent searches on both engines.
@Suite struct RecentSearchRepositoryTests {
    /// A new store on `engine` with the account alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var recent: RecentSearchRepository { test.recentSearches }

        func queries() throws -> [String] {
            try recent.list(owner: alice).map(\.query)
        }
    }

    @Test(arguments: TestEngine.allCases) func newestFirst(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        for query in ["bike", "가방", "lamp"] {
            try fixture.recent.record(query, owner: fixture.alice)
        }
        #expect(try fixture.queries() == ["lamp", "가방", "bike"])
    }

    @Test(arguments: TestEngine.allCases) func repeatedQueryMovesToTheTopKeepingItsID(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let first = try fixture.recent.record("Road bike", owner: fixture.alice, now: Date(millisecondsSince1970: 1))
        try fixture.recent.record("lamp", owner: fixture.alice, now: Date(millisecondsSince1970: 2))
        let again = try fixture.recent.record("  road   BIKE ", owner: fixture.alice, now: Date(millisecondsSince1970: 2))
        #expect(try fixture.queries() == ["road BIKE", "lamp"])
        #expect(again.id == first.id)
        #expect(try fixture.recent.list(owner: fixture.alice).first == again)
    }

    @Test(arguments: TestEngine.allCases) func aBatchIsRememberedInOrderEachAccountApartWithoutCountingAsAChange(engine: TestEngine) throws
    {
        let fixture = try Fixture(engine)
        let bob = try fixture.test.addUser("bob")
        let writes = fixture.test.store.writeCount
        try fixture.recent.record([
            ("bike", fixture.alice, Date(millisecondsSince1970: 1)), ("tent", bob, Date(millisecondsSince1970: 1)),
            ("lamp", fixture.alice, Date(millisecondsSince1970: 2)), ("BIKE", fixture.alice, Date(millisecondsSince1970: 3)),
            ("BIKE", fixture.alice, Date(millisecondsSince1970: 4))
        ])
        #expect(try fixture.queries() == ["BIKE", "lamp"])
        #expect(try fixture.recent.list(owner: fixture.alice).first?.searchedAt == Date(millisecondsSince1970: 3))
        #expect(try fixture.recent.list(owner: bob).map(\.query) == ["tent"])
        #expect(fixture.test.store.writeCount == writes)
    }

    /// Many people searching a few words: each query is written once, at its last search, and
    /// the list is what writing every search in turn would leave, its ids kept.
    @Test(arguments: TestEngine.allCases) func aBatchRepeatingQueriesEndsAsIfEachWereWritten(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let lamp = try fixture.recent.record("lamp", owner: fixture.alice, now: Date(millisecondsSince1970: 1))
        let words = ["bike", "lamp", "tent", "bike", "mug", "lamp", "bike", "tent"]
        try fixture.recent.record(words.enumerated().map { ($1, fixture.alice, Date(millisecondsSince1970: 10 + Int64($0))) })
        #expect(try fixture.queries() == ["tent", "bike", "lamp", "mug"])
        let list = try fixture.recent.list(owner: fixture.alice)
        #expect(list.map(\.searchedAt.millisecondsSince1970) == [17, 16, 15, 14])
        #expect(list[2].id == lamp.id)
    }

    @Test(arguments: TestEngine.allCases) func onlyTheLatestTwentyAreKept(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        for index in 1...25 {
            try fixture.recent.record("query \(index)", owner: fixture.alice)
        }
        #expect(try fixture.queries() == (6...25).reversed().map { "query \($0)" })
    }

    @Test(arguments: TestEngine.allCases) func deleteOne(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.recent.record("keep", owner: fixture.alice)
        let gone = try fixture.recent.record("forget", owner: fixture.alice)
        #expect(try fixture.recent.delete(gone.id, owner: fixture.alice))
        #expect(try fixture.queries() == ["keep"])
        #expect(try fixture.recent.delete(gone.id, owner: fixture.alice) == false)
    }

    @Test(arguments: TestEngine.allCases) func clearAll(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.recent.record("a", owner: fixture.alice)
        try fixture.recent.record("b", owner: fixture.alice)
        try fixture.recent.clear(owner: fixture.alice)
        #expect(try fixture.queries().isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func emptyQueryIsNotRecorded(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        #expect(throws: ValidationError.self) { try fixture.recent.record("   ", owner: fixture.alice) }
        #expect(try fixture.queries().isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func aNULIsKeptAsAReplacementCharacter(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.recent.record("a\u{0}b", owner: fixture.alice)
        #expect(try fixture.queries() == ["a\u{FFFD}b"])
    }

    @Test func theSameSearchRecordedTwiceAtOnceIsKeptOnceOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (recent, alice) = (fixture.recent, fixture.alice)
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "recent_searches", ["bike", "Bike"]) { text in
            try recent.record(text, owner: alice)
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "\(outcomes)")
        #expect(try fixture.queries().count == 1)
    }
}
