import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// Each search group pages with its own cursor, in the order of its first page, every match once,
/// with a total counted up to the bound.
@Suite struct SearchPagingTests {
    let fixture: TestStore
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    /// Every page of `group` at `limit`, and the totals each page reported.
    private func allPages(_ group: SearchGroup, _ text: String, limit: Int, owner: UserKey? = nil) throws -> (
        names: [String], totals: Set<Int>
    ) {
        var names: [String] = []
        var totals = Set<Int>()
        var cursor: String?
        repeat {
            let page = try fixture.wishes.searchPage(
                group, SearchQuery(text: text, group: group, cursor: cursor, limit: limit), owner: owner ?? alice)
            #expect(page.items.count <= limit)
            names += page.items.map(\.name)
            totals.insert(page.total)
            cursor = page.nextCursor
        } while cursor != nil
        return (names, totals)
    }

    @Test(arguments: [1, 2, 3, 100])
    func namePagesVisitEveryMatchOnceInRankOrder(limit: Int) throws {
        // Oldest to newest: exact, prefix and mid-word names interleaved in time.
        try fixture.add(
            ["Camping lamp", "Lamp", "Lamp shade", "Desk lamp", "Lamp post", "Lamp", "Floor lamp", "Kettle"], owner: alice)
        let (names, totals) = try allPages(.byName, "lamp", limit: limit)
        #expect(names == ["Lamp", "Lamp", "Lamp post", "Lamp shade", "Floor lamp", "Desk lamp", "Camping lamp"])
        #expect(totals == [7])
    }

    @Test(arguments: [1, 2, 100])
    func tagPagesListAWishOnceUnderItsBestTag(limit: Int) throws {
        // "trip" exactly, then tags starting with it, then tags containing it.
        try fixture.wishes.create(WishDraft(name: "A", tags: ["roadtrip", "trip"]), owner: alice, now: Date(millisecondsSince1970: 1))
        try fixture.wishes.create(WishDraft(name: "B", tags: ["tripod"]), owner: alice, now: Date(millisecondsSince1970: 2))
        try fixture.wishes.create(WishDraft(name: "C", tags: ["roadtrip"]), owner: alice, now: Date(millisecondsSince1970: 3))
        try fixture.wishes.create(WishDraft(name: "D", tags: ["trip", "tripod"]), owner: alice, now: Date(millisecondsSince1970: 4))
        try fixture.wishes.create(WishDraft(name: "E", tags: ["tripod", "roadtrip"]), owner: alice, now: Date(millisecondsSince1970: 5))
        try fixture.wishes.create(WishDraft(name: "F", tags: ["other"]), owner: alice, now: Date(millisecondsSince1970: 6))
        let (names, totals) = try allPages(.byTag, "trip", limit: limit)
        #expect(names == ["D", "A", "E", "B", "C"])
        #expect(totals == [5])
    }

    @Test(arguments: [1, 2, 100])
    func memoPagesVisitEveryMatchOnceNewestFirst(limit: Int) throws {
        for (index, memo) in ["gift for mum", "nothing", "a gift", "gifts galore", "giftwrap"].enumerated() {
            try fixture.wishes.create(WishDraft(name: "W\(index)", memo: memo), owner: alice)
        }
        let (names, totals) = try allPages(.byText, "gift", limit: limit)
        #expect(names == ["W4", "W3", "W2", "W0"])
        #expect(totals == [4])
    }

    @Test func theFirstAnswerCarriesEachGroupsCursorAndTotal() throws {
        try fixture.add((1...5).map { "Lamp \($0)" }, owner: alice, tags: ["lamp"])
        let result = try fixture.wishes.search(SearchQuery(text: "lamp", limit: 2), owner: alice)
        #expect(result.byName.count == 2 && result.byTag.count == 2)
        #expect(result.paging.byName?.total == 5 && result.paging.byName?.totalIsCapped == false)
        #expect(result.paging.byTag?.total == 5)
        #expect(result.paging.byText == SearchGroupSummary(nextCursor: nil, total: 0, totalIsCapped: false))
        let second = try fixture.wishes.searchPage(
            .byName, SearchQuery(text: "lamp", group: .byName, cursor: result.paging.byName?.nextCursor, limit: 2), owner: alice)
        #expect(Set(second.items.map(\.id)).isDisjoint(with: result.byName.map(\.id)))
    }

    @Test func onlyTheGroupsAskedForAreComputed() throws {
        try fixture.add(["Lamp"], owner: alice, tags: ["lamp"])
        let result = try fixture.wishes.search(SearchQuery(text: "lamp", groups: [.byTag]), owner: alice)
        #expect(result.byName.isEmpty && result.paging.byName == nil)
        #expect(result.byTag.map(\.name) == ["Lamp"] && result.paging.byTag?.total == 1)
        #expect(result.paging.byText == nil)
    }

    /// Alice's wishes `draft(0)` to `draft(totalBound)`, one more than a total counts, a
    /// millisecond apart, in one transaction.
    private func addPastTheBound(_ draft: (Int) -> WishDraft) throws {
        try fixture.store.database.write { db in
            for index in 0...SearchPage<Wish>.totalBound {
                _ = try WishRepository.insert(
                    draft(index).validated(), id: UUID(), owner: alice, now: Date(millisecondsSince1970: Int64(index)), db)
            }
        }
    }

    @Test func totalsStopAtTheBoundAndSaySo() throws {
        let bound = SearchPage<Wish>.totalBound
        try addPastTheBound { WishDraft(name: "Cap \($0)", memo: "cap note", tags: ["cap"]) }
        let capped = try fixture.wishes.search(SearchQuery(text: "cap", limit: 1), owner: alice)
        for summary in [capped.paging.byName, capped.paging.byTag, capped.paging.byText] {
            #expect(summary?.total == bound && summary?.totalIsCapped == true)
        }
        let exact = try fixture.wishes.search(SearchQuery(text: "cap 99"), owner: alice)
        // "Cap 99", "Cap 990"…"Cap 999" start with it; "Cap 199"…"Cap 899" hold it.
        #expect(exact.paging.byName?.total == 19 && exact.paging.byName?.totalIsCapped == false)
    }

    @Test func aTagTotalFollowsTheWishesThatCarryTheTag() throws {
        let lamps = try fixture.add(["Lamp 1", "Lamp 2", "Lamp 3"], owner: alice, tags: ["lamp"])
        try fixture.add(["Lamp 4"], owner: try fixture.addUser("bob"), tags: ["lamp"])
        try fixture.library.delete(\.wishes, lamps[0].id, owner: alice)
        var total = try fixture.wishes.search(SearchQuery(text: "lamp", groups: [.byTag]), owner: alice).paging.byTag?.total
        #expect(total == 2)
        _ = try fixture.library.update(\.wishes, lamps[1].id, owner: alice, with: WishPatch(tags: ["desk"]))
        total = try fixture.wishes.search(SearchQuery(text: "lamp", groups: [.byTag]), owner: alice).paging.byTag?.total
        #expect(total == 1)
    }

    @Test func aTagPastTheBoundCapsTheTotalOfSeveralTags() throws {
        let bound = SearchPage<Wish>.totalBound
        try addPastTheBound { WishDraft(name: "Cap \($0)", tags: $0 == 0 ? ["cap", "capsule"] : ["cap"]) }
        let summary = try fixture.wishes.search(SearchQuery(text: "cap", groups: [.byTag]), owner: alice).paging.byTag
        #expect(summary?.total == bound && summary?.totalIsCapped == true)
        let capsules = try fixture.wishes.search(SearchQuery(text: "capsule", groups: [.byTag]), owner: alice).paging.byTag
        #expect(capsules?.total == 1 && capsules?.totalIsCapped == false)
    }

    @Test func aCursorIsRefusedByAnotherGroupAndAnotherAccount() throws {
        let bob = try fixture.addUser("bob")
        try fixture.add(["Lamp 1", "Lamp 2"], owner: alice, tags: ["lamp"])
        try fixture.add(["Lamp 1", "Lamp 2"], owner: bob, tags: ["lamp"])
        let cursor = try #require(try fixture.wishes.search(SearchQuery(text: "lamp", limit: 1), owner: alice).paging.byName?.nextCursor)
        #expect(throws: InvalidCursorError.self) {
            try fixture.wishes.searchPage(.byTag, SearchQuery(text: "lamp", group: .byTag, cursor: cursor), owner: alice)
        }
        #expect(throws: InvalidCursorError.self) {
            try fixture.wishes.searchPage(.byName, SearchQuery(text: "lamp", group: .byName, cursor: cursor), owner: bob)
        }
        for garbage in ["x", "eyJ9", String(repeating: "A", count: 3000)] {
            #expect(throws: InvalidCursorError.self) {
                try fixture.wishes.searchPage(.byName, SearchQuery(text: "lamp", group: .byName, cursor: garbage), owner: alice)
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
