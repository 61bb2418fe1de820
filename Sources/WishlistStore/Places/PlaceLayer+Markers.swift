import Foundation
import WishlistCore

extension PlaceLayer {
    /// The account's placed records in `box` as points, or as clusters when there are more than
    /// `MapMarkers.markerLimit`: grid cells wholly inside the box come from the layer's cell counts,
    /// and the points in the box's rim, where cells are cut by its edges, are counted one by one,
    /// so the clusters add up to exactly the records in the box.
    func markers(in box: BoundingBox, zoom: Int, owner: UserKey, _ db: any SQLConnection) throws -> MapMarkers {
        var found: [SQLRow] = []
        for part in box.parts {
            found += try placedPoints(in: part, owner: owner, limit: MapMarkers.markerLimit + 1 - found.count, db)
            if found.count > MapMarkers.markerLimit { break }
        }
        if found.count <= MapMarkers.markerLimit {
            // Read only now: a box of more records becomes clusters, and its ids are not needed.
            let markers = try found.map { row in
                MapMarkers.Marker(id: try UUID(storedText: row["uuid"]), latitude: try row["latitude"], longitude: try row["longitude"])
            }
            return MapMarkers(markers: markers, clusters: [])
        }
        let level = PlaceGrid.level(zoom: zoom)
        // Every statement of every part at once: which cells and strips to read follows from the
        // box alone, and on PostgreSQL the whole world was 16 round trips.
        let reads = box.parts.map { clusterReads(in: $0, level: level, owner: owner, db.dialect) }
        var answers = try db.lastQueries(reads.flatMap { $0.map(\.statement) })[...]
        var cells: [PlaceGrid.Cell: PointSum] = [:]
        for (part, partReads) in zip(box.parts, reads) {
            try addClusters(in: part, level: level, partReads, answers.prefix(partReads.count), to: &cells)
            answers = answers.dropFirst(partReads.count)
        }
        return MapMarkers(
            markers: [],
            clusters: cells.values.map(\.cluster)
                .sorted { ($0.count, $0.latitude, $0.longitude) > ($1.count, $1.latitude, $1.longitude) })
    }

    /// The rows (`uuid`, `latitude`, `longitude`) of at most `limit` of the owner's records in `box`.
    private func placedPoints(in box: BoundingBox, owner: UserKey, limit: Int, _ db: any SQLConnection) throws -> [SQLRow] {
        guard limit > 0 else { return [] }
        let points = pointsInBox(box, owner: owner, exact: true, uuids: true, db.dialect)
        return try db.query(
            """
            \(points.sql)
              AND w.place_longitude BETWEEN :west AND :east AND w.place_latitude BETWEEN :south AND :north
            LIMIT :limit
            """,
            points.arguments + [
                "west": box.minLongitude, "east": box.maxLongitude, "south": box.minLatitude, "north": box.maxLatitude,
                "limit": limit
            ]
        )
    }

    /// One statement of a box's clusters and what its rows are.
    private struct ClusterRead {
        enum Rows {
            /// Counted cells of the grid's `level`.
            case cells(level: Int)
            /// Records of a strip of the rim, one by one, outside the finest cells `covered`.
            case points(covered: PlaceGrid.CellRange?)
        }

        let statement: (sql: String, arguments: SQLArguments)
        let rows: Rows
    }

    /// The statements of one box's clusters (not crossing the antimeridian) at `level`, counting
    /// each record in the box exactly once and reading as few rows as a quadtree would: the
    /// biggest grid cells that fit inside the box, then ever finer cells along its edges, down to
    /// the finest level, and only the records within a few metres of its edges one by one.
    private func clusterReads(in box: BoundingBox, level: Int, owner: UserKey, _ dialect: SQLDialect) -> [ClusterRead] {
        var reads: [ClusterRead] = []
        var covered: PlaceGrid.CellRange?
        for finer in PlaceGrid.levels where finer >= level {
            guard let inside = PlaceGrid.CellRange(inside: box, level: finer) else { continue }
            // The frame between what coarser cells covered and what this level's cells can.
            let ranges = covered.map { inside.frame(around: $0.at(finer)) } ?? [inside]
            for range in ranges {
                reads.append(ClusterRead(statement: cellsStatement(range, owner: owner), rows: .cells(level: range.level)))
            }
            covered = inside
        }
        // The records outside the finest cells covered: a thin rim along the edges (or the whole
        // box when it is smaller than one finest cell).
        for strip in covered?.rim(of: box) ?? [box] {
            let points = pointsInBox(strip, owner: owner, exact: true, dialect)
            reads.append(ClusterRead(statement: (points.sql, points.arguments), rows: .points(covered: covered)))
        }
        return reads
    }

    /// Adds the clusters at `level` of one box from the rows its `reads` answered.
    private func addClusters(
        in box: BoundingBox, level: Int, _ reads: [ClusterRead], _ answers: ArraySlice<[SQLRow]>,
        to cells: inout [PlaceGrid.Cell: PointSum]
    ) throws {
        var seen = Set<Int64>()
        for (read, rows) in zip(reads, answers) {
            switch read.rows {
            case .cells(let cellLevel):
                try addCells(rows, of: cellLevel, clusteredAt: level, to: &cells)
            case .points(let covered):
                for row in rows {
                    let id: Int64 = try row["id"]
                    let latitude: Double = try row["latitude"]
                    let longitude: Double = try row["longitude"]
                    guard seen.insert(id).inserted, box.contains(latitude: latitude, longitude: longitude) else { continue }
                    if let covered,
                        covered.contains(PlaceGrid.Cell(latitude: latitude, longitude: longitude, level: covered.level))
                    {
                        continue
                    }
                    cells[PlaceGrid.Cell(latitude: latitude, longitude: longitude, level: level), default: PointSum()]
                        .add(latitude: latitude, longitude: longitude)
                }
            }
        }
    }

    /// The counted cells of `range`, walking the index along the range's narrower side: a band
    /// along a box's south or north edge is a few rows of cells as wide as the world.
    private func cellsStatement(_ range: PlaceGrid.CellRange, owner: UserKey) -> (sql: String, arguments: SQLArguments) {
        // A unary `+` keeps either engine from searching on that column, so it takes the other.
        let (alongX, alongY) = range.y.count < range.x.count ? ("+x", "y") : ("x", "+y")
        return (
            """
            SELECT x, y, count, sum_latitude, sum_longitude FROM \(self.cells)
            WHERE owner_id = :owner AND level = :level AND \(alongX) BETWEEN :west AND :east
              AND \(alongY) BETWEEN :south AND :north
            """,
            [
                "owner": owner.rawValue, "level": range.level, "west": range.x.lowerBound, "east": range.x.upperBound,
                "south": range.y.lowerBound, "north": range.y.upperBound
            ]
        )
    }

    /// Adds counted cells of the grid's `cellLevel` to the clusters of the coarser `level` that hold them.
    private func addCells(
        _ rows: [SQLRow], of cellLevel: Int, clusteredAt level: Int, to cells: inout [PlaceGrid.Cell: PointSum]
    ) throws {
        for row in rows {
            let cell = PlaceGrid.Cell(x: try row["x"], y: try row["y"]).coarser(by: cellLevel - level)
            cells[cell, default: PointSum()].add(
                count: try row["count"], latitude: try row["sum_latitude"], longitude: try row["sum_longitude"])
        }
    }
}
