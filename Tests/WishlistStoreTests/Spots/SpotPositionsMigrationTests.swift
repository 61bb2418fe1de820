import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// `2026-12-06-spot-positions` drops the spots' R*Tree (`spot_places`) for two B-tree indexes on
/// their coordinates. A database whose spots were imported before it answers near me and the map
/// after it exactly as one that imported the same release afterwards. (SQLite's migration; near me
/// and the map run on SQLite only so far.)
@Suite struct SpotPositionsMigrationTests {
    static let migration = "2026-12-06-spot-positions"

    @Test func spotsImportedBeforeTheMigrationAreFoundAsBefore() throws {
        let release = try Data(contentsOf: try #require(SpotCatalog.bundledFile))
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-spot-positions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path
        let old = try DatabasePool(path: path, readerCount: 1)
        try Schema.migrator.prefix(before: Self.migration).migrate(old)
        _ = try SpotRepository(database: StoreDatabase(.sqlite(old))).importFile(release)
        // The release's points as the import before the migration filed them.
        try old.write { db in
            try db.execute(
                """
                INSERT INTO spot_places (id, min_owner, max_owner, min_longitude, max_longitude, min_latitude, max_latitude)
                SELECT id, -0.5, 0.5, place_longitude, place_longitude, place_latitude, place_latitude FROM spots;
                """)
        }
        try old.close()

        let store = try Store(path: path, readerCount: 1)
        defer { try? store.close() }
        let schema: [String] = try store.pool.read { db in
            try db.query("SELECT name FROM sqlite_schema WHERE name LIKE 'spot_places%' OR name LIKE 'spots_by_%' ORDER BY name")
                .map { try $0["name"] }
        }
        #expect(schema == ["spots_by_latitude", "spots_by_longitude", "spots_by_title"])

        // The same release imported after the migration (as a first start imports it).
        let fresh = try TestStore.withBundledSpots()
        let owner = UserKey(1)
        for (latitude, longitude) in [(37.5665, 126.978), (35.1796, 129.0756), (33.4996, 126.5312)] {
            let query = try NearQuery(latitude: latitude, longitude: longitude, limit: 30)
            let near = try store.spots.near(query, owner: owner)
            #expect(near.items.count == 30)
            #expect(near.items == (try fresh.store.spots.near(query, owner: owner)).items)
        }
        let korea = try BoundingBox(minLongitude: 124, minLatitude: 33, maxLongitude: 132, maxLatitude: 39)
        let seoul = try BoundingBox(minLongitude: 126.97, minLatitude: 37.55, maxLongitude: 126.99, maxLatitude: 37.57)
        for (box, zoom) in [(korea, 7), (seoul, 16)] {
            let markers = try store.spots.markers(in: box, zoom: zoom)
            let expected = try fresh.store.spots.markers(in: box, zoom: zoom)
            #expect(!markers.clusters.isEmpty)
            #expect(markers.markers == expected.markers, "zoom \(zoom)")
            #expect(Self.same(markers.clusters, expected.clusters), "zoom \(zoom)")
        }
    }

    /// The same clusters in the same order, their centres equal but for the rounding of sums made
    /// in another order (the fresh import reads the points by its coordinate index).
    static func same(_ clusters: [MapMarkers.Cluster], _ others: [MapMarkers.Cluster]) -> Bool {
        clusters.count == others.count
            && zip(clusters, others).allSatisfy { cluster, other in
                cluster.count == other.count && abs(cluster.latitude - other.latitude) < 1e-9
                    && abs(cluster.longitude - other.longitude) < 1e-9
            }
    }
}
