import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore
import WishlistServer

/// GIF favorites (G6, G9) and wishes made from GIFs (G10), on a Giphy stand-in.
@Suite struct GifFavoritesAPITests {
    /// Ids of GIFs the stand-in gives files for (every thirteenth has none).
    static let ids = (0..<40).filter { $0 % 13 != 12 }.map(GiphyStandIn.id)

    @Test func favoritesAreNewestFirstAndAddingTwiceChangesNothing() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        let gifs = try await alice.trendingGifs().items
        for gif in gifs.prefix(3) {
            _ = try await alice.favoriteGif(gif)
            server.clock.advance(by: 1)
        }
        let again = try await alice.favoriteGif(gifs[0])
        let favorites = try await alice.favoriteGifs()
        #expect(favorites.map(\.id) == [gifs[2].id, gifs[1].id, gifs[0].id])
        #expect(favorites.last == again, "the second time keeps the first time's favoritedAt")
        #expect(favorites[0].gif == gifs[2])
        #expect(favorites[0].favoritedAt == server.clock.now.addingTimeInterval(-1))
    }

    @Test func twentyAreFineAndThe21stIsRefusedWithNothingChanged() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        let gifs = try await alice.searchGifs("cat").items
        for gif in gifs.prefix(20) { _ = try await alice.favoriteGif(gif) }
        let before = try await alice.favoriteGifs()
        #expect(before.count == 20)
        await expectServerError(409, "favorites_full") { _ = try await alice.favoriteGif(gifs[20]) }
        #expect(try await alice.favoriteGifs() == before)
        // One already there is still fine, and after removing one there is room again.
        _ = try await alice.favoriteGif(gifs[5])
        try await alice.unfavoriteGif(gifs[5].id)
        _ = try await alice.favoriteGif(gifs[20])
        #expect(try await alice.favoriteGifs().first?.id == gifs[20].id)
    }

    @Test func unfavoritingIsImmediateAndIdempotent() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        let gif = try #require(try await alice.trendingGifs().items.first)
        _ = try await alice.favoriteGif(gif)
        try await alice.unfavoriteGif(gif.id)
        #expect(try await alice.favoriteGifs().isEmpty)
        try await alice.unfavoriteGif(gif.id)
        let answer = try await alice.send("DELETE", "/api/v1/gifs/favorites/\(gif.id)")
        #expect(answer.status == 204)
    }

    @Test func anotherAccountSeesNone() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let gif = try #require(try await alice.trendingGifs().items.first)
        _ = try await alice.favoriteGif(gif)
        #expect(try await bob.favoriteGifs().isEmpty)
        try await bob.unfavoriteGif(gif.id)
        #expect(try await alice.favoriteGifs().map(\.id) == [gif.id])
    }

    @Test func favoritesSurviveARestart() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept: [FavoriteGif]
        do {
            let server = try GifsAPITests.server(giphy, dataDirectory: directory)
            let alice = try await server.signedInAdmin()
            for id in Self.ids.prefix(2) {
                _ = try await alice.favoriteGif(try #require(try await alice.trendingGifs().items.first { $0.id == id }))
            }
            kept = try await alice.favoriteGifs()
        }
        let server = try GifsAPITests.server(giphy, dataDirectory: directory)
        let alice = server.client()
        try await alice.signIn(username: "alice", password: TestServer.adminPassword)
        #expect(try await alice.favoriteGifs() == kept)
        #expect(kept.count == 2)
    }

    @Test func theClientsURLsAreIgnoredAndAnUnseenGIFIsAskedForById() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        let forged = Gif(
            id: "gif30", title: "Free money", rating: "g", url: "https://evil.example/page",
            images: .init(
                preview: .init(url: "https://evil.example/p.gif", width: 1, height: 1),
                still: .init(url: "https://evil.example/s.gif", width: 1, height: 1),
                original: .init(url: "https://evil.example/o.gif", width: 1, height: 1)))
        let favorite = try await alice.favoriteGif(forged)
        #expect(giphy.apiRequests.map(\.path) == ["/v1/gifs/gif30"])
        #expect(favorite.gif.title == "Cat 30 GIF")
        #expect(favorite.gif.url == "https://giphy.com/gifs/cat-gif30")
        #expect(favorite.gif.images.original.url.hasPrefix(giphy.baseURL.absoluteString))
        #expect(try await alice.favoriteGifs().first?.gif == favorite.gif)
        #expect(!String(decoding: try await alice.send("GET", "/api/v1/gifs/favorites").body, as: UTF8.self).contains("evil"))
    }

    @Test func anUnknownGIFIsNotFound() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        await expectServerError(404, "not_found") {
            _ = try await alice.request("PUT", "/api/v1/gifs/favorites/gif99999", as: FavoriteGif.self)
        }
        #expect(try await alice.favoriteGifs().isEmpty)
    }

    // MARK: Save as wish (G10)

    @Test func aGIFBecomesAWishWithItsLinkAndItsAnimation() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        let wish = try await alice.saveGifAsWish("gif1")
        #expect(wish.name == "Cat 1 GIF")
        #expect(wish.link == "https://giphy.com/gifs/cat-gif1")
        let photo = try #require(wish.photos.first)
        #expect((photo.width, photo.height) == (12, 8))
        #expect(photo.animated, "the viewer plays it")
        let original = try await alice.send("GET", photo.urls.original)
        #expect(original.headers["content-type"] == "image/gif")
        #expect([UInt8](original.body) == GiphyStandIn.animation, "every frame kept")
        let still = try await alice.send("GET", photo.urls.medium)
        #expect(still.headers["content-type"] == "image/jpeg")
        #expect(giphy.mediaRequests.map(\.path) == ["/media/gif1/giphy.gif"])
        #expect(try await alice.wish(wish.id) == wish)
    }

    @Test func anUntitledGIFMakesAWishCalledGIF() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let server = try GifsAPITests.server(giphy)
        let alice = try await server.signedInAdmin()
        #expect(try await alice.saveGifAsWish("gif4").name == "GIF")
        #expect(try await alice.saveGifAsWish("gif6").name == "GIF")
        await expectServerError(404, "not_found") { _ = try await alice.saveGifAsWish("gif99999") }
        await expectServerError(404, "not_found") { _ = try await alice.saveGifAsWish("no.such") }
    }
}
