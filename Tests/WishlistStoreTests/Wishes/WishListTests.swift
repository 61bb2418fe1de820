import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

@Suite struct WishListTests {
    let fixture: TestStore
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    private var wishes: WishRepository { fixture.wishes }

    /// Every page of a list, following cursors to the end.
    private func allPages(_ query: WishListQuery, owner: UserKey) throws -> [[Wish]] {
        var pages: [[Wish]] = []
        var query = query
        while true {
            let page = try wishes.list(query, owner: owner)
            pages.append(page.items)
            guard let next = page.nextCursor else { return pages }
            query.cursor = next
        }
    }

    @Test(arguments: WishSort.allCases)
    func pagingReturnsEveryWishExactlyOnceInOrder(sort: WishSort) throws {
        // Same-millisecond wishes and repeated names make the id tie-breaker matter.
        var created: [Wish] = []
        for index in 0..<23 {
            created.append(
                try wishes.create(
                    WishDraft(name: ["pear", "Apple", "fig", "apple"][index % 4]), owner: alice,
                    now: Date(millisecondsSince1970: Int64(1_000 + index / 3))))
        }
        let pages = try allPages(WishListQuery(sort: sort, limit: 5), owner: alice)
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

    @Test func aFullLastPageHasNoNextCursor() throws {
        try fixture.add(["a", "b", "c", "d"], owner: alice)
        let pages = try allPages(WishListQuery(limit: 2), owner: alice)
        #expect(pages.map(\.count) == [2, 2])
    }

    @Test func pagesDoNotShiftWhenWishesAreAddedMeanwhile() throws {
        try fixture.add((1...6).map { "old \($0)" }, owner: alice)
        let first = try wishes.list(WishListQuery(limit: 3), owner: alice)
        try fixture.add(["new"], owner: alice, startingAt: 5_000)
        let second = try wishes.list(WishListQuery(limit: 3, cursor: first.nextCursor), owner: alice)
        #expect(first.items.map(\.name) == ["old 6", "old 5", "old 4"])
        #expect(second.items.map(\.name) == ["old 3", "old 2", "old 1"])
    }

    @Test func defaultLimitIsTwentyFour() throws {
        try fixture.add((1...30).map { "w\($0)" }, owner: alice)
        #expect(try wishes.list(WishListQuery(), owner: alice).items.count == 24)
    }

    @Test func tagFilterIgnoresCaseAndSpacingAndPages() throws {
        try fixture.add((1...7).map { "tagged \($0)" }, owner: alice, tags: ["Road Trip"])
        try fixture.add(["other"], owner: alice, tags: ["road"])
        for sort in WishSort.allCases {
            let listed = try allPages(WishListQuery(tag: " ROAD   trip", sort: sort, limit: 3), owner: alice).flatMap { $0 }
            #expect(listed.count == 7)
            #expect(Set(listed.map(\.name)).count == 7)
            #expect(listed.allSatisfy { $0.tags == ["Road Trip"] })
        }
        #expect(try wishes.list(WishListQuery(tag: "Trip"), owner: alice).items.isEmpty)
    }

    @Test func bothWaysOfATagFilterInNameOrderGiveTheSamePages() throws {
        try fixture.add(["kiwi", "Apple", "fig", "apple", "date", "Fig", "banana"], owner: alice, tags: ["fruit"])
        try fixture.add(["apricot", "cherry"], owner: alice, tags: ["other"])
        func pages(walksNames: Bool) throws -> [[String]] {
            var query = try WishListQuery(tag: "FRUIT", sort: .name, limit: 3)
            var names: [[String]] = []
            while true {
                let page = try wishes.page(query, owner: alice, walksNames: walksNames)
                names.append(page.items.map(\.name))
                guard let next = page.nextCursor else { return names }
                query.cursor = next
            }
        }
        let walked = try pages(walksNames: true)
        #expect(walked == [["Apple", "apple", "banana"], ["date", "fig", "Fig"], ["kiwi"]])
        #expect(try pages(walksNames: false) == walked)
    }

    @Test func favoriteFilterWithAndWithoutTag() throws {
        let made = try fixture.add(["a", "b", "c", "d"], owner: alice, tags: ["gift"])
        try fixture.add(["e"], owner: alice, startingAt: 2_000)
        _ = try wishes.setFavorite(true, made[1].id, owner: alice)
        _ = try wishes.setFavorite(true, made[3].id, owner: alice)
        #expect(try wishes.list(WishListQuery(favorite: true), owner: alice).items.map(\.name) == ["d", "b"])
        #expect(try wishes.list(WishListQuery(favorite: false), owner: alice).items.map(\.name) == ["e", "c", "a"])
        #expect(try wishes.list(WishListQuery(favorite: true, tag: "GIFT", sort: .name), owner: alice).items.map(\.name) == ["b", "d"])
        let favoritePages = try allPages(WishListQuery(favorite: true, limit: 1), owner: alice)
        #expect(favoritePages.flatMap { $0 }.map(\.name) == ["d", "b"])
    }

    @Test(arguments: ["garbage", "", "%%%", "AAAAAAAAAAAAAAAAAAAAAAAA", String(repeating: "x", count: 5000)])
    func garbageCursorIsInvalid(cursor: String) throws {
        try fixture.add(["a"], owner: alice)
        let query = try WishListQuery(cursor: cursor)
        if query.cursor == nil {
            #expect(try wishes.list(query, owner: alice).items.count == 1)
        } else {
            #expect(throws: InvalidCursorError()) { try wishes.list(query, owner: alice) }
        }
    }

    @Test func tamperedCursorIsInvalid() throws {
        try fixture.add(["a", "b", "c"], owner: alice)
        let cursor = try #require(try wishes.list(WishListQuery(limit: 1), owner: alice).nextCursor)
        var bytes = Array(cursor)
        let middle = bytes.count / 2
        bytes[middle] = bytes[middle] == "A" ? "B" : "A"
        #expect(throws: InvalidCursorError()) {
            try wishes.list(WishListQuery(limit: 1, cursor: String(bytes)), owner: alice)
        }
    }

    @Test func cursorOfAnotherListIsInvalid() throws {
        try fixture.add(["a", "b", "c"], owner: alice, tags: ["t"])
        let cursor = try #require(try wishes.list(WishListQuery(limit: 1), owner: alice).nextCursor)
        for other in [
            try WishListQuery(sort: .name, limit: 1, cursor: cursor),
            try WishListQuery(sort: .oldest, limit: 1, cursor: cursor),
            try WishListQuery(favorite: true, limit: 1, cursor: cursor),
            try WishListQuery(tag: "t", limit: 1, cursor: cursor)
        ] {
            #expect(throws: InvalidCursorError()) { try wishes.list(other, owner: alice) }
        }
        // A different page size is the same list.
        #expect(try wishes.list(WishListQuery(limit: 5, cursor: cursor), owner: alice).items.map(\.name) == ["b", "a"])
    }
}
