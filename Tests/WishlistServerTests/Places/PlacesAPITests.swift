import Foundation
import Testing
import WishlistClient
import WishlistCore

@Suite struct PlacesAPITests {
    @Test func placeSearchAndReverse() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let found = try await alice.searchPlaces("jeon")
        #expect(found.first?.name == "Jeonju")
        #expect(try await alice.searchPlaces("sao").contains { $0.name == "São Paulo" })
        let reversed = try await alice.reversePlace(latitude: 35.82, longitude: 127.15)
        #expect(reversed.name == "Jeonju")
        #expect(reversed.distanceMeters < 5_000)
        let korean = try await alice.send(
            "GET", "/api/v1/places/reverse?lat=35.82&lng=127.15", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
        #expect(String(decoding: korean.body, as: UTF8.self).contains("전주"))
        let settings = try await alice.send("GET", "/api/v1/map/settings")
        #expect(String(decoding: settings.body, as: UTF8.self).contains("tileURL"))
        let search = try await alice.search("Jeonju")
        #expect(search.places.first?.name == "Jeonju")
        // A found city as a wish's place: its region and country make the address.
        let city = try #require(found.first)
        #expect(search.places.first?.address == "\(city.admin.map { $0 + ", " } ?? "")\(city.country)")
        #expect(search.places.first?.source == .search)
        for bad in ["lat=91&lng=0", "lat=x&lng=0", "lat=1", "lat=nan&lng=0", "lat=1&lng=181"] {
            #expect(try await alice.send("GET", "/api/v1/places/reverse?\(bad)").status == 400, "\(bad)")
        }
        #expect(try await alice.send("GET", "/api/v1/places/search?q=").status == 400)
        #expect(try await alice.send("GET", "/api/v1/places/search?q=a&limit=0").status == 400)
    }

    @Test func markersAndNearThroughHTTP() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let jeonju = try await alice.createWish(
            WishDraft(name: "Bibimbap", place: Place(name: "Jeonju", latitude: 35.8242, longitude: 127.148, source: .search)))
        let box = try BoundingBox(minLongitude: 120, minLatitude: 30, maxLongitude: 130, maxLatitude: 40)
        #expect(try await alice.mapMarkers(box).markers.map(\.id) == [jeonju.id])
        let near = try await alice.wishesNear(NearQuery(latitude: 37.56, longitude: 126.97))
        #expect(near.items.map(\.wish.id) == [jeonju.id])
        #expect((190_000...200_000).contains(near.items[0].distanceMeters))

        for bad in [
            "bbox=1,2,3", "bbox=a,b,c,d", "bbox=0,50,10,40", "bbox=-181,0,0,10", "bbox=0,-91,1,1", "bbox=0,0,1,1&zoom=23",
            "bbox=0,0,1,1&zoom=x", "", "bbox=nan,0,1,1"
        ] {
            #expect(try await alice.send("GET", "/api/v1/map/markers?\(bad)").status == 400, "\(bad)")
        }
        for bad in ["lat=91&lng=0", "lat=0", "lat=0&lng=0&limit=0", "lat=0&lng=0&cursor=garbage"] {
            #expect(try await alice.send("GET", "/api/v1/wishes/near?\(bad)").status == 400, "\(bad)")
        }
        #expect(try await alice.send("GET", "/api/v1/map/settings").status == 200)
    }

    @Test func anotherAccountSeesNoMarkersOrNearbyWishes() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        _ = try await alice.createWish(
            WishDraft(name: "Secret spot", place: Place(name: "Here", latitude: 10, longitude: 10, source: .manual)))
        let world = try BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)
        #expect(try await bob.mapMarkers(world) == MapMarkers(markers: [], clusters: []))
        #expect(try await bob.wishesNear(NearQuery(latitude: 10, longitude: 10)).items.isEmpty)
        let anonymous = server.client()
        for path in [
            "/api/v1/map/markers?bbox=-180,-90,180,90", "/api/v1/wishes/near?lat=0&lng=0",
            "/api/v1/places/search?q=seoul", "/api/v1/places/reverse?lat=0&lng=0", "/api/v1/map/settings"
        ] {
            #expect(try await anonymous.send("GET", path).status == 401, "\(path)")
        }
    }
}
