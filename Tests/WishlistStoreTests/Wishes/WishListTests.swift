import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The wish list's keyset pages, filters and cursors on both engines.
@Suite struct WishListTests {
    /// A new store on `engine` with one account, alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var wishes: WishRepository { test.wishes }

        /// Every page of a list, following cursors to the end.
        func allPages(_ query: WishListQuery, owner: UserKey) throws -> [[Wish]] {
            var pages: [[Wish]] = []
            var query = query
            while true {
                let page = try wishes.list(query, owner: owner)
                pages.append(page.items)
                guard let next = page.nextCursor else { return pages }
                query.cursor = next
            }
        }
    }

    @Test(arguments: TestEngine.allCases, WishSort.allCases)
    func pagingReturnsEveryWishExactlyOnceInOrder(engine: TestEngine, sort: WishSort) throws {
        let fixture = try Fixture(engine)
        // Same-millisecond wishes and repeated names make the id tie-breaker matter.
        var created: [Wish] = []
        for index in 0..<23 {
            created.append(
                try fixture.wishes.create(
                    WishDraft(name: ["pear", "Apple", "fig", "apple"][index % 4]), owner: fixture.alice,
                    now: Date(millisecondsSince1970: Int64(1_000 + index / 3))))
        }
        let pages = try fixture.allPages(WishListQuery(sort: sort, limit: 5), owner: fixture.alice)
        #expect(pages.map(\.count) == [5, 5, 5, 5, 3])
        let listed = pages.flatMap { $0 }
        #expect(Set(listed.map(\.id)).count == created.count)
        #expect(Set(listed.map(\.id)) == Set(created.map(\.id)))
        let expected: [Wish]
        switch sort {
        case .newest: expected = created.reversed()
        case .oldest: expected = created
        case .name:
            expected = created.enumerated()
                .sorted { ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset) }
                .map(\.element)
        }
        #expect(listed.map(\.id) == expected.map(\.id))
    }

    @Test(arguments: TestEngine.allCases) func aFullLastPageHasNoNextCursor(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["a", "b", "c", "d"], owner: fixture.alice)
        let pages = try fixture.allPages(WishListQuery(limit: 2), owner: fixture.alice)
        #expect(pages.map(\.count) == [2, 2])
    }

    @Test(arguments: TestEngine.allCases) func pagesDoNotShiftWhenWishesAreAddedMeanwhile(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add((1...6).map { "old \($0)" }, owner: fixture.alice)
        let first = try fixture.wishes.list(WishListQuery(limit: 3), owner: fixture.alice)
        try fixture.test.add(["new"], owner: fixture.alice, startingAt: 5_000)
        let second = try fixture.wishes.list(WishListQuery(limit: 3, cursor: first.nextCursor), owner: fixture.alice)
        #expect(first.items.map(\.name) == ["old 6", "old 5", "old 4"])
        #expect(second.items.map(\.name) == ["old 3", "old 2", "old 1"])
    }

    @Test(arguments: TestEngine.allCases) func defaultLimitIsTwentyFour(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add((1...30).map { "w\($0)" }, owner: fixture.alice)
        #expect(try fixture.wishes.list(WishListQuery(), owner: fixture.alice).items.count == 24)
    }

    @Test(arguments: TestEngine.allCases) func tagFilterIgnoresCaseAndSpacingAndPages(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add((1...7).map { "tagged \($0)" }, owner: fixture.alice, tags: ["Road Trip"])
        try fixture.test.add(["other"], owner: fixture.alice, tags: ["road"])
        for sort in WishSort.allCases {
            let listed = try fixture.allPages(WishListQuery(tag: " ROAD   trip", sort: sort, limit: 3), owner: fixture.alice).flatMap { $0 }
            #expect(listed.count == 7)
            #expect(Set(listed.map(\.name)).count == 7)
            #expect(listed.allSatisfy { $0.tags == ["Road Trip"] })
        }
        #expect(try fixture.wishes.list(WishListQuery(tag: "Trip"), owner: fixture.alice).items.isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func bothWaysOfATagFilterInNameOrderGiveTheSamePages(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["kiwi", "Apple", "fig", "apple", "date", "Fig", "banana"], owner: fixture.alice, tags: ["fruit"])
        try fixture.test.add(["apricot", "cherry"], owner: fixture.alice, tags: ["other"])
        func pages(walksNames: Bool) throws -> [[String]] {
            var query = try WishListQuery(tag: "FRUIT", sort: .name, limit: 3)
            var names: [[String]] = []
            while true {
                let page = try fixture.wishes.page(query, owner: fixture.alice, walksNames: walksNames)
                names.append(page.items.map(\.name))
                guard let next = page.nextCursor else { return names }
                query.cursor = next
            }
        }
        let walked = try pages(walksNames: true)
        #expect(walked == [["Apple", "apple", "banana"], ["date", "fig", "Fig"], ["kiwi"]])
        #expect(try pages(walksNames: false) == walked)
    }

    @Test(arguments: TestEngine.allCases) func favoriteFilterWithAndWithoutTag(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let made = try fixture.test.add(["a", "b", "c", "d"], owner: fixture.alice, tags: ["gift"])
        try fixture.test.add(["e"], owner: fixture.alice, startingAt: 2_000)
        _ = try fixture.wishes.setFavorite(true, made[1].id, owner: fixture.alice)
        _ = try fixture.wishes.setFavorite(true, made[3].id, owner: fixture.alice)
        #expect(try fixture.wishes.list(WishListQuery(favorite: true), owner: fixture.alice).items.map(\.name) == ["d", "b"])
        #expect(try fixture.wishes.list(WishListQuery(favorite: false), owner: fixture.alice).items.map(\.name) == ["e", "c", "a"])
        #expect(
            try fixture.wishes.list(WishListQuery(favorite: true, tag: "GIFT", sort: .name), owner: fixture.alice).items.map(\.name) == [
                "b", "d"
            ])
        let favoritePages = try fixture.allPages(WishListQuery(favorite: true, limit: 1), owner: fixture.alice)
        #expect(favoritePages.flatMap { $0 }.map(\.name) == ["d", "b"])
    }

    @Test(arguments: TestEngine.allCases, ["garbage", "", "%%%", "AAAAAAAAAAAAAAAAAAAAAAAA", String(repeating: "x", count: 5000)])
    func garbageCursorIsInvalid(engine: TestEngine, cursor: String) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["a"], owner: fixture.alice)
        let query = try WishListQuery(cursor: cursor)
        if query.cursor == nil {
            #expect(try fixture.wishes.list(query, owner: fixture.alice).items.count == 1)
        } else {
            #expect(throws: InvalidCursorError()) { try fixture.wishes.list(query, owner: fixture.alice) }
        }
    }

    @Test(arguments: TestEngine.allCases) func tamperedCursorIsInvalid(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["a", "b", "c"], owner: fixture.alice)
        let cursor = try #require(try fixture.wishes.list(WishListQuery(limit: 1), owner: fixture.alice).nextCursor)
        var bytes = Array(cursor)
        let middle = bytes.count / 2
        bytes[middle] = bytes[middle] == "A" ? "B" : "A"
        #expect(throws: InvalidCursorError()) {
            try fixture.wishes.list(WishListQuery(limit: 1, cursor: String(bytes)), owner: fixture.alice)
        }
    }

    @Test(arguments: TestEngine.allCases) func cursorOfAnotherListIsInvalid(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["a", "b", "c"], owner: fixture.alice, tags: ["t"])
        let cursor = try #require(try fixture.wishes.list(WishListQuery(limit: 1), owner: fixture.alice).nextCursor)
        for other in [
            try WishListQuery(sort: .name, limit: 1, cursor: cursor),
            try WishListQuery(sort: .oldest, limit: 1, cursor: cursor),
            try WishListQuery(favorite: true, limit: 1, cursor: cursor),
            try WishListQuery(tag: "t", limit: 1, cursor: cursor)
        ] {
            #expect(throws: InvalidCursorError()) { try fixture.wishes.list(other, owner: fixture.alice) }
        }
        // A different page size is the same list.
        #expect(try fixture.wishes.list(WishListQuery(limit: 5, cursor: cursor), owner: fixture.alice).items.map(\.name) == ["b", "a"])
    }
}
