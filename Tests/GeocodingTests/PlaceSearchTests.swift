import TestSupport
import Testing

@testable import Geocoding

@Suite struct PlaceSearchTests {
    @Test func withoutAnOnlineGeocoderItIsTheOfflineSearch() async {
        let search = PlaceSearch()
        #expect(await search.search("seo") == OfflineGazetteer.shared.search("seo"))
    }

    @Test func addsOnlineAnswersWithoutDuplicates() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: OnlineGeocoderTests.jeonjuSearch) }
        defer { server.stop() }
        let search = PlaceSearch(online: try OnlineGeocoderTests.geocoder(server))
        let places = await search.search("Jeonju", limit: 10)
        // The online "Jeonju" is the offline city (same name, 300 m apart); the village is new.
        #expect(places.filter { $0.name == "Jeonju" }.count == 1)
        #expect(places.first?.population != nil, "offline cities come first")
        #expect(places.contains { $0.name == "Hanok Village" })
    }

    @Test func onlineAnswersKeepRoomWhenOfflineFillsTheLimit() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: OnlineGeocoderTests.jeonjuSearch) }
        defer { server.stop() }
        let search = PlaceSearch(online: try OnlineGeocoderTests.geocoder(server))
        let places = await search.search("s", limit: 4)
        #expect(places.count == 4)
        #expect(places.suffix(2).map(\.name) == ["Jeonju", "Hanok Village"])
    }

    @Test func anOnlineFailureLeavesTheOfflineResults() async throws {
        let server = try LoopbackHTTPServer { _ in .hangUp }
        defer { server.stop() }
        let search = PlaceSearch(online: try OnlineGeocoderTests.geocoder(server))
        #expect(await search.search("jeon") == OfflineGazetteer.shared.search("jeon"))
        let nearest = try await search.reverse(latitude: 35.82, longitude: 127.15)
        #expect(nearest.place.name == "Jeonju")
    }

    @Test func reverseTakesTheCloserAnswer() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: OnlineGeocoderTests.jeonjuReverse) }
        defer { server.stop() }
        let search = PlaceSearch(online: try OnlineGeocoderTests.geocoder(server))
        #expect(try await search.reverse(latitude: 35.82, longitude: 127.15).place.name == "Jungang-dong")
        await #expect(throws: GeocodingError.self) { try await search.reverse(latitude: 100, longitude: 0) }
    }

    @Test func samePlaceRule() {
        let city = FoundPlace(name: "Jeonju", admin: nil, country: "", countryCode: "KR", latitude: 35.82, longitude: 127.15, population: 1)
        var renamed = city
        renamed.name = "Jeonju-si"
        renamed.latitude += 0.01  // about 1.1 km north
        var moved = city
        moved.latitude += 0.5  // about 55 km north
        var nextDoor = city
        nextDoor.name = "Somewhere else"
        nextDoor.longitude += 0.0005  // about 45 m east
        #expect(PlaceSearch.isSamePlace(city, city))
        #expect(!PlaceSearch.isSamePlace(city, renamed))
        #expect(!PlaceSearch.isSamePlace(city, moved))
        #expect(PlaceSearch.isSamePlace(city, nextDoor))
    }
}
