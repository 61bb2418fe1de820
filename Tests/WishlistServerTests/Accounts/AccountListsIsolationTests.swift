import Foundation
import Testing
import WishlistClient
import WishlistCore

/// Nothing that lists, searches or maps records ever shows another account's (X1, issue 15):
/// Alice and Bob own the same kinds of record, with the same words in them, at the same place,
/// from the same spot; every list Bob can read shows his records and none of Alice's.
@Suite struct AccountListsIsolationTests {
    typealias World = IsolationMatrixTests.World

    /// What one account made: the text that is its own (ids, its marker) and the records by kind.
    struct Seeded {
        let wish: Wish
        let entry: JournalEntry
        let spotWish: Wish
        let ownText: [String]
    }

    /// A wish, a journal entry mentioning it, a wish from `spot`, an API token, a recent search and
    /// `gif` as a favorite.
    static func seed(_ client: WishlistClient, marker: String, spot: Spot, gif: Gif, in world: World) async throws -> Seeded {
        let wish = try await world.wish(of: client, marker: marker)
        let entry = try await world.entry(of: client, marker: marker, mentioning: [wish.id])
        let spotWish = try await client.wish(fromSpot: spot.id).wish
        let token = try await client.createToken(name: "script \(marker)")
        _ = try await client.search("lantern")
        let recent = try #require(try await client.recentSearches().first)
        _ = try await client.favoriteGif(gif)
        let ids = [wish.id, entry.id, spotWish.id, token.id, recent.id] + (wish.photos + entry.photos + spotWish.photos).map(\.id)
        return Seeded(
            wish: wish, entry: entry, spotWish: spotWish,
            ownText: ids.map(\.apiText) + [marker, #""\#(gif.id)""#, try await client.me().id.apiText])
    }

    /// A query parameter's value, escaped.
    static func escaped(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    @Test func bobsListsSearchesAndMapsNeverShowAlicesRecords() async throws {
        let world = try await World()
        let spot = try world.nextSpot()
        let alice = try await Self.seed(world.alice, marker: World.aliceMarker, spot: spot, gif: try world.nextGif(), in: world)
        world.server.clock.advance(by: 60)
        let bob = try await Self.seed(world.bob, marker: World.bobMarker, spot: spot, gif: try world.nextGif(), in: world)

        let here = "lat=\(World.latitude)&lng=\(World.longitude)"
        let box = "bbox=\(World.longitude - 0.1),\(World.latitude - 0.1),\(World.longitude + 0.1),\(World.latitude + 0.1)"
        let spotName = Self.escaped(spot.name)
        let reads = [
            "/api/v1/wishes", "/api/v1/wishes?favorite=true", "/api/v1/wishes?tag=lantern", "/api/v1/wishes?sort=name",
            "/api/v1/wishes?sort=oldest", "/api/v1/tags",
            "/api/v1/search?q=lantern", "/api/v1/search?q=\(spotName)",
            "/api/v1/search?q=lantern&group=byName", "/api/v1/search?q=lantern&group=byTag",
            "/api/v1/search?q=lantern&group=byText", "/api/v1/search?q=lantern&group=journal",
            "/api/v1/search?q=\(spotName)&group=spots", "/api/v1/recent-searches",
            "/api/v1/map/markers?\(box)", "/api/v1/map/markers?\(box)&zoom=3", "/api/v1/wishes/near?\(here)",
            "/api/v1/journal", "/api/v1/journal?hearted=true", "/api/v1/wishes/\(bob.wish.id.apiText)/journal",
            "/api/v1/journal/markers?\(box)", "/api/v1/journal/near?\(here)",
            "/api/v1/spots?title=\(Self.escaped(spot.title))&limit=100", "/api/v1/spots/near?lat=\(spot.latitude)&lng=\(spot.longitude)",
            "/api/v1/spots/\(spot.id.apiText)",
            "/api/v1/gifs/favorites", "/api/v1/tokens", "/api/v1/me"
        ]
        for path in reads {
            let answer = try await world.bob.send("GET", path)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 200, "\(path): \(text)")
            #expect(bob.ownText.contains { text.contains($0) }, "\(path) shows Bob's own records: \(text)")
            for secret in alice.ownText where text.contains(secret) {
                Issue.record("\(path) shows Bob Alice's \(secret): \(text)")
            }
        }
        // Counts too: the tags both use ("lantern", the spot's title) count Bob's wishes only.
        let spotTag = try #require(bob.spotWish.tags.first)
        #expect(
            Set(try await world.bob.tags().map { "\($0.name) \($0.count)" }) == ["lantern 1", "\(World.bobMarker) 1", "\(spotTag) 1"])
        #expect(try await world.bob.spot(spot.id).wishId == bob.spotWish.id)
        #expect(try await world.alice.spot(spot.id).wishId == alice.spotWish.id)
        #expect(try await world.bob.journalEntries().items.map(\.id) == [bob.entry.id])
    }
}
