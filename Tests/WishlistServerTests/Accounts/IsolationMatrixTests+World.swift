import Foundation
import Synchronization
import TestSupport
import Testing
import WishlistClient
import WishlistCore

extension UUID {
    /// The id as the API writes it.
    var apiText: String { uuidString.lowercased() }
}

extension IsolationMatrixTests {
    /// A server with everything an account can own — Giphy (a stand-in), the K-culture spots, a shop
    /// whose page links preview — and two accounts: Alice, whose records Bob must never reach, and Bob.
    final class World: Sendable {
        /// Words in Alice's and Bob's records that nothing else contains.
        static let aliceMarker = "qzalpha"
        static let bobMarker = "qzbravo"
        /// Where both put their wishes and journal entries, a few metres apart.
        static let latitude = 37.5665
        static let longitude = 126.978

        let server: TestServer
        let giphy: GiphyStandIn
        let shop: LoopbackHTTPServer
        let alice: WishlistClient
        let bob: WishlistClient
        /// GIFs and spots not used yet, so every record is made from its own.
        private let unusedGifs: Mutex<[Gif]>
        private let unusedSpots: Mutex<[Spot]>

        init() async throws {
            let giphy = try GiphyStandIn()
            self.giphy = giphy
            shop = try LoopbackHTTPServer { _ in .html(LinksAPITests.shopPage(price: "89,000")) }
            server = try TestServer { settings in
                settings.giphyKey = GiphyStandIn.key
                settings.giphyURL = giphy.baseURL
                settings.allowPrivateAddresses = true
                settings.spotsSource = .file(SpotsAPITests.sample)
            }
            alice = try await server.signedInAdmin()
            bob = try await server.signedInUser("bob")
            unusedGifs = Mutex(try await alice.trendingGifs().items)
            unusedSpots = Mutex(try await SpotsAPITests.all(alice, SpotQuery(limit: 100)))
        }

        deinit {
            giphy.stop()
            shop.stop()
        }

        func nextGif() throws -> Gif {
            try #require(unusedGifs.withLock { $0.isEmpty ? nil : $0.removeFirst() })
        }

        func nextSpot() throws -> Spot {
            try #require(unusedSpots.withLock { $0.isEmpty ? nil : $0.removeFirst() })
        }

        /// Reads `paths` as Alice, status and body of each.
        func aliceReads(_ paths: [String]) -> @Sendable () async throws -> Data {
            let alice = alice
            return {
                var all = Data()
                for path in paths {
                    let answer = try await alice.send("GET", path)
                    all += Data("\(path) \(answer.status)\n".utf8) + answer.body + Data("\n".utf8)
                }
                return all
            }
        }

        // MARK: Records

        func uploadPhoto(_ client: WishlistClient) async throws -> Photo {
            let path = "orientation/portrait_1.jpg"
            return try #require(
                try await client.uploadPhotos([WishlistClient.PhotoFile(filename: path, data: try TestPhotos.photo(path))]).items.first)
        }

        static func place(_ marker: String) -> Place {
            Place(name: "Plaza \(marker)", latitude: latitude, longitude: longitude, source: .manual)
        }

        /// A wish with everything a wish can have: a photo, a place, tags, a memo and a link to the shop.
        func wish(of client: WishlistClient, marker: String) async throws -> Wish {
            let photo = try await uploadPhoto(client)
            return try await client.createWish(
                WishDraft(
                    name: "Lantern \(marker)", memo: "A paper lantern memo \(marker)",
                    link: shop.url("/items/\(marker)").absoluteString, tags: ["lantern", marker], place: Self.place(marker),
                    photoIDs: [photo.id], favorite: true))
        }

        /// A hearted journal entry with a photo and a place, mentioning `wishes`.
        func entry(of client: WishlistClient, marker: String, mentioning wishes: [UUID]) async throws -> JournalEntry {
            let photo = try await uploadPhoto(client)
            return try await client.createJournalEntry(
                JournalDraft(
                    title: "Lantern walk \(marker)", contents: "We carried lanterns \(marker)", date: "2026-03-01", time: "19:30",
                    place: Self.place(marker), photoIDs: [photo.id], wishIDs: wishes, hearted: true))
        }

        func aliceWish() async throws -> Wish {
            try await wish(of: alice, marker: Self.aliceMarker)
        }

        func aliceEntry(mentioning wishes: [UUID]) async throws -> JournalEntry {
            try await entry(of: alice, marker: Self.aliceMarker, mentioning: wishes)
        }

        /// One of Alice's wishes, reached at `path(wish)`.
        func wishRecord(_ path: (Wish) -> String) async throws -> Record {
            let wish = try await aliceWish()
            return Record(
                path: path(wish), version: wish.version,
                readBack: aliceReads(["/api/v1/wishes/\(wish.id.apiText)", "/api/v1/tags"]),
                secrets: [wish.id.apiText, Self.aliceMarker] + wish.photos.map(\.id.apiText))
        }

        /// One of Alice's shares (X7, X8), reached at `path(share)`: its link and title are hers.
        func shareRecord(_ path: (Share) -> String) async throws -> Record {
            _ = try await aliceWish()
            let share = try await alice.createShare(ShareDraft(title: "Alice's \(Self.aliceMarker) list"))
            let token = String(share.url.split(separator: "/").last ?? "")
            return Record(
                path: path(share),
                readBack: { [self, alice] in
                    // The link still works (read as its owner, which counts no view).
                    try await self.aliceReads(["/api/v1/shares"])()
                        + Data("\(try await alice.sharedList(token: token).items.count)".utf8)
                },
                secrets: [share.id.apiText, token, Self.aliceMarker])
        }

        /// One of Alice's journal entries, reached at `path(entry)`.
        func entryRecord(_ path: (JournalEntry) -> String) async throws -> Record {
            let entry = try await aliceEntry(mentioning: [])
            return Record(
                path: path(entry), version: entry.version, readBack: aliceReads(["/api/v1/journal/\(entry.id.apiText)"]),
                secrets: [entry.id.apiText, Self.aliceMarker] + entry.photos.map(\.id.apiText))
        }

        /// One of Alice's photos on no record yet, reached at `path(id)`.
        func photoRecord(_ path: (String) -> String) async throws -> Record {
            let id = try await uploadPhoto(alice).id.apiText
            return Record(
                path: path(id), readBack: aliceReads(["/api/v1/photos/\(id)", "/media/\(id)/original"]), secrets: [id])
        }

        /// A spot of the shared catalogue that Alice saved as a wish, reached at `path(spot id)`.
        func spotRecord(_ path: (String) -> String) async throws -> Record {
            let spot = try nextSpot()
            let wish = try await alice.wish(fromSpot: spot.id).wish
            return Record(
                path: path(spot.id.apiText),
                readBack: aliceReads(["/api/v1/spots/\(spot.id.apiText)", "/api/v1/wishes/\(wish.id.apiText)"]),
                secrets: [wish.id.apiText] + wish.photos.map(\.id.apiText))
        }
    }
}
