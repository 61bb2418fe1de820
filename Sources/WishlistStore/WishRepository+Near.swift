import Foundation
import Geocoding
import SQLite
import WishlistCore

extension WishRepository {
    /// Where a page of "near me" ended: the distance and row of its last wish.
    private struct NearPosition: Codable {
        let latitude: Double
        let longitude: Double
        let distance: Double
        let rowID: Int64
    }

    /// The account's wishes with a place, nearest to the point first by great-circle distance.
    ///
    /// Looks in a `SearchCircle` that doubles until it holds a page more than the cursor (the
    /// R*Tree answers the circle's boxes). Shown distances are from the stored coordinates; the
    /// order from the R*Tree's, which agree within about a metre.
    public func near(_ query: NearQuery, owner: UserKey) throws -> Page<NearbyWish> {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        var after: NearPosition?
        if let cursor = query.cursor {
            guard let position = OpaqueCursor.decode(cursor, as: NearPosition.self, owner: owner),
                position.latitude == query.latitude, position.longitude == query.longitude
            else { throw WishRepositoryError.invalidCursor }
            after = position
        }
        return try pool.read { db in
            var circle = SearchCircle(latitude: origin.latitude, longitude: origin.longitude, after: after?.distance)
            var found: [(distance: Double, rowID: Int64)] = []
            while true {
                found = try Self.placedRows(in: circle, owner: owner, db).filter { candidate in
                    guard candidate.distance <= circle.radius else { return false }
                    guard let after else { return true }
                    return (candidate.distance, candidate.rowID) > (after.distance, after.rowID)
                }
                if found.count > query.limit || circle.coversEverything { break }
                circle = circle.doubled()
            }
            found.sort { ($0.distance, $0.rowID) < ($1.distance, $1.rowID) }
            let page = found.prefix(query.limit)
            let rows = try Self.rows(ids: page.map(\.rowID), db)
            let wishes = try Self.wishes(from: rows, db)
            let items = wishes.map { wish in
                let place = Coordinate(latitude: wish.place?.latitude ?? 0, longitude: wish.place?.longitude ?? 0)
                return NearbyWish(wish: wish, distanceMeters: GreatCircle.distance(origin, place).rounded())
            }
            let next = found.count > query.limit ? page.last.map {
                NearPosition(latitude: origin.latitude, longitude: origin.longitude, distance: $0.distance, rowID: $0.rowID)
            } : nil
            return Page(items: items, nextCursor: try next.map { try OpaqueCursor.encode($0, owner: owner) })
        }
    }

    /// The rows in the circle's boxes, each with its distance from the centre.
    private static func placedRows(in circle: SearchCircle, owner: UserKey, _ db: Database) throws
        -> [(distance: Double, rowID: Int64)]
    {
        let origin = Coordinate(latitude: circle.latitude, longitude: circle.longitude)
        var found: [(distance: Double, rowID: Int64)] = []
        for box in circle.boxes {
            try db.forEach(
                """
                SELECT id, min_latitude, min_longitude FROM wish_places
                WHERE min_owner > ?1 - 1 AND max_owner < ?1 + 1
                  AND max_longitude >= ?2 AND min_longitude <= ?3 AND max_latitude >= ?4 AND min_latitude <= ?5
                """,
                [owner.rawValue, box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude]
            ) { row in
                // The R*Tree keeps coordinates as 32-bit floats (within a metre or so): close enough to
                // order by, and reading them spares a lookup in the wishes table for every candidate.
                let point = Coordinate(latitude: try row["min_latitude"], longitude: try row["min_longitude"])
                found.append((GreatCircle.distance(origin, point), try row["id"]))
            }
        }
        return found
    }

    private static func rows(ids: [Int64], _ db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            "SELECT \(columns) FROM wishes w WHERE w.id IN (SELECT value FROM json_each(?))",
            [ids.jsonArray])
        let byID = Dictionary(uniqueKeysWithValues: try rows.map { (try $0["id"] as Int64, $0) })
        return ids.compactMap { byID[$0] }
    }
}
