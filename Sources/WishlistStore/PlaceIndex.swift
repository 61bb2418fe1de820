import Foundation
import Geocoding
import SQLite
import WishlistCore

/// Points of records indexed for the map and "near me": an R*Tree with the owner as a first
/// dimension and a grid counting the points of each owner at several levels (see
/// `Schema.createPlaces`). Wishes use one per account; the K-culture spots, shared by every account,
/// use their own tables with owner 0.
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
    /// Looks in a circle that doubles from 1 km until it holds a page more than the cursor (the
    /// R*Tree answers each circle's bounding box), so a dense city answers from its own streets
    /// and a lonely point at the antipode is still found. The order is by the R*Tree's coordinates,
    /// which agree with the stored ones within about a metre.
    func nearest(_ query: NearQuery, owner: UserKey, _ db: Database) throws
        -> (rowIDs: [Int64], nextCursor: String?)
    {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        var after: NearPosition?
        if let cursor = query.cursor {
            guard let position = OpaqueCursor.decode(cursor, as: NearPosition.self, owner: owner),
                position.latitude == query.latitude, position.longitude == query.longitude
            else { throw WishRepositoryError.invalidCursor }
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
        let level = Self.cellLevel(zoom: zoom)
        var cells: [CellKey: CellSum] = [:]
        for part in box.parts {
            try addClusters(in: part, level: level, owner: owner, to: &cells, db)
        }
        return MapMarkers(
            markers: [],
            clusters: cells.values.map { sum in
                MapMarkers.Cluster(
                    latitude: sum.latitude / Double(sum.count), longitude: sum.longitude / Double(sum.count),
                    count: sum.count)
            }.sorted { ($0.count, $0.latitude, $0.longitude) > ($1.count, $1.latitude, $1.longitude) })
    }

    // MARK: Near

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
                SELECT id, min_latitude, min_longitude FROM \(points)
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

    /// The cell of a point, computed exactly as the triggers of `Schema.createPlaces` do.
    private static func cell(latitude: Double, longitude: Double, level: Int) -> CellKey {
        let count = 1 << level
        return CellKey(
            x: min(Int((longitude + 180.0) / 360.0 * Double(count)), count - 1),
            y: min(Int((latitude + 90.0) / 180.0 * Double(count)), count - 1))
    }

    /// A rectangle of cells at one level, inclusive.
    private struct CellRange {
        let level: Int
        let x: ClosedRange<Int>
        let y: ClosedRange<Int>

        /// The same area in the cells of a finer level.
        func at(_ finer: Int) -> CellRange {
            let factor = 1 << (finer - level)
            return CellRange(
                level: finer, x: x.lowerBound * factor...(x.upperBound + 1) * factor - 1,
                y: y.lowerBound * factor...(y.upperBound + 1) * factor - 1)
        }

        /// The cells wholly inside `box` at `level`, if any.
        init?(inside box: BoundingBox, level: Int) {
            let width = 360 / Double(1 << level), height = 180 / Double(1 << level)
            let x0 = Int(((box.minLongitude + 180) / width).rounded(.up))
            let x1 = Int(((box.maxLongitude + 180) / width).rounded(.down)) - 1
            let y0 = Int(((box.minLatitude + 90) / height).rounded(.up))
            let y1 = Int(((box.maxLatitude + 90) / height).rounded(.down)) - 1
            guard x0 <= x1, y0 <= y1 else { return nil }
            self.init(level: level, x: x0...x1, y: y0...y1)
        }

        init(level: Int, x: ClosedRange<Int>, y: ClosedRange<Int>) {
            self.level = level
            self.x = x
            self.y = y
        }

        /// Its west, east, south and north edges in degrees.
        var edges: (west: Double, east: Double, south: Double, north: Double) {
            let width = 360 / Double(1 << level), height = 180 / Double(1 << level)
            return (Double(x.lowerBound) * width - 180, Double(x.upperBound + 1) * width - 180,
                    Double(y.lowerBound) * height - 90, Double(y.upperBound + 1) * height - 90)
        }
    }

    /// Adds the clusters of one box (not crossing the antimeridian) at `level`, counting each point
    /// in the box exactly once and reading as few rows as a quadtree would: the biggest grid cells
    /// that fit inside the box, then ever finer cells along its edges, down to the finest level,
    /// and only the points within a few metres of its edges one by one.
    private func addClusters(
        in box: BoundingBox, level: Int, owner: UserKey, to cells: inout [CellKey: CellSum], _ db: Database
    ) throws {
        var covered: CellRange?
        for finer in Schema.placeCellLevels where finer >= level {
            guard let inside = CellRange(inside: box, level: finer) else { continue }
            let shift = finer - level
            /// Adds the cells with `x` in `x0...x1` and `y` in `y0...y1` (none when a bound is past the
            /// other), walking the index along the narrower side: a band along the box's south or north
            /// edge is a few rows of cells as wide as the world.
            func add(x x0: Int, _ x1: Int, y y0: Int, _ y1: Int) throws {
                guard x0 <= x1, y0 <= y1 else { return }
                // A unary `+` keeps SQLite from searching on that column, so it takes the other.
                let (alongX, alongY) = y1 - y0 < x1 - x0 ? ("+x", "y") : ("x", "+y")
                try db.forEach(
                    """
                    SELECT x, y, count, sum_latitude, sum_longitude FROM \(cells)
                    WHERE owner_id = ? AND level = ? AND \(alongX) BETWEEN ? AND ? AND \(alongY) BETWEEN ? AND ?
                    """,
                    [owner.rawValue, finer, x0, x1, y0, y1]
                ) { row in
                    let x: Int = try row["x"], y: Int = try row["y"]
                    let key = CellKey(x: x >> shift, y: y >> shift)
                    cells[key, default: CellSum()].count += try row["count"]
                    cells[key, default: CellSum()].latitude += try row["sum_latitude"]
                    cells[key, default: CellSum()].longitude += try row["sum_longitude"]
                }
            }
            if let previous = covered?.at(finer) {
                // The frame between what coarser cells covered and what this level's cells can.
                let (x, y) = (inside.x, inside.y)
                try add(x: x.lowerBound, x.upperBound, y: y.lowerBound, previous.y.lowerBound - 1)
                try add(x: x.lowerBound, x.upperBound, y: previous.y.upperBound + 1, y.upperBound)
                try add(x: x.lowerBound, previous.x.lowerBound - 1, y: previous.y.lowerBound, previous.y.upperBound)
                try add(x: previous.x.upperBound + 1, x.upperBound, y: previous.y.lowerBound, previous.y.upperBound)
            } else {
                try add(x: inside.x.lowerBound, inside.x.upperBound, y: inside.y.lowerBound, inside.y.upperBound)
            }
            covered = inside
        }
        // The points outside the finest cells covered: a thin rim along the edges (or the whole
        // box when it is smaller than one finest cell).
        var strips: [BoundingBox] = [box]
        if let covered {
            let edge = covered.edges
            strips = [
                (box.minLongitude, box.minLatitude, box.maxLongitude, edge.south),
                (box.minLongitude, edge.north, box.maxLongitude, box.maxLatitude),
                (box.minLongitude, edge.south, edge.west, edge.north),
                (edge.east, edge.south, box.maxLongitude, edge.north),
            ].compactMap { west, south, east, north in
                try? BoundingBox(minLongitude: west, minLatitude: south, maxLongitude: max(west, east), maxLatitude: max(south, north))
            }
        }
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
                if let covered {
                    let finest = Self.cell(latitude: latitude, longitude: longitude, level: covered.level)
                    if covered.x.contains(finest.x) && covered.y.contains(finest.y) { return }
                }
                let key = Self.cell(latitude: latitude, longitude: longitude, level: level)
                cells[key, default: CellSum()].count += 1
                cells[key, default: CellSum()].latitude += latitude
                cells[key, default: CellSum()].longitude += longitude
            }
        }
    }
}
