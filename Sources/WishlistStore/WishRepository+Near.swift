import Foundation
import Geocoding
import SQLite
import WishlistCore

extension WishRepository {
    /// The account's wishes with a place, nearest to the point first by great-circle distance
    /// (see `PlaceIndex.nearest`). Shown distances are from the stored coordinates.
    public func near(_ query: NearQuery, owner: UserKey) throws -> Page<NearbyWish> {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        return try pool.read { db in
            let (rowIDs, nextCursor) = try PlaceIndex.wishes.nearest(query, owner: owner, db)
            let wishes = try Self.wishes(from: Self.rows(ids: rowIDs, db), db)
            let items = wishes.map { wish in
                let place = Coordinate(latitude: wish.place?.latitude ?? 0, longitude: wish.place?.longitude ?? 0)
                return NearbyWish(wish: wish, distanceMeters: GreatCircle.distance(origin, place).rounded())
            }
            return Page(items: items, nextCursor: nextCursor)
        }
    }

    /// The rows of these wishes, in the order of `ids`.
    private static func rows(ids: [Int64], _ db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            "SELECT \(columns) FROM wishes w WHERE w.id IN (SELECT value FROM json_each(?))",
            [ids.jsonArray])
        let byID = Dictionary(uniqueKeysWithValues: try rows.map { (try $0["id"] as Int64, $0) })
        return ids.compactMap { byID[$0] }
    }
}
