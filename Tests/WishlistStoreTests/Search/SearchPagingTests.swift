import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// Each search group pages with its own cursor, in the order of its first page, every match once,
/// with a total counted up to the bound, on both engines.
@Suite struct SearchPagingTests {
    /// A new store on `engine` with the account alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        /// Every page of `group` at `limit`, and the totals each page reported.
        func allPages(_ group: SearchGroup, _ text: String, limit: Int, owner: UserKey? = nil) throws -> (
            names: [String], totals: Set<Int>
        ) {
            var names: [String] = []
            var totals = Set<Int>()
            var cursor: String?
            repeat {
                let page = try test.wishes.searchPage(
                    group, SearchQuery(text: text, group: group, cursor: cursor, limit: limit), owner: owner ?? alice)
                #expect(page.items.count <= limit)
                names += page.items.map(\.name)
                totals.insert(page.total)
                cursor = page.nextCursor
            } while cursor != nil
            return (names, totals)
        }

        /// Alice's wishes `draft(0)` to `draft(totalBound)`, one more than a total counts, a
        /// millisecond apart, in one transaction.
        func addPastTheBound(_ draft: (Int) -> WishDraft) throws {
            try test.store.database.write { db in
                for index in 0...SearchPage<Wish>.totalBound {
                    _ = try WishRepository.insert(
                        draft(index).validated(), id: UUID(), owner: alice, now: Date(millisecondsSince1970: Int64(index)), db)
                }
            }
        }
    }

    @Test(arguments: TestEngine.allCases, [1, 2, 3, 100])
    func namePagesVisitEveryMatchOnceInRankOrder(engine: TestEngine, limit: Int) throws {
        let fixture = try Fixture(engine)
        // Oldest to newest: exact, prefix and mid-word names interleaved in time.
        try fixture.test.add(
            ["Camping lamp", "Lamp", "Lamp shade", "Desk lamp", "Lamp post", "Lamp", "Floor lamp", "Kettle"], owner: fixture.alice)
        let (names, totals) = try fixture.allPages(.byName, "lamp", limit: limit)
        #expect(names == ["Lamp", "Lamp", "Lamp post", "Lamp shade", "Floor lamp", "Desk lamp", "Camping lamp"])
        #expect(totals == [7])
    }

    @Test(arguments: TestEngine.allCases, [1, 2, 100])
    func tagPagesListAWishOnceUnderItsBestTag(engine: TestEngine, limit: Int) throws {
        let fixture = try Fixture(engine)
        // "trip" exactly, then tags starting with it, then tags containing it.
        _ = try fixture.test.wishes.create(
            WishDraft(name: "A", tags: ["roadtrip", "trip"]), owner: fixture.alice, now: Date(millisecondsSince1970: 1))
        _ = try fixture.test.wishes.create(
            WishDraft(name: "B", tags: ["tripod"]), owner: fixture.alice, now: Date(millisecondsSince1970: 2))
        _ = try fixture.test.wishes.create(
            WishDraft(name: "C", tags: ["roadtrip"]), owner: fixture.alice, now: Date(millisecondsSince1970: 3))
        _ = try fixture.test.wishes.create(
            WishDraft(name: "D", tags: ["trip", "tripod"]), owner: fixture.alice, now: Date(millisecondsSince1970: 4))
        _ = try fixture.test.wishes.create(
            WishDraft(name: "E", tags: ["tripod", "roadtrip"]), owner: fixture.alice, now: Date(millisecondsSince1970: 5))
        _ = try fixture.test.wishes.create(WishDraft(name: "F", tags: ["other"]), owner: fixture.alice, now: Date(millisecondsSince1970: 6))
        let (names, totals) = try fixture.allPages(.byTag, "trip", limit: limit)
        #expect(names == ["D", "A", "E", "B", "C"])
        #expect(totals == [5])
    }

    @Test(arguments: TestEngine.allCases, [1, 2, 100])
    func memoPagesVisitEveryMatchOnceNewestFirst(engine: TestEngine, limit: Int) throws {
        let fixture = try Fixture(engine)
        for (index, memo) in ["gift for mum", "nothing", "a gift", "gifts galore", "giftwrap"].enumerated() {
            _ = try fixture.test.wishes.create(WishDraft(name: "W\(index)", memo: memo), owner: fixture.alice)
        }
        let (names, totals) = try fixture.allPages(.byText, "gift", limit: limit)
        #expect(names == ["W4", "W3", "W2", "W0"])
        #expect(totals == [4])
    }

    @Test(arguments: TestEngine.allCases) func theFirstAnswerCarriesEachGroupsCursorAndTotal(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add((1...5).map { "Lamp \($0)" }, owner: fixture.alice, tags: ["lamp"])
        let result = try fixture.test.wishes.search(SearchQuery(text: "lamp", limit: 2), owner: fixture.alice)
        #expect(result.byName.count == 2 && result.byTag.count == 2)
        #expect(result.paging.byName?.total == 5 && result.paging.byName?.totalIsCapped == false)
        #expect(result.paging.byTag?.total == 5)
        #expect(result.paging.byText == SearchGroupSummary(nextCursor: nil, total: 0, totalIsCapped: false))
        let second = try fixture.test.wishes.searchPage(
            .byName, SearchQuery(text: "lamp", group: .byName, cursor: result.paging.byName?.nextCursor, limit: 2), owner: fixture.alice)
        #expect(Set(second.items.map(\.id)).isDisjoint(with: result.byName.map(\.id)))
    }

    @Test(arguments: TestEngine.allCases) func onlyTheGroupsAskedForAreComputed(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["Lamp"], owner: fixture.alice, tags: ["lamp"])
        let result = try fixture.test.wishes.search(SearchQuery(text: "lamp", groups: [.byTag]), owner: fixture.alice)
        #expect(result.byName.isEmpty && result.paging.byName == nil)
        #expect(result.byTag.map(\.name) == ["Lamp"] && result.paging.byTag?.total == 1)
        #expect(result.paging.byText == nil)
    }

    @Test(arguments: TestEngine.allCases) func totalsStopAtTheBoundAndSaySo(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bound = SearchPage<Wish>.totalBound
        try fixture.addPastTheBound { WishDraft(name: "Cap \($0)", memo: "cap note", tags: ["cap"]) }
        let capped = try fixture.test.wishes.search(SearchQuery(text: "cap", limit: 1), owner: fixture.alice)
        for summary in [capped.paging.byName, capped.paging.byTag, capped.paging.byText] {
            #expect(summary?.total == bound && summary?.totalIsCapped == true)
        }
        let exact = try fixture.test.wishes.search(SearchQuery(text: "cap 99"), owner: fixture.alice)
        // "Cap 99", "Cap 990"…"Cap 999" start with it; "Cap 199"…"Cap 899" hold it.
        #expect(exact.paging.byName?.total == 19 && exact.paging.byName?.totalIsCapped == false)
    }

    @Test(arguments: TestEngine.allCases) func aTagTotalFollowsTheWishesThatCarryTheTag(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let lamps = try fixture.test.add(["Lamp 1", "Lamp 2", "Lamp 3"], owner: fixture.alice, tags: ["lamp"])
        try fixture.test.add(["Lamp 4"], owner: try fixture.test.addUser("bob"), tags: ["lamp"])
        try fixture.test.library.delete(\.wishes, lamps[0].id, owner: fixture.alice)
        var total = try fixture.test.wishes.search(SearchQuery(text: "lamp", groups: [.byTag]), owner: fixture.alice).paging.byTag?.total
        #expect(total == 2)
        _ = try fixture.test.library.update(\.wishes, lamps[1].id, owner: fixture.alice, with: WishPatch(tags: ["desk"]))
        total = try fixture.test.wishes.search(SearchQuery(text: "lamp", groups: [.byTag]), owner: fixture.alice).paging.byTag?.total
        #expect(total == 1)
    }

    @Test(arguments: TestEngine.allCases) func aTagPastTheBoundCapsTheTotalOfSeveralTags(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bound = SearchPage<Wish>.totalBound
        try fixture.addPastTheBound { WishDraft(name: "Cap \($0)", tags: $0 == 0 ? ["cap", "capsule"] : ["cap"]) }
        let summary = try fixture.test.wishes.search(SearchQuery(text: "cap", groups: [.byTag]), owner: fixture.alice).paging.byTag
        #expect(summary?.total == bound && summary?.totalIsCapped == true)
        let capsules = try fixture.test.wishes.search(SearchQuery(text: "capsule", groups: [.byTag]), owner: fixture.alice).paging.byTag
        #expect(capsules?.total == 1 && capsules?.totalIsCapped == false)
    }

    @Test(arguments: TestEngine.allCases) func aCursorIsRefusedByAnotherGroupAndAnotherAccount(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bob = try fixture.test.addUser("bob")
        try fixture.test.add(["Lamp 1", "Lamp 2"], owner: fixture.alice, tags: ["lamp"])
        try fixture.test.add(["Lamp 1", "Lamp 2"], owner: bob, tags: ["lamp"])
        let cursor = try #require(
            try fixture.test.wishes.search(SearchQuery(text: "lamp", limit: 1), owner: fixture.alice).paging.byName?.nextCursor)
        #expect(throws: InvalidCursorError.self) {
            try fixture.test.wishes.searchPage(.byTag, SearchQuery(text: "lamp", group: .byTag, cursor: cursor), owner: fixture.alice)
        }
        #expect(throws: InvalidCursorError.self) {
            try fixture.test.wishes.searchPage(.byName, SearchQuery(text: "lamp", group: .byName, cursor: cursor), owner: bob)
        }
        for garbage in ["x", "eyJ9", String(repeating: "A", count: 3000)] {
            #expect(throws: InvalidCursorError.self) {
                try fixture.test.wishes.searchPage(
                    .byName, SearchQuery(text: "lamp", group: .byName, cursor: garbage), owner: fixture.alice)
            }
        }
    }

    @Test func aPositionWritesTheEncodersBytes() throws {
        let position = SearchPosition(group: .journal, rank: -20_261_201, createdAt: 1_764_000_000_123, rowID: 42)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try JSONWriter.bytes(of: position) == Array(try encoder.encode(position)))
    }

    @Test func hostileParametersAreValidationErrors() throws {
        let cases: [[String: String]] = [
            ["q": "a", "group": "byEverything"], ["q": "a", "group": "places"], ["q": "a", "groups": "byName,nope"],
            ["q": "a", "groups": ""], ["q": "a", "group": "byName", "groups": "byTag"], ["q": "a", "limit": "0"],
            ["q": "a", "limit": "101"], ["q": "a", "limit": "ten"], ["q": "a", "cursor": "abc"], ["q": " "]
        ]
        for parameters in cases {
            #expect(throws: ValidationError.self, "\(parameters)") { try SearchQuery(parameters: parameters) }
        }
        let query = try SearchQuery(parameters: ["q": "a", "groups": "byName,journal"])
        #expect(query.groups == [.byName, .journal] && query.limit == 50)
    }
}
