import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The bundled spots on the map and near me answer alike on both engines: the same pages to the
/// end, the same markers, and clusters of the same counts (their centres equal but for the order
/// each engine adds the cell sums in).
@Suite struct SpotsOnTheMapTests {
    @Test func nearMeAndTheMarkersAreTheSameOnBothEngines() throws {
        let sqlite = try TestStore.withBundledSpots(engine: .sqlite)
        let postgres = try TestStore.withBundledSpots(engine: .postgres)
        let owner = try sqlite.addUser("alice")
        _ = try postgres.addUser("alice")
        for (latitude, longitude) in [(37.5665, 126.9780), (35.1796, 129.0756), (33.4996, 126.5312)] {
            var cursor: String?
            var pages = 0
            repeat {
                let query = try NearQuery(latitude: latitude, longitude: longitude, limit: 50, cursor: cursor)
                let onSQLite = try sqlite.store.spots.near(query, owner: owner)
                let onPostgreSQL = try postgres.store.spots.near(query, owner: owner)
                #expect(onSQLite.items.map(\.spot.id) == onPostgreSQL.items.map(\.spot.id), "near \(latitude),\(longitude) page \(pages)")
                #expect(onSQLite.items.map(\.distanceMeters) == onPostgreSQL.items.map(\.distanceMeters))
                #expect(onSQLite.nextCursor == onPostgreSQL.nextCursor)
                cursor = onSQLite.nextCursor
                pages += 1
            } while cursor != nil && pages < 4
        }
        let boxes = [
            try BoundingBox(minLongitude: 124, minLatitude: 33, maxLongitude: 132, maxLatitude: 39),
            try BoundingBox(minLongitude: 126.9, minLatitude: 37.5, maxLongitude: 127.1, maxLatitude: 37.6),
            try BoundingBox(minLongitude: 126.97, minLatitude: 37.55, maxLongitude: 126.99, maxLatitude: 37.57)
        ]
        for box in boxes {
            for zoom in [6, 10, 14, 18] {
                let onSQLite = try sqlite.store.spots.markers(in: box, zoom: zoom)
                let onPostgreSQL = try postgres.store.spots.markers(in: box, zoom: zoom)
                #expect(onSQLite.markers.map(\.id) == onPostgreSQL.markers.map(\.id), "\(box) at \(zoom)")
                #expect(onSQLite.clusters.map(\.count) == onPostgreSQL.clusters.map(\.count), "\(box) at \(zoom)")
                for (left, right) in zip(onSQLite.clusters, onPostgreSQL.clusters) {
                    #expect(abs(left.latitude - right.latitude) < 1e-9 && abs(left.longitude - right.longitude) < 1e-9)
                }
            }
        }
    }
}
