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
    /// Looks in a circle that doubles from 25 km until it holds a page more than the cursor (the
    /// R*Tree answers each circle's bounding box), so a dense city answers from its own streets
    /// and a lonely wish at the antipode is still found.
    public func near(_ query: NearQuery, owner: UserKey) throws -> Page<NearbyWish> {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        var after: NearPosition?
        if let cursor = query.cursor {
            guard let position = OpaqueCursor.decode(cursor, as: NearPosition.self, owner: owner),
                position.latitude == query.latitude, position.longitude == query.longitude
            else { throw WishRepositoryError.invalidCursor }
            after = position
        }
        let halfCircumference = Double.pi * GreatCircle.meanEarthRadius
        return try pool.read { db in
            var radius = max(25_000, (after?.distance ?? 0) * 2)
            var found: [(distance: Double, rowID: Int64)] = []
            while true {
                found = try Self.placedRows(within: radius, of: origin, owner: owner, db).filter { candidate in
                    guard candidate.distance <= radius else { return false }
                    guard let after else { return true }
                    return (candidate.distance, candidate.rowID) > (after.distance, after.rowID)
                }
                if found.count > query.limit || radius >= halfCircumference { break }
                radius = min(radius * 2, halfCircumference)
            }
            found.sort { ($0.distance, $0.rowID) < ($1.distance, $1.rowID) }
            let page = found.prefix(query.limit)
            let rows = try Self.rows(ids: page.map(\.rowID), db)
            let wishes = try Self.wishes(from: rows, db)
            let items = zip(page, wishes).map { NearbyWish(wish: $1, distanceMeters: $0.distance.rounded()) }
            let next = found.count > query.limit ? page.last.map {
                NearPosition(latitude: origin.latitude, longitude: origin.longitude, distance: $0.distance, rowID: $0.rowID)
            } : nil
            return Page(items: items, nextCursor: try next.map { try OpaqueCursor.encode($0, owner: owner) })
        }
    }

    /// The account's wishes in `box` as points, or as clusters when there are more than
    /// `MapMarkers.markerLimit`: grid cells wholly inside the box come from `place_cells`, and the
    /// points in the box's rim, where cells are cut by its edges, are counted one by one, so the
    /// clusters add up to exactly the wishes in the box.
    public func markers(in box: BoundingBox, zoom: Int, owner: UserKey) throws -> MapMarkers {
        try pool.read { db in
            var points: [(rowID: Int64, latitude: Double, longitude: Double)] = []
            for part in box.parts {
                points += try Self.points(in: part, owner: owner, limit: MapMarkers.markerLimit + 1 - points.count, db)
                if points.count > MapMarkers.markerLimit { break }
            }
            if points.count <= MapMarkers.markerLimit {
                let ids = try Self.uuids(of: points.map(\.rowID), db)
                return MapMarkers(
                    markers: points.compactMap { point in
                        ids[point.rowID].map { MapMarkers.Marker(id: $0, latitude: point.latitude, longitude: point.longitude) }
                    },
                    clusters: [])
            }
            let level = Self.cellLevel(zoom: zoom)
            var cells: [CellKey: CellSum] = [:]
            for part in box.parts {
                try Self.addClusters(in: part, level: level, owner: owner, to: &cells, db)
            }
            return MapMarkers(
                markers: [],
                clusters: cells.values.map { sum in
                    MapMarkers.Cluster(
                        latitude: sum.latitude / Double(sum.count), longitude: sum.longitude / Double(sum.count),
                        count: sum.count)
                }.sorted { ($0.count, $0.latitude, $0.longitude) > ($1.count, $1.latitude, $1.longitude) })
        }
    }

    // MARK: Near

    private static func placedRows(within radius: Double, of origin: Coordinate, owner: UserKey, _ db: Database) throws
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
                SELECT w.id, w.place_latitude, w.place_longitude FROM wish_places p JOIN wishes w ON w.id = p.id
                WHERE p.min_owner >= ?1 AND p.max_owner <= ?1
                  AND p.max_longitude >= ?2 AND p.min_longitude <= ?3 AND p.max_latitude >= ?4 AND p.min_latitude <= ?5
                """,
                [owner.rawValue, west, east, south, north]
            ) { row in
                let point = Coordinate(latitude: try row["place_latitude"], longitude: try row["place_longitude"])
                found.append((GreatCircle.distance(origin, point), try row["id"]))
            }
        }
        return found
    }

    private static func rows(ids: [Int64], _ db: Database) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            "SELECT \(columns) FROM wishes w WHERE w.id IN (SELECT value FROM json_each(?))",
            ["[" + ids.map(String.init).joined(separator: ",") + "]"])
        let byID = Dictionary(uniqueKeysWithValues: try rows.map { (try $0["id"] as Int64, $0) })
        return ids.compactMap { byID[$0] }
    }

    // MARK: Markers

    private struct CellKey: Hashable {
        let x: Int
        let y: Int
    }

    private struct CellSum {
        var count = 0
        var latitude = 0.0
        var longitude = 0.0
    }

    /// The `place_cells` level whose cells are 64–128 pixels wide at `zoom`.
    static func cellLevel(zoom: Int) -> Int {
        let wanted = zoom + 2
        return Schema.placeCellLevels.min { abs($0 - wanted) < abs($1 - wanted) } ?? Schema.placeCellLevels[0]
    }

    private static func points(in box: BoundingBox, owner: UserKey, limit: Int, _ db: Database) throws
        -> [(rowID: Int64, latitude: Double, longitude: Double)]
    {
        guard limit > 0 else { return [] }
        return try db.query(
            """
            SELECT w.id, w.place_latitude, w.place_longitude FROM wish_places p JOIN wishes w ON w.id = p.id
            WHERE p.min_owner >= ?1 AND p.max_owner <= ?1
              AND p.max_longitude >= ?2 AND p.min_longitude <= ?3 AND p.max_latitude >= ?4 AND p.min_latitude <= ?5
              AND w.place_longitude BETWEEN ?2 AND ?3 AND w.place_latitude BETWEEN ?4 AND ?5
            LIMIT ?6
            """,
            [owner.rawValue, box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude, limit]
        ).map { row in (try row["id"], try row["place_latitude"], try row["place_longitude"]) }
    }

    private static func uuids(of rowIDs: [Int64], _ db: Database) throws -> [Int64: UUID] {
        guard !rowIDs.isEmpty else { return [:] }
        var ids: [Int64: UUID] = [:]
        try db.forEach(
            "SELECT id, uuid FROM wishes WHERE id IN (SELECT value FROM json_each(?))",
            ["[" + rowIDs.map(String.init).joined(separator: ",") + "]"]
        ) { row in ids[try row["id"]] = try UUID(storedText: row["uuid"]) }
        return ids
    }

    /// The cell of a point, computed exactly as the triggers of `Schema.createPlaces` do.
    private static func cell(latitude: Double, longitude: Double, level: Int) -> CellKey {
        let count = 1 << level
        return CellKey(
            x: min(Int((longitude + 180.0) / 360.0 * Double(count)), count - 1),
            y: min(Int((latitude + 90.0) / 180.0 * Double(count)), count - 1))
    }

    /// Adds the clusters of one box (not crossing the antimeridian) at `level`.
    private static func addClusters(
        in box: BoundingBox, level: Int, owner: UserKey, to cells: inout [CellKey: CellSum], _ db: Database
    ) throws {
        let cellWidth = 360 / Double(1 << level), cellHeight = 180 / Double(1 << level)
        // Cells wholly inside the box, by index.
        let firstX = Int(((box.minLongitude + 180) / cellWidth).rounded(.up))
        let lastX = Int(((box.maxLongitude + 180) / cellWidth).rounded(.down)) - 1
        let firstY = Int(((box.minLatitude + 90) / cellHeight).rounded(.up))
        let lastY = Int(((box.maxLatitude + 90) / cellHeight).rounded(.down)) - 1
        let hasInterior = firstX <= lastX && firstY <= lastY
        if hasInterior {
            try db.forEach(
                """
                SELECT x, y, count, sum_latitude, sum_longitude FROM place_cells
                WHERE owner_id = ? AND level = ? AND x BETWEEN ? AND ? AND y BETWEEN ? AND ?
                """,
                [owner.rawValue, level, firstX, lastX, firstY, lastY]
            ) { row in
                let key = CellKey(x: try row["x"], y: try row["y"])
                cells[key, default: CellSum()].count += try row["count"]
                cells[key, default: CellSum()].latitude += try row["sum_latitude"]
                cells[key, default: CellSum()].longitude += try row["sum_longitude"]
            }
        }
        // The rim: points of the box in cells its edges cut, added one by one. The SQL keeps out
        // points well inside the interior; the cell formula, the same as the triggers', decides.
        let margin = min(cellWidth, cellHeight) / 1000
        let interior = hasInterior
            ? [Double(firstX) * cellWidth - 180 + margin, Double(lastX + 1) * cellWidth - 180 - margin,
               Double(firstY) * cellHeight - 90 + margin, Double(lastY + 1) * cellHeight - 90 - margin]
            : [0, 0, 0, 0]
        try db.forEach(
            """
            SELECT w.place_latitude AS latitude, w.place_longitude AS longitude
            FROM wish_places p JOIN wishes w ON w.id = p.id
            WHERE p.min_owner >= ?1 AND p.max_owner <= ?1
              AND p.max_longitude >= ?2 AND p.min_longitude <= ?3 AND p.max_latitude >= ?4 AND p.min_latitude <= ?5
              AND w.place_longitude BETWEEN ?2 AND ?3 AND w.place_latitude BETWEEN ?4 AND ?5
              AND NOT (w.place_longitude > ?6 AND w.place_longitude < ?7 AND w.place_latitude > ?8 AND w.place_latitude < ?9)
            """,
            [owner.rawValue, box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude]
                + interior.map { $0 as any SQLiteBindable }
        ) { row in
            let latitude: Double = try row["latitude"], longitude: Double = try row["longitude"]
            let key = cell(latitude: latitude, longitude: longitude, level: level)
            if hasInterior, (firstX...lastX).contains(key.x), (firstY...lastY).contains(key.y) { return }
            cells[key, default: CellSum()].count += 1
            cells[key, default: CellSum()].latitude += latitude
            cells[key, default: CellSum()].longitude += longitude
        }
    }
}
