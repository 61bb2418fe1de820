import Foundation
import Geocoding
import Testing
import WishlistClient
import WishlistCore

/// The K-culture spots over HTTP, on `Fixtures/spots-sample.csv`: the real rows of two artists,
/// two dramas, two films and a show, imported at start-up as `wishlist serve --spots FILE` does.
@Suite struct SpotsAPITests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/spots-sample.csv").standardizedFileURL.path

    static func server() throws -> TestServer {
        try TestServer { $0.spotsSource = .file(sample) }
    }

    /// Every item the query finds, page after page.
    static func all<Item>(_ query: SpotQuery, _ page: (SpotQuery) async throws -> Page<Item>) async throws -> [Item] {
        var query = query
        var items: [Item] = []
        repeat {
            let answer = try await page(query)
            items += answer.items
            query.cursor = answer.nextCursor
        } while query.cursor != nil
        return items
    }

    static func all(_ client: WishlistClient, _ query: SpotQuery) async throws -> [Spot] {
        try await all(query, client.spots)
    }

    static func allTitles(_ client: WishlistClient, _ query: SpotQuery) async throws -> [SpotTitle] {
        try await all(query, client.spotTitles)
    }

    @Test func eachCategoryListsItsWorksOrArtistsWithTheirSpotCounts() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let everything = try await Self.all(alice, SpotQuery(limit: 100))
        for type in SpotType.allCases {
            let titles = try await Self.allTitles(alice, SpotQuery(type: type, limit: 2))
            let spots = everything.filter { $0.type == type }
            #expect(!titles.isEmpty, "\(type)")
            #expect(titles.allSatisfy { $0.type == type })
            #expect(Set(titles.map(\.title)) == Set(spots.map(\.title)), "\(type)")
            for title in titles {
                #expect(title.spotCount == spots.count { $0.title == title.title }, "\(title.title)")
            }
            #expect(titles.map(\.spotCount) == titles.map(\.spotCount).sorted(by: >), "most spots first")
            let ofType = try await Self.all(alice, SpotQuery(type: type, limit: 100))
            #expect(Set(ofType.map(\.id)) == Set(spots.map(\.id)))
        }
        let bts = try #require(try await alice.spotTitles(SpotQuery(type: .artist, text: "방탄소년단")).items.first)
        let ofBTS = try await Self.all(alice, SpotQuery(title: bts.title, limit: 100))
        #expect(ofBTS.count == bts.spotCount)
        #expect(ofBTS.allSatisfy { $0.title == bts.title })
    }

    @Test func englishAndKoreanNamesFindTheSameTitlesAndSpots() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        for (english, korean) in [("BTS", "방탄소년단"), ("Goblin", "도깨비"), ("blackpink", "블랙핑크")] {
            let byEnglish = try #require(try await alice.spotTitles(SpotQuery(text: english)).items.first, "\(english)")
            let byKorean = try #require(try await alice.spotTitles(SpotQuery(text: korean)).items.first, "\(korean)")
            #expect(byEnglish.title == korean)
            #expect(byKorean == byEnglish)
            #expect(byKorean.aliases.contains { $0.lowercased() == english.lowercased() })

            let spotsByEnglish = try await Self.all(alice, SpotQuery(text: english, limit: 100))
            let spotsByKorean = try await Self.all(alice, SpotQuery(text: korean, limit: 100))
            #expect(spotsByEnglish.count == byKorean.spotCount, "\(english)")
            #expect(Set(spotsByEnglish.map(\.id)) == Set(spotsByKorean.map(\.id)), "\(english)")
            #expect(spotsByEnglish.allSatisfy { $0.title == korean })
        }
    }

    @Test func spacingCaseAndPartsOfWordsDoNotMatter() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let spaced = try #require(try await alice.spotTitles(SpotQuery(text: "이태원 클라쓰")).items.first)
        #expect(spaced.title == "이태원 클라쓰")
        #expect(try await alice.spotTitles(SpotQuery(text: "이태원클라쓰")).items.first == spaced)
        let joined = try await Self.all(alice, SpotQuery(text: "이태원클라쓰", limit: 100))
        #expect(joined.count >= spaced.spotCount)
        #expect(joined.prefix(spaced.spotCount).allSatisfy { $0.title == spaced.title }, "the title's own spots first")
        #expect(Set(joined.map(\.id)) == Set(try await Self.all(alice, SpotQuery(text: "이태원 클라쓰", limit: 100)).map(\.id)))
        #expect(try await alice.spotTitles(SpotQuery(text: "bLaCkPiNk")).items.first?.title == "블랙핑크")

        // A place name matches inside words; a description or address by the start of its words.
        let spot = try #require(joined.first { $0.name.count >= 4 })
        let inside = String(spot.name.filter { $0.isLetter || $0.isNumber }.dropFirst().prefix(2))
        #expect(try await Self.all(alice, SpotQuery(text: inside, limit: 100)).contains { $0.id == spot.id }, "\(inside)")
        let district = try #require(spot.address.split(separator: " ").dropFirst().first)
        let inDistrict = try await Self.all(alice, SpotQuery(text: String(district.prefix(2)), limit: 100))
        #expect(inDistrict.contains { $0.id == spot.id }, "\(district)")
        #expect(try await alice.spots(SpotQuery(text: "zzqqxx")).items.isEmpty)
    }

    @Test func pagingVisitsEveryResultOnce() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        // "서울" and "도깨비" find the spots of works so named (ranked first) and spots that only
        // mention the words: small pages cross from one rank to the other.
        for query in try [
            SpotQuery(limit: 100), SpotQuery(text: "서울", limit: 100), SpotQuery(text: "도깨비", limit: 100),
            SpotQuery(type: .drama, limit: 100), SpotQuery(type: .drama, text: "서울", limit: 100)
        ] {
            let inBigPages = try await Self.all(alice, query)
            var small = query
            small.limit = 7
            let inSmallPages = try await Self.all(alice, small)
            #expect(!inBigPages.isEmpty)
            #expect(inSmallPages.map(\.id) == inBigPages.map(\.id), "\(query)")
            #expect(Set(inSmallPages.map(\.id)).count == inSmallPages.count)
        }
        // A search within a type or a kind of place: those of the whole search, in its order.
        let inSeoul = try await Self.all(alice, SpotQuery(text: "서울", limit: 100))
        let dramas = try await Self.all(alice, SpotQuery(type: .drama, text: "서울", limit: 100))
        let cafes = try await Self.all(alice, SpotQuery(placeType: "cafe", text: "서울", limit: 100))
        #expect(!dramas.isEmpty && dramas.count < inSeoul.count)
        #expect(dramas.map(\.id) == inSeoul.filter { $0.type == .drama }.map(\.id))
        #expect(!cafes.isEmpty && cafes.map(\.id) == inSeoul.filter { $0.placeType == "cafe" }.map(\.id))
        let titles = try await Self.allTitles(alice, SpotQuery(limit: 3))
        #expect(Set(titles.map { "\($0.type) \($0.title)" }).count == titles.count)
        #expect(titles.reduce(0) { $0 + $1.spotCount } == (try await Self.all(alice, SpotQuery(limit: 100))).count)
    }

    @Test func nearMeIsNearestFirstWithDistances() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let cityHall = Coordinate(latitude: 37.5665, longitude: 126.978)
        var query = try NearQuery(latitude: cityHall.latitude, longitude: cityHall.longitude, limit: 9)
        var found: [NearbySpot] = []
        for _ in 0..<4 {
            let page = try await alice.spotsNear(query)
            found += page.items
            let next: String = try #require(page.nextCursor, "a page follows")
            query.cursor = next
        }
        #expect(found.count == 36)
        #expect(Set(found.map(\.spot.id)).count == found.count)
        #expect(found.map(\.distanceMeters) == found.map(\.distanceMeters).sorted())
        for item in found {
            let exact = GreatCircle.distance(cityHall, Coordinate(latitude: item.spot.latitude, longitude: item.spot.longitude))
            #expect(abs(item.distanceMeters - exact) < 3, "\(item.spot.name)")
        }
        // Nothing left out between the pages: every spot closer than the last one found was found.
        let everything = try await Self.all(alice, SpotQuery(limit: 100))
        let closer = everything.filter {
            GreatCircle.distance(cityHall, Coordinate(latitude: $0.latitude, longitude: $0.longitude))
                < found[found.count - 1].distanceMeters - 3
        }
        #expect(Set(closer.map(\.id)).isSubset(of: Set(found.map(\.spot.id))))
    }

    @Test func markersAddUpToTheSpotsInTheBox() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let everything = try await Self.all(alice, SpotQuery(limit: 100))
        let boxes = [
            try BoundingBox(minLongitude: 124, minLatitude: 33, maxLongitude: 132, maxLatitude: 39),  // the whole country
            try BoundingBox(minLongitude: 126.9, minLatitude: 37.45, maxLongitude: 127.1, maxLatitude: 37.6),  // Seoul's middle
            try BoundingBox(minLongitude: 126.4, minLatitude: 33.1, maxLongitude: 127, maxLatitude: 33.6)  // Jeju
        ]
        var clustered = false
        for box in boxes {
            let inBox = everything.filter {
                (box.minLatitude...box.maxLatitude).contains($0.latitude) && (box.minLongitude...box.maxLongitude).contains($0.longitude)
            }
            let markers = try await alice.spotMarkers(box)
            #expect(markers.markers.count + markers.clusters.reduce(0) { $0 + $1.count } == inBox.count, "\(box)")
            if markers.clusters.isEmpty {
                #expect(Set(markers.markers.map(\.id)) == Set(inBox.map(\.id)))
            } else {
                clustered = true
            }
        }
        #expect(clustered, "the whole country has more spots than markers")
    }

    @Test func savingASpotAsAWishIsIdempotentAndPerAccount() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let spot = try #require(try await alice.spots(SpotQuery(type: .artist, text: "BTS")).items.first)
        #expect(spot.wishId == nil)

        let (wish, created) = try await alice.wish(fromSpot: spot.id)
        #expect(created)
        #expect(wish.name == String(spot.name.prefix(WishRules.nameLimit)))
        #expect(wish.tags == [spot.title])
        #expect(wish.place?.latitude == spot.latitude)
        #expect(wish.place?.longitude == spot.longitude)
        let again = try await alice.wish(fromSpot: spot.id)
        #expect(!again.created)
        #expect(again.wish.id == wish.id)
        #expect(try await alice.spot(spot.id).wishId == wish.id)
        #expect(try await alice.wishes().items.map(\.id) == [wish.id])

        // Bob gets his own wish; neither sees the other's.
        #expect(try await bob.spot(spot.id).wishId == nil)
        let (bobs, bobCreated) = try await bob.wish(fromSpot: spot.id)
        #expect(bobCreated)
        #expect(bobs.id != wish.id)
        #expect(try await bob.spot(spot.id).wishId == bobs.id)
        #expect(try await alice.spot(spot.id).wishId == wish.id)
        await expectServerError(404) { _ = try await bob.wish(wish.id) }

        // Deleting the wish lets the spot be saved anew.
        try await alice.deleteWish(wish.id)
        #expect(try await alice.spot(spot.id).wishId == nil)
        let anew = try await alice.wish(fromSpot: spot.id)
        #expect(anew.created)
        #expect(anew.wish.id != wish.id)
    }

    @Test func searchHasASpotsGroup() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let result = try await alice.search("Goblin")
        #expect(!result.spots.isEmpty)
        #expect(result.spots.allSatisfy { $0.title == "도깨비" })
        #expect(try await alice.search("zzqqxx").spots.isEmpty)
        // The total is the same whether the first page holds every match or one of them.
        let every = try await alice.spots(SpotQuery(text: "Goblin", limit: 100))
        #expect(every.nextCursor == nil && every.items.count > 1)
        for limit in [1, every.items.count - 1, every.items.count, 100] {
            let paging = try await alice.search("Goblin", groups: [.spots], limit: limit).paging.spots
            #expect(paging?.total == every.items.count && paging?.totalIsCapped == false, "limit \(limit)")
            #expect((paging?.nextCursor != nil) == (limit < every.items.count), "limit \(limit)")
        }
    }

    @Test func badParametersAre400AndUnknownSpots404() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let bad = [
            "/api/v1/spots?limit=1000", "/api/v1/spots?limit=-1", "/api/v1/spots?limit=x", "/api/v1/spots?type=opera",
            "/api/v1/spots?cursor=garbage", "/api/v1/spots?q=\(String(repeating: "a", count: 300))",
            "/api/v1/spots?placeType=Caf%C3%A9", "/api/v1/spots/titles?limit=0", "/api/v1/spots/titles?type=opera",
            "/api/v1/spots/titles?cursor=garbage", "/api/v1/spots/titles?title=x", "/api/v1/spots/near?lat=nan&lng=0",
            "/api/v1/spots/near?lat=91&lng=0", "/api/v1/spots/near?lat=37", "/api/v1/spots/near?lat=37&lng=127&limit=101",
            "/api/v1/spots/near?lat=37&lng=127&cursor=garbage", "/api/v1/spots/markers?bbox=1,2,3",
            "/api/v1/spots/markers?bbox=0,50,10,40", "/api/v1/spots/markers", "/api/v1/spots/markers?bbox=0,0,1,1&zoom=99"
        ]
        for path in bad {
            let answer = try await alice.send("GET", path)
            #expect(answer.status == 400, "\(path)")
            #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true, "\(path)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains(#""error""#), "\(path)")
        }
        // A cursor of one search is refused by another kind of list.
        let page = try await alice.spotsNear(try NearQuery(latitude: 37, longitude: 127, limit: 1))
        let cursor = try #require(page.nextCursor)
        #expect(try await alice.send("GET", "/api/v1/spots?cursor=\(cursor)").status == 400)

        let unknown = UUID()
        await expectServerError(404) { _ = try await alice.spot(unknown) }
        await expectServerError(404) { _ = try await alice.wish(fromSpot: unknown) }
        #expect(try await alice.send("GET", "/api/v1/spots/not-an-id").status == 404)
        #expect(try await server.client().send("GET", "/api/v1/spots").status == 401)
    }
}
