import Foundation
import Testing
import WishlistClient
import WishlistCore

@Suite struct WishesAPITests {
    @Test func createNormalisesAndAnswersWithLocationAndETag() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let answer = try await alice.send(
            "POST", "/api/v1/wishes",
            body: Data(#"{"name":"  Red   bike ","tags":[" Sport ","bike","SPORT","road  trip"],"link":"https://example.com/b"}"#.utf8))
        #expect(answer.status == 201)
        let wish = try JSONCoding.decoder().decode(Wish.self, from: answer.body)
        #expect(wish.name == "Red   bike")
        #expect(wish.tags == ["Sport", "bike", "road trip"])
        #expect(wish.version == 1)
        #expect(answer.headers["location"] == "/api/v1/wishes/\(wish.id.uuidString.lowercased())")
        #expect(answer.headers["etag"] == "\"1\"")
        #expect(try await alice.wish(wish.id) == wish)
    }

    @Test func everyRuleIsA400NamingTheFieldAndNothingIsStored() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let kept = try await alice.createWish(WishDraft(name: "Keep me", tags: ["a"]))
        let cases: [(String, String)] = [
            (#"{"name":"   "}"#, "name"),
            (#"{"name":"\#(String(repeating: "n", count: 201))"}"#, "name"),
            (#"{"name":"x","memo":"\#(String(repeating: "m", count: 10_001))"}"#, "memo"),
            (#"{"name":"x","link":"ftp://example.com/file"}"#, "link"),
            (#"{"name":"x","link":"javascript:alert(1)"}"#, "link"),
            (#"{"name":"x","link":"https://example.com/\#(String(repeating: "p", count: 2_048))"}"#, "link"),
            (#"{"name":"x","tags":[\#((1...21).map { "\"t\($0)\"" }.joined(separator: ","))]}"#, "tags"),
            (#"{"name":"x","tags":["\#(String(repeating: "t", count: 31))"]}"#, "tags"),
            (#"{"name":"x","tags":["  "]}"#, "tags"),
            (#"{"name":"x","place":{"name":"Nowhere","latitude":91,"longitude":0,"source":"manual"}}"#, "place.latitude")
        ]
        for (body, field) in cases {
            let answer = try await alice.send("POST", "/api/v1/wishes", body: Data(body.utf8))
            #expect(answer.status == 400, "\(body.prefix(60))")
            let error = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: String]]
            #expect(
                error?["error"]?["field"]?.hasPrefix(field) == true, "\(body.prefix(60)) → \(String(decoding: answer.body, as: UTF8.self))")
        }
        for malformed in [#"{"name":5}"#, #"{"name":"x","tags":"a"}"#, "{", "[]", ""] {
            let answer = try await alice.send("POST", "/api/v1/wishes", body: Data(malformed.utf8))
            #expect(answer.status == 400, "\(malformed)")
        }
        let huge = try await alice.send(
            "POST", "/api/v1/wishes", body: Data(#"{"name":"\#(String(repeating: "x", count: 3 << 20))"}"#.utf8))
        #expect(huge.status == 413)
        #expect(try await alice.wishes().items == [kept])
        #expect(try await alice.tags() == [TagCount(name: "a", count: 1)])
    }

    @Test func staleIfMatchIs412AndChangesNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let wish = try await alice.createWish(WishDraft(name: "Lamp", memo: "brass"))
        let renamed = try await alice.updateWish(wish.id, WishPatch(name: "Desk lamp"), expectedVersion: 1)
        #expect(renamed.version == 2)
        #expect(renamed.memo == "brass")
        await expectServerError(412, "stale_version") {
            _ = try await alice.updateWish(wish.id, WishPatch(name: "Floor lamp"), expectedVersion: 1)
        }
        #expect(try await alice.wish(wish.id).name == "Desk lamp")
        let badHeader = try await alice.send(
            "PATCH", "/api/v1/wishes/\(wish.id.uuidString.lowercased())", body: Data(#"{"name":"x"}"#.utf8),
            headers: ["If-Match": "yesterday"])
        #expect(badHeader.status == 400)
        let cleared = try await alice.updateWish(wish.id, WishPatch(memo: .clear))
        #expect(cleared.memo == nil)
        #expect(cleared.version == 3)
    }

    @Test func listFiltersSortsAndPagesEveryWishOnce() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        var created: [Wish] = []
        for index in 0..<7 {
            created.append(
                try await alice.createWish(
                    WishDraft(name: "Wish \(index)", tags: index.isMultiple(of: 2) ? ["even"] : [], favorite: index < 2)))
            server.clock.advance(by: 1)
        }
        var seen: [UUID] = []
        var query = try WishListQuery(limit: 3)
        while true {
            let page = try await alice.wishes(query)
            seen += page.items.map(\.id)
            guard let cursor = page.nextCursor else { break }
            query.cursor = cursor
        }
        #expect(seen == created.reversed().map(\.id))
        #expect(try await alice.wishes(WishListQuery(sort: .oldest)).items.map(\.id) == created.map(\.id))
        #expect(try await alice.wishes(WishListQuery(favorite: true)).items.count == 2)
        #expect(try await alice.wishes(WishListQuery(tag: "EVEN")).items.count == 4)
        for bad in ["sort=popular", "limit=0", "limit=101", "limit=ten", "cursor=garbage", "favorite=maybe"] {
            let answer = try await alice.send("GET", "/api/v1/wishes?\(bad)")
            #expect(answer.status == 400, "\(bad)")
        }
    }

    @Test func favoritesTagsSearchAndRecentSearches() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Red bike", tags: ["sport"]))
        let bag = try await alice.createWish(WishDraft(name: "여행 가방", tags: ["travel", "sport"]))
        #expect(try await alice.setFavorite(bike.id, true).favorite)
        #expect(try await alice.wishes(WishListQuery(favorite: true)).items.map(\.id) == [bike.id])
        #expect(try await !alice.setFavorite(bike.id, false).favorite)
        #expect(try await alice.tags().first == TagCount(name: "sport", count: 2))

        #expect(try await alice.search("bik").byName.map(\.id) == [bike.id])
        #expect(try await alice.search("가방").byName.map(\.id) == [bag.id])
        #expect(try await alice.search("travel").byTag.map(\.id) == [bag.id])
        for hostile in [#""bike"#, "NEAR(a b)", "bi*", "-bike", "(((", "a OR b", "%", "'; DROP TABLE wishes; --"] {
            let answer = try await alice.send(
                "GET", WishlistClient.pathWithQuery("/api/v1/search", [URLQueryItem(name: "q", value: hostile)]))
            #expect(answer.status == 200, "\(hostile)")
        }
        #expect(try await alice.send("GET", "/api/v1/search?q=%20%20").status == 400)
        #expect(try await alice.send("GET", "/api/v1/search").status == 400)

        _ = try await alice.search("bik")
        let recent = try await alice.recentSearches()
        #expect(recent.first?.query == "bik")
        #expect(recent.filter { $0.query == "bik" }.count == 1)
        try await alice.deleteRecentSearch(recent[0].id)
        #expect(try await !alice.recentSearches().contains { $0.id == recent[0].id })
        await expectServerError(404) { try await alice.deleteRecentSearch(recent[0].id) }
        try await alice.clearRecentSearches()
        #expect(try await alice.recentSearches().isEmpty)
        try await alice.deleteWish(bag.id)
        await expectServerError(404, "not_found") { _ = try await alice.wish(bag.id) }
        #expect(try await alice.search("가방").byName.isEmpty)
    }

    /// The largest answers are written by `JSONWriter`, not the encoder: the bytes must still be
    /// the encoder's, which re-encoding what they decode to shows.
    @Test func wishAnswersAreTheEncodersBytes() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let wish = try await alice.createWish(
            WishDraft(
                name: "여행 가방 \"big\" a/b \\ é", memo: "line\nnext\ttab \u{1} 👩‍👩‍👧", link: "https://example.com/a?b=c&d=%20",
                tags: ["선물", "x/y"], place: Place(name: "서울역", latitude: 37.554_722, longitude: 126.97, source: .search)))
        _ = try await alice.createWish(WishDraft(name: "작은가방"))
        for (path, type) in [
            (WishlistClient.pathWithQuery("/api/v1/search", [URLQueryItem(name: "q", value: "가방")]), WishSearchResult.self),
            ("/api/v1/wishes", Page<Wish>.self), ("/api/v1/wishes/\(wish.id.uuidString.lowercased())", Wish.self),
            ("/api/v1/wishes/near?lat=37.5&lng=127", Page<NearbyWish>.self)
        ] as [(String, any Codable.Type)] {
            let answer = try await alice.send("GET", path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
            let reencoded = try JSONCoding.encoder().encode(JSONCoding.decoder().decode(type, from: answer.body))
            #expect(answer.body == reencoded, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    @Test func anotherAccountSeesAndTouchesNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let wish = try await alice.createWish(WishDraft(name: "Secret gift", tags: ["private"], favorite: true))
        _ = try await alice.search("Secret")
        let aliceSearch = try #require(try await alice.recentSearches().first)
        let path = "/api/v1/wishes/\(wish.id.uuidString.lowercased())"

        for (method, suffix, body) in [
            ("GET", "", nil), ("PATCH", "", #"{"name":"Mine now"}"#), ("DELETE", "", nil),
            ("PUT", "/favorite", nil), ("DELETE", "/favorite", nil)
        ] {
            let answer = try await bob.send(method, path + suffix, body: body.map { Data($0.utf8) })
            #expect(answer.status == 404, "\(method) \(suffix)")
        }
        #expect(try await bob.wishes().items.isEmpty)
        #expect(try await bob.wishes(WishListQuery(favorite: true)).items.isEmpty)
        #expect(try await bob.tags().isEmpty)
        let found = try await bob.search("Secret")
        #expect(found.byName.isEmpty && found.byTag.isEmpty)
        #expect(try await bob.search("private").byTag.isEmpty)
        #expect(try await bob.recentSearches().map(\.query) == ["private", "Secret"])
        await expectServerError(404) { try await bob.deleteRecentSearch(aliceSearch.id) }
        try await bob.clearRecentSearches()

        // Alice's page cursor is refused as Bob's: its checksum covers the account it was made for.
        _ = try await alice.createWish(WishDraft(name: "Second"))
        let page = try await alice.wishes(try WishListQuery(limit: 1))
        let cursor = try #require(page.nextCursor)
        await expectServerError(400, "invalid_cursor") { _ = try await bob.wishes(try WishListQuery(limit: 1, cursor: cursor)) }

        #expect(try await alice.wish(wish.id) == wish)
        #expect(try await alice.recentSearches().map(\.id) == [aliceSearch.id])
    }

    @Test func everyWishEndpointNeedsSigningIn() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let anonymous = server.client()
        let id = UUID().uuidString.lowercased()
        for (method, path) in [
            ("GET", "/api/v1/wishes"), ("POST", "/api/v1/wishes"), ("GET", "/api/v1/wishes/\(id)"),
            ("PATCH", "/api/v1/wishes/\(id)"), ("DELETE", "/api/v1/wishes/\(id)"),
            ("PUT", "/api/v1/wishes/\(id)/favorite"), ("GET", "/api/v1/tags"),
            ("GET", "/api/v1/search?q=x"), ("GET", "/api/v1/recent-searches"),
            ("DELETE", "/api/v1/recent-searches")
        ] {
            let answer = try await anonymous.send(
                method, path, body: ["POST", "PATCH"].contains(method) ? Data(#"{"name":"x"}"#.utf8) : nil)
            #expect(answer.status == 401, "\(method) \(path)")
        }
    }
}
