import SQLite
import WishlistCore

/// The layer's reads for a room still on SQLite's pool (the K-culture spots), on its connection.
extension PlaceLayer {
    /// ``nearest(_:owner:_:)`` on one of SQLite's connections.
    func nearest(_ query: NearQuery, owner: UserKey, _ db: Database) throws -> (rowIDs: [Int64], nextCursor: String?) {
        try nearest(query, owner: owner, SQLiteConnection(database: db))
    }

    /// ``markers(in:zoom:owner:_:)`` on one of SQLite's connections.
    func markers(in box: BoundingBox, zoom: Int, owner: UserKey, _ db: Database) throws -> MapMarkers {
        try markers(in: box, zoom: zoom, owner: owner, SQLiteConnection(database: db))
    }
}
