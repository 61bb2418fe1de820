import Foundation
import Testing
import WishlistClient
import WishlistCore

/// `GET /api/v1/search` over HTTP: memo and site matches, each group paged with its cursor and
/// total, only the groups asked for, and bad parameters refused.
@Suite struct SearchAPITests {
    /// Every item of one group, page after page, and each page's total.
    static func all<Item: Codable & Sendable>(
        _ client: WishlistClient, _ query: String, _ group: SearchGroup, limit: Int, of type: Item.Type
    ) async throws -> (items: [Item], totals: Set<Int>) {
        var items: [Item] = []
        var totals = Set<Int>()
        var cursor: String?
        repeat {
            let page = try await client.searchPage(query, group: group, cursor: cursor, limit: limit, of: type)
            items += page.items
            totals.insert(page.total)
            cursor = page.nextCursor
            // A cursor that leads back to earlier pages would page forever.
            try #require(items.count <= page.total, "more items than the group's total: the cursor repeats pages")
        } while cursor != nil
        return (items, totals)
    }

    @Test func memoAndSiteMatchesComeInTheirOwnGroupAndStayPrivate() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let jacket = try await alice.createWish(WishDraft(name: "Jacket", link: "https://www.musinsa.com/app/goods/1"))
        let gift = try await alice.createWish(WishDraft(name: "생일 선물", memo: "엄마 가방을 고르기"))
        _ = try await bob.createWish(WishDraft(name: "Bob's", memo: "가방은 비밀", link: "https://musinsa.com/b"))

        let found = try await alice.search("musinsa")
        #expect(found.byText.map(\.id) == [jacket.id] && found.byName.isEmpty)
        #expect(found.paging.byText?.total == 1)
        #expect(try await alice.search("가방").byText.map(\.id) == [gift.id])
        #expect(try await bob.search("엄마").byText.isEmpty)
        #expect(try await bob.search("가방").byText.map(\.name) == ["Bob's"])

        _ = try await alice.updateWish(gift.id, WishPatch(memo: .set("아빠 지갑")))
        #expect(try await alice.search("가방").byText.isEmpty)
        #expect(try await alice.search("지갑").byText.map(\.id) == [gift.id])
    }

    @Test func everyGroupPagesEveryMatchOnce() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        var wishes: [Wish] = []
        for index in 1...7 {
            wishes.append(try await alice.createWish(WishDraft(name: "Lamp \(index)", memo: "lamp note", tags: ["lamp"])))
        }
        // Newest day first, a day's entries newest created first, across pages of two: pages end
        // between entries of one day, and on a day before the year 1000 (the cursor keeps the day
        // as a number).
        var entries: [JournalEntry] = []
        for (index, date) in ["0500-01-01", "2026-05-03", "0999-12-31", "2026-05-02", "2026-05-03", "2026-05-05", "2026-05-03"]
            .enumerated()
        {
            entries.append(try await alice.createJournalEntry(JournalDraft(title: "Lamp \(index)", date: date)))
        }
        let journalOrder = entries.enumerated().sorted { ($0.element.date, $0.offset) > ($1.element.date, $1.offset) }
            .map(\.element.id)
        for group in [SearchGroup.byName, .byTag, .byText] {
            let (items, totals) = try await Self.all(alice, "lamp", group, limit: 3, of: Wish.self)
            #expect(items.map(\.id) == wishes.reversed().map(\.id), "\(group)")
            #expect(totals == [7], "\(group)")
        }
        let (found, totals) = try await Self.all(alice, "lamp", .journal, limit: 2, of: JournalEntry.self)
        #expect(found.map(\.id) == journalOrder)
        #expect(totals == [7])

        // The first answer's cursor continues the group after its first page.
        let first = try await alice.search("lamp", limit: 3)
        #expect(first.byName.count == 3 && first.paging.byName?.total == 7 && first.paging.byName?.totalIsCapped == false)
        #expect(first.paging.journal?.total == 7)
        let second = try await alice.searchPage(
            "lamp", group: .byName, cursor: first.paging.byName?.nextCursor, limit: 3, of: Wish.self)
        #expect(second.items.map(\.id) == wishes.reversed().dropFirst(3).prefix(3).map(\.id))
    }

    @Test func onlyTheGroupsAskedForAreAnswered() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await alice.createWish(WishDraft(name: "Seoul lamp", memo: "Seoul", tags: ["seoul"]))
        let result = try await alice.search("seoul", groups: [.byTag, .places])
        #expect(result.byTag.count == 1 && result.paging.byTag?.total == 1)
        #expect(result.byName.isEmpty && result.paging.byName == nil)
        #expect(result.byText.isEmpty && result.paging.byText == nil && result.paging.journal == nil)
        #expect(!result.places.isEmpty)
    }

    @Test func answersAreTheEncodersBytes() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for index in 1...3 { _ = try await alice.createWish(WishDraft(name: "가방 \(index)", memo: "가방 \"x\"")) }
        for (path, type) in [
            ("/api/v1/search?q=%EA%B0%80%EB%B0%A9&limit=2", WishSearchResult.self),
            ("/api/v1/search?q=%EA%B0%80%EB%B0%A9&groups=byText", WishSearchResult.self),
            ("/api/v1/search?q=%EA%B0%80%EB%B0%A9&group=byText&limit=2", SearchPage<Wish>.self)
        ] as [(String, any Codable.Type)] {
            let answer = try await alice.send("GET", path)
            #expect(answer.status == 200, "\(path)")
            let reencoded = try JSONCoding.encoder().encode(JSONCoding.decoder().decode(type, from: answer.body))
            #expect(answer.body == reencoded, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    @Test func pagingOnIsNotANewRecentSearch() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for index in 1...3 { _ = try await alice.createWish(WishDraft(name: "Lamp \(index)")) }
        let first = try await alice.searchPage("lamp", group: .byName, limit: 1, of: Wish.self)
        try await alice.clearRecentSearches()
        _ = try await alice.searchPage("lamp", group: .byName, cursor: first.nextCursor, limit: 1, of: Wish.self)
        #expect(try await alice.recentSearches().isEmpty)
    }

    @Test func hostileParametersAre400JSON() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        for index in 1...3 { _ = try await alice.createWish(WishDraft(name: "Lamp \(index)")) }
        let cursor = try #require(try await alice.search("lamp", limit: 1).paging.byName?.nextCursor)
        let cases: [(String, String)] = [
            ("group=byEverything", "invalid_group"), ("group=places", "invalid_group"), ("groups=byName,x", "invalid_group"),
            ("groups=", "invalid_group"), ("group=byName&groups=byTag", "invalid_groups"), ("limit=0", "invalid_limit"),
            ("limit=101", "invalid_limit"), ("limit=-1", "invalid_limit"), ("limit=1e3", "invalid_limit"),
            ("cursor=\(cursor)", "cursor_needs_group"), ("group=byName&cursor=%21%21", "invalid_cursor"),
            ("group=byName&cursor=%00%FF", "invalid_query"),
            ("group=byTag&cursor=\(cursor)", "invalid_cursor"), ("group=journal&cursor=\(cursor)", "invalid_cursor"),
            ("group=spots&cursor=zzz", "invalid_cursor"),
            ("group=byName&cursor=\(String(repeating: "A", count: 5000))", "invalid_cursor")
        ]
        for (parameters, code) in cases {
            let answer = try await alice.send("GET", "/api/v1/search?q=lamp&\(parameters)")
            #expect(answer.status == 400, "\(parameters)")
            let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: Any]]
            #expect(body?["error"]?["code"] as? String == code, "\(parameters): \(String(decoding: answer.body, as: UTF8.self))")
        }
        // Alice's cursor is not Bob's.
        let answer = try await bob.send("GET", "/api/v1/search?q=lamp&group=byName&cursor=\(cursor)")
        #expect(answer.status == 400)
    }
}
