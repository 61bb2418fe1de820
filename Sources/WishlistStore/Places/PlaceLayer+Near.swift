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
            found = try placedRows(in: circle, after: after, wanted: query.limit + 1, owner: owner, db)
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

    /// How far a stored place is from the point, in whole metres, as near-me answers show it.
    static func distance(from query: NearQuery, to place: Place?) -> Double {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        let point = Coordinate(latitude: place?.latitude ?? 0, longitude: place?.longitude ?? 0)
        return GreatCircle.distance(origin, point).rounded()
    }

    /// The rows in the circle past `after`, each with its distance from the centre: all of them,
    /// or at least the `wanted` nearest when there are more.
    ///
    /// Where the index gives coordinates only to within a few metres (SQLite's R*Tree), the
    /// candidates are taken nearest first by those, and the stored coordinates are read for as
    /// many as could still be among the `wanted` nearest: a query or two for a page, rather than
    /// a lookup of every record in the circle.
    private func placedRows(
        in circle: SearchCircle, after: NearPosition?, wanted: Int, owner: UserKey, _ db: any SQLConnection
    ) throws -> [(distance: Double, rowID: Int64)] {
        func isEligible(_ candidate: (distance: Double, rowID: Int64)) -> Bool {
            guard candidate.distance <= circle.radius else { return false }
            guard let after else { return true }
            return (candidate.distance, candidate.rowID) > (after.distance, after.rowID)
        }
        let origin = Coordinate(latitude: circle.latitude, longitude: circle.longitude)
        var candidates: [(distance: Double, rowID: Int64)] = []
        var tolerance = 0.0
        for box in circle.boxes {
            let points = pointsInBox(box, owner: owner, exact: false, db.dialect)
            tolerance = points.tolerance
            for row in try db.query(points.sql, points.arguments) {
                let point = Coordinate(latitude: try row["latitude"], longitude: try row["longitude"])
                candidates.append((GreatCircle.distance(origin, point), try row["id"]))
            }
        }
        guard tolerance > 0 else { return candidates.filter(isEligible) }
        candidates = candidates.filter { candidate in
            candidate.distance <= circle.radius + tolerance && candidate.distance >= (after?.distance ?? 0) - tolerance
        }
        candidates.sort { $0.distance < $1.distance }
        var found: [(distance: Double, rowID: Int64)] = []
        var next = 0
        while next < candidates.count {
            // Once `wanted` are found, a candidate further than the last of them by more than the
            // tolerance cannot come before it, nor can any after it.
            if found.count >= wanted, candidates[next].distance > found.map(\.distance).sorted()[wanted - 1] + tolerance {
                break
            }
            let batch = candidates[next..<min(candidates.count, next + wanted)].map(\.rowID)
            next += batch.count
            let rows = try db.query(
                """
                SELECT id, place_latitude, place_longitude FROM \(records)
                WHERE \(db.dialect.test("id", isAmongIDsIn: ":ids"))
                """,
                ["ids": batch.jsonArray])
            for row in rows {
                let point = Coordinate(latitude: try row["place_latitude"], longitude: try row["place_longitude"])
                let candidate = (distance: GreatCircle.distance(origin, point), rowID: try row["id"] as Int64)
                if isEligible(candidate) { found.append(candidate) }
            }
        }
        return found
    }
}
