import Foundation
import Geocoding
import SQLite
import WishlistCore

/// The SQL of points indexed for the map and "near me", shared by wishes and the K-culture spots:
/// an R*Tree with the owner as a first dimension and a `PlaceGrid` counting the points of each
/// owner at several levels (see `Schema.createPlaces`). Wishes use one owner per account; the
/// spots, shared by every account, use their own tables with owner 0. The maths (the circles
/// "near me" searches, the grid's cells and ranges) is `WishlistCore`'s.
///
/// The records table has `id`, `uuid`, `place_latitude` and `place_longitude` columns.
struct PlaceIndex: Sendable {
    /// The R*Tree: `id, min_owner, max_owner, min_longitude, max_longitude, min_latitude, max_latitude`.
    let points: String
    /// The grid: `owner_id, level, x, y, count, sum_latitude, sum_longitude`.
    let cells: String
    let records: String

    static let wishes = PlaceIndex(points: "wish_places", cells: "place_cells", records: "wishes")

    /// Where a page of "near me" ended: the distance and row of its last point.
    private struct NearPosition: Codable {
        let latitude: Double
        let longitude: Double
        let distance: Double
        let rowID: Int64
    }

    /// A page of the owner's points nearest to the query's point first by great-circle distance,
    /// with the cursor of the next page.
    ///
    /// Looks in a `SearchCircle` that doubles until it holds a page more than the cursor (the
    /// R*Tree answers the circle's boxes). The order is by the R*Tree's coordinates, which agree
    /// with the stored ones within about a metre.
    func nearest(_ query: NearQuery, owner: UserKey, _ db: Database) throws -> (rowIDs: [Int64], nextCursor: String?) {
        var after: NearPosition?
        if let cursor = query.cursor {
            guard let position = OpaqueCursor.decode(cursor, as: NearPosition.self, owner: owner),
                position.latitude == query.latitude, position.longitude == query.longitude
            else { throw WishRepositoryError.invalidCursor }
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
        let next = found.count > query.limit ? page.last.map {
            NearPosition(latitude: query.latitude, longitude: query.longitude, distance: $0.distance, rowID: $0.rowID)
        } : nil
        return (page.map(\.rowID), try next.map { try OpaqueCursor.encode($0, owner: owner) })
    }

    /// The owner's points in `box` as markers, or as clusters when there are more than
    /// `MapMarkers.markerLimit`: grid cells wholly inside the box come from the grid, and the
    /// points in the box's rim, where cells are cut by its edges, are counted one by one, so the
    /// clusters add up to exactly the points in the box.
    func markers(in box: BoundingBox, zoom: Int, owner: UserKey, _ db: Database) throws -> MapMarkers {
        var points: [(rowID: Int64, latitude: Double, longitude: Double)] = []
        for part in box.parts {
            points += try self.points(in: part, owner: owner, limit: MapMarkers.markerLimit + 1 - points.count, db)
            if points.count > MapMarkers.markerLimit { break }
        }
        if points.count <= MapMarkers.markerLimit {
            let ids = try uuids(of: points.map(\.rowID), db)
            return MapMarkers(
                markers: points.compactMap { point in
                    ids[point.rowID].map { MapMarkers.Marker(id: $0, latitude: point.latitude, longitude: point.longitude) }
                },
                clusters: [])
        }
        let level = PlaceGrid.level(zoom: zoom)
        var cells: [PlaceGrid.Cell: PointSum] = [:]
        for part in box.parts {
            try addClusters(in: part, level: level, owner: owner, to: &cells, db)
        }
        return MapMarkers(
            markers: [],
            clusters: cells.values.map(\.cluster)
                .sorted { ($0.count, $0.latitude, $0.longitude) > ($1.count, $1.latitude, $1.longitude) })
    }

    // MARK: Near

    /// The rows in the circle's boxes, each with its distance from the centre.
    private func placedRows(in circle: SearchCircle, owner: UserKey, _ db: Database) throws
        -> [(distance: Double, rowID: Int64)]
    {
        let origin = Coordinate(latitude: circle.latitude, longitude: circle.longitude)
        var found: [(distance: Double, rowID: Int64)] = []
        for box in circle.boxes {
            try db.forEach(
                """
                SELECT id, min_latitude, min_longitude FROM \(points)
                WHERE min_owner > ?1 - 1 AND max_owner < ?1 + 1
                  AND max_longitude >= ?2 AND min_longitude <= ?3 AND max_latitude >= ?4 AND min_latitude <= ?5
                """,
                [owner.rawValue, box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude]
            ) { row in
                // The R*Tree keeps coordinates as 32-bit floats (within a metre or so): close enough to
                // order by, and reading them spares a lookup in the records table for every candidate.
                let point = Coordinate(latitude: try row["min_latitude"], longitude: try row["min_longitude"])
                found.append((GreatCircle.distance(origin, point), try row["id"]))
            }
        }
        return found
    }

    // MARK: Markers

    private func points(in box: BoundingBox, owner: UserKey, limit: Int, _ db: Database) throws
        -> [(rowID: Int64, latitude: Double, longitude: Double)]
    {
        guard limit > 0 else { return [] }
        return try db.query(
            """
            SELECT w.id, w.place_latitude, w.place_longitude FROM \(points) p JOIN \(records) w ON w.id = p.id
            WHERE p.min_owner > ?1 - 1 AND p.max_owner < ?1 + 1
              AND p.max_longitude >= ?2 AND p.min_longitude <= ?3 AND p.max_latitude >= ?4 AND p.min_latitude <= ?5
              AND w.place_longitude BETWEEN ?2 AND ?3 AND w.place_latitude BETWEEN ?4 AND ?5
            LIMIT ?6
            """,
            [owner.rawValue, box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude, limit]
        ).map { row in (try row["id"], try row["place_latitude"], try row["place_longitude"]) }
    }

    private func uuids(of rowIDs: [Int64], _ db: Database) throws -> [Int64: UUID] {
        guard !rowIDs.isEmpty else { return [:] }
        var ids: [Int64: UUID] = [:]
        try db.forEach(
            "SELECT id, uuid FROM \(records) WHERE id IN (SELECT value FROM json_each(?))",
            [rowIDs.jsonArray]
        ) { row in ids[try row["id"]] = try UUID(storedText: row["uuid"]) }
        return ids
    }

    /// Adds the clusters of one box (not crossing the antimeridian) at `level`, counting each point
    /// in the box exactly once and reading as few rows as a quadtree would: the biggest grid cells
    /// that fit inside the box, then ever finer cells along its edges, down to the finest level,
    /// and only the points within a few metres of its edges one by one.
    private func addClusters(
        in box: BoundingBox, level: Int, owner: UserKey, to cells: inout [PlaceGrid.Cell: PointSum], _ db: Database
    ) throws {
        var covered: PlaceGrid.CellRange?
        for finer in PlaceGrid.levels where finer >= level {
            guard let inside = PlaceGrid.CellRange(inside: box, level: finer) else { continue }
            // The frame between what coarser cells covered and what this level's cells can.
            let ranges = covered.map { inside.frame(around: $0.at(finer)) } ?? [inside]
            for range in ranges {
                try addCells(range, clusteredAt: level, owner: owner, to: &cells, db)
            }
            covered = inside
        }
        // The points outside the finest cells covered: a thin rim along the edges (or the whole
        // box when it is smaller than one finest cell).
        let strips = covered?.rim(of: box) ?? [box]
        var seen = Set<Int64>()
        for strip in strips {
            try db.forEach(
                """
                SELECT w.id, w.place_latitude AS latitude, w.place_longitude AS longitude
                FROM \(points) p JOIN \(records) w ON w.id = p.id
                WHERE p.min_owner > ?1 - 1 AND p.max_owner < ?1 + 1
                  AND p.max_longitude >= ?2 AND p.min_longitude <= ?3 AND p.max_latitude >= ?4 AND p.min_latitude <= ?5
                """,
                [owner.rawValue, strip.minLongitude, strip.maxLongitude, strip.minLatitude, strip.maxLatitude]
            ) { row in
                let id: Int64 = try row["id"]
                let latitude: Double = try row["latitude"], longitude: Double = try row["longitude"]
                guard seen.insert(id).inserted, box.contains(latitude: latitude, longitude: longitude) else { return }
                if let covered, covered.contains(PlaceGrid.Cell(latitude: latitude, longitude: longitude, level: covered.level)) {
                    return
                }
                cells[PlaceGrid.Cell(latitude: latitude, longitude: longitude, level: level), default: PointSum()]
                    .add(latitude: latitude, longitude: longitude)
            }
        }
    }

    /// Adds the counted cells of `range` to the clusters of the coarser `level` that hold them,
    /// walking the index along the range's narrower side: a band along a box's south or north edge
    /// is a few rows of cells as wide as the world.
    private func addCells(
        _ range: PlaceGrid.CellRange, clusteredAt level: Int, owner: UserKey,
        to cells: inout [PlaceGrid.Cell: PointSum], _ db: Database
    ) throws {
        // A unary `+` keeps SQLite from searching on that column, so it takes the other.
        let (alongX, alongY) = range.y.count < range.x.count ? ("+x", "y") : ("x", "+y")
        try db.forEach(
            """
            SELECT x, y, count, sum_latitude, sum_longitude FROM \(self.cells)
            WHERE owner_id = ? AND level = ? AND \(alongX) BETWEEN ? AND ? AND \(alongY) BETWEEN ? AND ?
            """,
            [owner.rawValue, range.level, range.x.lowerBound, range.x.upperBound, range.y.lowerBound, range.y.upperBound]
        ) { row in
            let cell = PlaceGrid.Cell(x: try row["x"], y: try row["y"]).coarser(by: range.level - level)
            cells[cell, default: PointSum()].add(
                count: try row["count"], latitude: try row["sum_latitude"], longitude: try row["sum_longitude"])
        }
    }
}
