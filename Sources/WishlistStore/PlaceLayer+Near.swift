import Foundation
import Geocoding
import SQLite
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
    /// Looks in a circle that doubles from 1 km until it holds a page more than the cursor (the
    /// R*Tree answers each circle's bounding box), so a dense city answers from its own streets
    /// and a lonely record at the antipode is still found. The order is the R*Tree's coordinates',
    /// which agree with the stored ones within about a metre.
    func nearest(_ query: NearQuery, owner: UserKey, _ db: Database) throws -> (rowIDs: [Int64], nextCursor: String?) {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        var after: NearPosition?
        if let cursor = query.cursor {
            guard let position = OpaqueCursor.decode(cursor, as: NearPosition.self, owner: owner),
                position.latitude == query.latitude, position.longitude == query.longitude
            else { throw InvalidCursorError() }
            after = position
        }
        let halfCircumference = Double.pi * GreatCircle.meanEarthRadius
        var radius = max(1_000, (after?.distance ?? 0) * 1.5)
        var found: [(distance: Double, rowID: Int64)] = []
        while true {
            found = try placedRows(within: radius, of: origin, owner: owner, db).filter { candidate in
                guard candidate.distance <= radius else { return false }
                guard let after else { return true }
                return (candidate.distance, candidate.rowID) > (after.distance, after.rowID)
            }
            if found.count > query.limit || radius >= halfCircumference { break }
            radius = min(radius * 2, halfCircumference)
        }
        found.sort { ($0.distance, $0.rowID) < ($1.distance, $1.rowID) }
        let page = found.prefix(query.limit)
        let next = found.count > query.limit ? page.last.map {
            NearPosition(latitude: origin.latitude, longitude: origin.longitude, distance: $0.distance, rowID: $0.rowID)
        } : nil
        return (page.map(\.rowID), try next.map { try OpaqueCursor.encode($0, owner: owner) })
    }

    /// The rows of `ids`, in that order, selecting `columns` from the records aliased `alias`.
    func records(ids: [Int64], columns: String, alias: String, _ db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            "SELECT \(columns) FROM \(self.records) \(alias) WHERE \(alias).id IN (SELECT value FROM json_each(?))",
            [ids.jsonArray])
        let byID = Dictionary(uniqueKeysWithValues: try rows.map { (try $0["id"] as Int64, $0) })
        return ids.compactMap { byID[$0] }
    }

    /// How far a stored place is from the point, in whole metres, as near-me answers show it.
    static func distance(from query: NearQuery, to place: Place?) -> Double {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        let point = Coordinate(latitude: place?.latitude ?? 0, longitude: place?.longitude ?? 0)
        return GreatCircle.distance(origin, point).rounded()
    }

    private func placedRows(within radius: Double, of origin: Coordinate, owner: UserKey, _ db: Database) throws
        -> [(distance: Double, rowID: Int64)]
    {
        let angle = radius / GreatCircle.meanEarthRadius * 180 / .pi
        let south = origin.latitude - angle, north = origin.latitude + angle
        var boxes: [(Double, Double, Double, Double)]  // west, south, east, north
        if south <= -90 || north >= 90 || angle >= 90 {
            boxes = [(-180, max(south, -90), 180, min(north, 90))]
        } else {
            let spread = asin(min(1, sin(radius / GreatCircle.meanEarthRadius) / cos(origin.latitude * .pi / 180))) * 180 / .pi
            let west = origin.longitude - spread, east = origin.longitude + spread
            if spread >= 180 {
                boxes = [(-180, south, 180, north)]
            } else if west < -180 {
                boxes = [(west + 360, south, 180, north), (-180, south, east, north)]
            } else if east > 180 {
                boxes = [(west, south, 180, north), (-180, south, east - 360, north)]
            } else {
                boxes = [(west, south, east, north)]
            }
        }
        var found: [(distance: Double, rowID: Int64)] = []
        for (west, south, east, north) in boxes {
            try db.forEach(
                """
                SELECT id, min_latitude, min_longitude FROM \(self.points)
                WHERE min_owner > ?1 - 1 AND max_owner < ?1 + 1
                  AND max_longitude >= ?2 AND min_longitude <= ?3 AND max_latitude >= ?4 AND min_latitude <= ?5
                """,
                [owner.rawValue, west, east, south, north]
            ) { row in
                // The R*Tree keeps coordinates as 32-bit floats (within a metre or so): close enough to
                // order by, and reading them spares a lookup in the records table for every candidate.
                let point = Coordinate(latitude: try row["min_latitude"], longitude: try row["min_longitude"])
                found.append((GreatCircle.distance(origin, point), try row["id"]))
            }
        }
        return found
    }
}
