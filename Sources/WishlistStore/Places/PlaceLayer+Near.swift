import Foundation
import Geocoding
import WishlistCore

extension PlaceLayer {
    /// Where a page of "near me" ended: the distance and row of its last record.
    private struct NearPosition: Codable {
        let latitude: Double
        let longitude: Double
        let distance: Double
        let rowID: Int64
    }

    /// A page of the account's placed records nearest to the point first by great-circle distance:
    /// their row ids in order, and the cursor of the next page.
    ///
    /// Looks in a `SearchCircle` that doubles until it holds a page more than the cursor (the
    /// layer's point index answers the circle's boxes). Distances are computed here from the
    /// stored coordinates, so both engines order, page and cut alike to the last bit.
    func nearest(_ query: NearQuery, owner: UserKey, _ db: any SQLConnection) throws -> (rowIDs: [Int64], nextCursor: String?) {
        var after: NearPosition?
        if let cursor = query.cursor {
            guard let position = OpaqueCursor.decode(cursor, as: NearPosition.self, owner: owner),
                position.latitude == query.latitude, position.longitude == query.longitude
            else { throw InvalidCursorError() }
            after = position
        }
        var circle = SearchCircle(latitude: query.latitude, longitude: query.longitude, after: after?.distance)
        var found: [(distance: Double, rowID: Int64)] = []
        while true {
            found = try placedRows(in: circle, owner: owner, db).filter { candidate in
                guard candidate.distance <= circle.radius else { return false }
                guard let after else { return true }
                return (candidate.distance, candidate.rowID) > (after.distance, after.rowID)
            }
            if found.count > query.limit || circle.coversEverything { break }
            circle = circle.doubled()
        }
        found.sort { ($0.distance, $0.rowID) < ($1.distance, $1.rowID) }
        let page = found.prefix(query.limit)
        let next =
            found.count > query.limit
            ? page.last.map {
                NearPosition(latitude: query.latitude, longitude: query.longitude, distance: $0.distance, rowID: $0.rowID)
            } : nil
        return (page.map(\.rowID), try next.map { try OpaqueCursor.encode($0, owner: owner) })
    }

    /// The rows of `ids`, in that order, selecting `columns` from the records aliased `alias`.
    func records(ids: [Int64], columns: String, alias: String, _ db: any SQLConnection) throws -> [SQLRow] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            """
            SELECT \(columns) FROM \(self.records) \(alias)
            WHERE \(alias).id IN (\(db.dialect.members(ofJSONArray: ":ids", as: .integer)))
            """,
            ["ids": ids.jsonArray])
        let byID = Dictionary(uniqueKeysWithValues: try rows.map { (try $0["id"] as Int64, $0) })
        return ids.compactMap { byID[$0] }
    }

    /// How far a stored place is from the point, in whole metres, as near-me answers show it.
    static func distance(from query: NearQuery, to place: Place?) -> Double {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        let point = Coordinate(latitude: place?.latitude ?? 0, longitude: place?.longitude ?? 0)
        return GreatCircle.distance(origin, point).rounded()
    }

    /// The rows in the circle's boxes, each with its distance from the centre.
    private func placedRows(in circle: SearchCircle, owner: UserKey, _ db: any SQLConnection) throws
        -> [(distance: Double, rowID: Int64)]
    {
        let origin = Coordinate(latitude: circle.latitude, longitude: circle.longitude)
        var found: [(distance: Double, rowID: Int64)] = []
        for box in circle.boxes {
            let points = pointsInBox(box, owner: owner, db.dialect)
            for row in try db.query(points.sql, points.arguments) {
                let point = Coordinate(latitude: try row["latitude"], longitude: try row["longitude"])
                found.append((GreatCircle.distance(origin, point), try row["id"]))
            }
        }
        return found
    }
}
