import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore
import WishlistServer

/// GIF search and trending through the API, on a Giphy stand-in (G1–G3, G8).
@Suite struct GifsAPITests {
    /// A server whose Giphy is `giphy`.
    static func server(_ giphy: GiphyStandIn, dataDirectory: URL? = nil) throws -> TestServer {
        try TestServer(dataDirectory: dataDirectory) { settings in
            settings.giphyKey = GiphyStandIn.key
            settings.giphyURL = giphy.baseURL
            settings.allowPrivateAddresses = true
        }
    }

    @Test func searchGivesPagesOf24InTheAPIShape() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        let page = try await alice.searchGifs("cat", offset: 24)
        #expect(page.pagination == GifPage.Pagination(offset: 24, count: 24, totalCount: 10_000, nextOffset: 48))
        #expect(page.items.count == 22, "gif25 and gif38 have no usable files")
        let gif = try #require(page.items.first)
        #expect(gif.id == "gif24")
        #expect(gif.title == "", "gif24 has an empty title")
        #expect(gif.url == "https://giphy.com/gifs/cat-gif24")
        #expect(gif.images.preview.url.contains("/media/gif24/200w_d.gif"))
        #expect(gif.images.still.url.contains("/media/gif24/200w_s.gif"))
        #expect(gif.images.original.url.contains("/media/gif24/giphy.gif"))
        #expect((gif.images.original.width, gif.images.original.height) == (480, 320))
        // The raw JSON: an absent rating is an explicit null, as everywhere in the API.
        let raw = try await alice.send("GET", "/api/v1/gifs/search?q=cat&offset=24")
        let items = try #require((try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.first { $0["id"] as? String == "gif26" }?["rating"] is NSNull)
    }

    @Test func theLanguageComesFromLangOrAcceptLanguage() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        _ = try await alice.send("GET", "/api/v1/gifs/search?q=cat", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"])
        _ = try await alice.searchGifs("dog", language: "ko")
        _ = try await alice.send("GET", "/api/v1/gifs/search?q=bird", headers: ["Accept-Language": "de-DE"])
        #expect(giphy.apiRequests.map { $0.query["lang"] } == ["ko", "ko", "en"])
    }

    @Test func trendingStopsAtItsCap() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        #expect(try await alice.trendingGifs().pagination.nextOffset == 24)
        #expect(try await alice.trendingGifs(offset: 480).pagination.nextOffset == nil)
        await expectServerError(400, "invalid_offset") { _ = try await alice.trendingGifs(offset: 500) }
        await expectServerError(400, "invalid_offset") { _ = try await alice.searchGifs("cat", offset: 5_000) }
        await expectServerError(400, "invalid_offset") {
            _ = try await alice.request("GET", "/api/v1/gifs/trending?offset=ten", as: GifPage.self)
        }
        #expect(giphy.apiRequests.count == 2)
    }

    @Test func identicalRequestsAreCachedAndCoalesced() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        async let first = alice.searchGifs("cat")
        async let second = bob.searchGifs("cat")
        async let third = alice.searchGifs("CAT ")
        let pages = try await [first, second, third]
        #expect(pages[0] == pages[1] && pages[1] == pages[2])
        _ = try await alice.searchGifs("cat")
        #expect(giphy.apiRequests.count == 1)
        _ = try await alice.searchGifs("cat", offset: 24)
        #expect(giphy.apiRequests.count == 2)
    }

    @Test func badQueriesAreRefusedWithoutAskingGiphy() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        await expectServerError(400, "query_too_long") { _ = try await alice.searchGifs(String(repeating: "a", count: 51)) }
        await expectServerError(400, "invalid_query") { _ = try await alice.searchGifs("  ") }
        #expect(giphy.apiRequests.isEmpty)
    }

    @Test func giphysFailuresAreMapped() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        let cases: [(GiphyStandIn.Failure, Int, String)] = [
            (.status(401), 503, "gifs_key_rejected"), (.status(403), 503, "gifs_key_rejected"),
            (.emptyWithoutResponseID, 502, "upstream_failed"), (.status(500), 502, "upstream_failed"),
            (.status(400), 502, "upstream_failed"), (.notJSON, 502, "upstream_failed"), (.status(414), 400, "query_too_long")
        ]
        for (index, (failure, status, code)) in cases.enumerated() {
            giphy.fail(with: failure)
            // A query of its own each time: answers to earlier ones are cached.
            await expectServerError(status, code) { _ = try await alice.searchGifs("cat \(index)") }
        }
    }

    @Test(arguments: [("17", "17"), (nil, "60")])
    func aRateLimitIsPassedOnWithRetryAfter(given: String?, said: String) async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try Self.server(giphy)
        let alice = try await server.signedInAdmin()
        giphy.fail(with: .status(429, retryAfter: given))
        let answer = try await alice.send("GET", "/api/v1/gifs/trending")
        #expect(answer.status == 429)
        #expect(answer.headers["retry-after"] == said)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("rate_limited"))
    }

    @Test func withoutAKeyGIFsAreOffAndSaySo() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for call in [{ _ = try await alice.searchGifs("cat") }, { _ = try await alice.trendingGifs() }]
            as [@Sendable () async throws -> Void]
        {
            do {
                try await call()
                Issue.record("expected 503")
            } catch let error as WishlistClientError {
                #expect(error.status == 503)
                #expect(error.code == "gifs_not_configured")
                #expect(error.description.contains("--giphy-key"))
            }
        }
        #expect(try await alice.favoriteGifs().isEmpty)
    }
}
