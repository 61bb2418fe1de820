import Foundation
import Geocoding
import Testing
import WishlistCore

@testable import WishlistStore

/// "Near me" and the map's markers over the points' index and the cell grid, on both engines.
@Suite struct PlacesTests {
    /// A new store on an engine, with alice's account.
    private struct Fixture {
        let test: TestStore
        let owner: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            owner = try test.addUser("alice")
        }

        @discardableResult
        func add(_ name: String, _ latitude: Double, _ longitude: Double, owner: UserKey? = nil) throws -> Wish {
            try test.wishes.create(
                WishDraft(name: name, place: Place(name: name, latitude: latitude, longitude: longitude, source: .manual)),
                owner: owner ?? self.owner)
        }
    }

    @Test(arguments: TestEngine.allCases) func nearIsNearestFirstWithHaversineDistances(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        let seoul = try fixture.add("Seoul", 37.5665, 126.9780)
        let busan = try fixture.add("Busan", 35.1796, 129.0756)
        let jeonju = try fixture.add("Jeonju", 35.8242, 127.1480)
        let paris = try fixture.add("Paris", 48.8566, 2.3522)
        _ = try test.wishes.create(WishDraft(name: "No place"), owner: owner)
        let page = try test.wishes.near(NearQuery(latitude: 37.55, longitude: 126.99), owner: owner)
        #expect(page.items.map(\.wish.id) == [seoul.id, jeonju.id, busan.id, paris.id])
        #expect(page.nextCursor == nil)
        let expected = GreatCircle.distance(
            Coordinate(latitude: 37.55, longitude: 126.99), Coordinate(latitude: 35.1796, longitude: 129.0756))
        #expect(abs(page.items[2].distanceMeters - expected) <= 1)
    }

    @Test(arguments: TestEngine.allCases) func nearPagesThroughEveryWishOnceInOrder(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        for index in 0..<25 { try fixture.add("W\(index)", 10 + Double(index) * 0.37, 20 - Double(index % 7) * 0.91) }
        var query = try NearQuery(latitude: 10, longitude: 20, limit: 4)
        var seen: [NearbyWish] = []
        while true {
            let page = try test.wishes.near(query, owner: owner)
            seen += page.items
            guard let cursor = page.nextCursor else { break }
            query.cursor = cursor
        }
        #expect(seen.count == 25)
        #expect(Set(seen.map(\.wish.id)).count == 25)
        #expect(seen.map(\.distanceMeters) == seen.map(\.distanceMeters).sorted())
    }

    @Test(arguments: TestEngine.allCases) func nearCrossesTheAntimeridianAndThePoles(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        let fiji = try fixture.add("East of the line", -17.0, 179.9)
        let samoa = try fixture.add("West of the line", -17.0, -179.9)
        let faraway = try fixture.add("Far", -17.0, 170.0)
        let page = try test.wishes.near(NearQuery(latitude: -17.0, longitude: -179.99), owner: owner)
        #expect(page.items.map(\.wish.id) == [samoa.id, fiji.id, faraway.id])
        #expect(page.items[1].distanceMeters < 20_000)

        let north = try fixture.add("Near the pole", 89.9, 0)
        let across = try fixture.add("Across the pole", 89.9, 180)
        let polar = try test.wishes.near(NearQuery(latitude: 89.95, longitude: 90), owner: owner)
        #expect(Set(polar.items.prefix(2).map(\.wish.id)) == [north.id, across.id])
    }

    @Test(arguments: TestEngine.allCases) func nearRefusesAnotherListsCursorAndSeesOnlyItsOwner(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        for index in 0..<5 { try fixture.add("Mine \(index)", 1, Double(index)) }
        let bob = try test.addUser("bob")
        try fixture.add("Bob's", 1, 0.5, owner: bob)
        let page = try test.wishes.near(NearQuery(latitude: 1, longitude: 0, limit: 2), owner: owner)
        #expect(page.items.allSatisfy { $0.wish.name.hasPrefix("Mine") })
        let cursor = try #require(page.nextCursor)
        #expect(throws: InvalidCursorError()) {
            try test.wishes.near(NearQuery(latitude: 1, longitude: 0, limit: 2, cursor: cursor), owner: bob)
        }
        #expect(throws: InvalidCursorError()) {
            try test.wishes.near(NearQuery(latitude: 2, longitude: 0, limit: 2, cursor: cursor), owner: owner)
        }
        #expect(throws: InvalidCursorError()) {
            try test.wishes.near(NearQuery(latitude: 1, longitude: 0, cursor: "garbage"), owner: owner)
        }
        #expect(try test.wishes.near(NearQuery(latitude: 1, longitude: 0), owner: bob).items.map(\.wish.name) == ["Bob's"])
    }

    @Test(arguments: TestEngine.allCases) func fewWishesInABoxAreMarkers(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        let inside = try fixture.add("Inside", 35.82, 127.15)
        try fixture.add("Outside", 40, 127.15)
        let box = try BoundingBox(minLongitude: 127, minLatitude: 35, maxLongitude: 128, maxLatitude: 36)
        let answer = try test.wishes.markers(in: box, zoom: 10, owner: owner)
        #expect(answer.markers == [MapMarkers.Marker(id: inside.id, latitude: 35.82, longitude: 127.15)])
        #expect(answer.clusters.isEmpty)
    }

    /// A box of fewer records than `MapMarkers.markerLimit` is one statement that reads the
    /// records' ids with their points from the points' index alone, for wishes and the journal.
    @Test func aBoxsMarkersAreReadFromThePointsIndexAloneOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (test, owner) = (fixture.test, fixture.owner)
        let wish = try fixture.add("Inside", 35.82, 127.15)
        let entry = try test.store.journal.create(
            JournalDraft(
                title: "Jeonju", date: "2026-08-01", place: Place(name: "Jeonju", latitude: 35.81, longitude: 127.14, source: .manual)),
            owner: owner)
        let box = try BoundingBox(minLongitude: 127, minLatitude: 35, maxLongitude: 128, maxLatitude: 36)
        let (store, pool) = try test.oneConnectionStore()
        defer { try? store.close() }
        _ = try store.wishes.markers(in: box, zoom: 10, owner: owner)  // prepares its statement
        _ = try store.journal.markers(in: box, zoom: 10, owner: owner)
        var markers: [[MapMarkers.Marker]] = []
        #expect(
            try TestStore.roundTrips(of: { markers.append(try store.wishes.markers(in: box, zoom: 10, owner: owner).markers) }, on: pool)
                == 1)
        #expect(
            try TestStore.roundTrips(of: { markers.append(try store.journal.markers(in: box, zoom: 10, owner: owner).markers) }, on: pool)
                == 1)
        #expect(markers.map { $0.map(\.id) } == [[wish.id], [entry.id]])
        for records in ["wishes", "journal_entries"] {
            let plan: [String] = try store.database.read { db in
                try db.run("SET LOCAL enable_seqscan = off", [:])
                let points = (records == "wishes" ? PlaceLayer.wishes : PlaceLayer.journal)
                    .pointsInBox(box, owner: owner, exact: true, uuids: true, db.dialect)
                return try db.query("EXPLAIN \(points.sql)", points.arguments).map { try $0["QUERY PLAN"] }
            }
            #expect(plan.contains { $0.contains("Index Only Scan") }, "\(records): \(plan)")
        }
    }

    @Test(arguments: TestEngine.allCases) func manyWishesBecomeClustersThatAddUpToTheBox(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        var generator = SystemRandomNumberGenerator()
        var points: [(Double, Double)] = []
        for index in 0..<900 {
            let point = (Double.random(in: -60...70, using: &generator), Double.random(in: -180...180, using: &generator))
            points.append(point)
            try fixture.add("P\(index)", point.0, point.1)
        }
        let boxes = [
            try BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90),
            try BoundingBox(minLongitude: -33.3, minLatitude: -41.7, maxLongitude: 101.9, maxLatitude: 52.2),
            try BoundingBox(minLongitude: 100, minLatitude: -50, maxLongitude: -100, maxLatitude: 50)  // across the antimeridian
        ]
        for box in boxes {
            let expected = points.filter { box.contains(latitude: $0.0, longitude: $0.1) }.count
            for zoom in [0, 3, 6, 12] {
                let answer = try test.wishes.markers(in: box, zoom: zoom, owner: owner)
                let total = answer.markers.count + answer.clusters.reduce(0) { $0 + $1.count }
                #expect(total == expected, "box \(box) zoom \(zoom)")
                if expected > MapMarkers.markerLimit {
                    #expect(answer.markers.isEmpty)
                    #expect(answer.clusters.count <= 2_000)
                }
            }
        }
        // Deleting and moving wishes keeps the grid right.
        if engine == .postgres {
            // The points up to the marker limit, then every cell and strip of the clusters together.
            let (store, pool) = try test.oneConnectionStore()
            defer { try? store.close() }
            let read = { _ = try store.wishes.markers(in: boxes[0], zoom: 2, owner: owner) }
            try read()  // prepares its statements
            #expect(try TestStore.roundTrips(of: read, on: pool) == 2)
        }
        let first = try #require(try test.wishes.list(WishListQuery(limit: 100), owner: owner).items.first)
        try test.library.delete(\.wishes, first.id, owner: owner)
        let world = try BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)
        #expect(try test.wishes.markers(in: world, zoom: 2, owner: owner).clusters.reduce(0) { $0 + $1.count } == 899)
        #expect(try test.wishes.markers(in: world, zoom: 2, owner: test.addUser("carol")).clusters.isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func placeChangesMoveTheMarker(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, owner) = (fixture.test, fixture.owner)
        let wish = try fixture.add("Moves", 10, 10)
        let near10 = try BoundingBox(minLongitude: 9, minLatitude: 9, maxLongitude: 11, maxLatitude: 11)
        _ = try test.library.update(
            \.wishes,
            wish.id, owner: owner,
            with: WishPatch(place: .set(Place(name: "Moved", latitude: 50, longitude: 50, source: .manual))))
        #expect(try test.wishes.markers(in: near10, zoom: 5, owner: owner).markers.isEmpty)
        _ = try test.library.update(\.wishes, wish.id, owner: owner, with: WishPatch(place: .clear))
        let world = try BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)
        #expect(try test.wishes.markers(in: world, zoom: 0, owner: owner).markers.isEmpty)
        #expect(try test.store.database.read { db in try db.scalar("SELECT count(*) FROM place_cells") as Int? } == 0)
    }
}
