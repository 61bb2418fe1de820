import WishlistCore

extension PlaceLayer {
    /// A cell of the grid, with the owner its points belong to.
    private struct OwnedCell: Hashable {
        let owner: Int64
        let level: Int
        let cell: PlaceGrid.Cell
    }

    /// Adds every placed record of `records` to the layer's R*Tree (if it has one) and grid, filed
    /// under `owner`: a column of the records (`owner_id`) or a constant (`0`). For records stored
    /// in bulk (those stored before their layer's migration, an import of spots); triggers keep
    /// the index of wishes and journal entries after that.
    ///
    /// The grid is summed here rather than by SQL's GROUP BY over every point at every level:
    /// that sorted 150,000 rows for the K-culture spots and took most of their import.
    func fill(owner: String, _ db: any SQLConnection) throws {
        let placed = "FROM \(records) WHERE place_latitude IS NOT NULL"
        if case .ownedRTree(let tree) = points, db.dialect == .sqlite {
            try db.run(
                """
                INSERT INTO \(tree) (id, min_owner, max_owner, min_longitude, max_longitude, min_latitude, max_latitude)
                SELECT id, \(owner) - 0.5, \(owner) + 0.5, place_longitude, place_longitude, place_latitude, place_latitude \(placed)
                """, [:])
        }
        var sums: [OwnedCell: PointSum] = [:]
        for row in try db.query("SELECT \(owner) AS owner, place_latitude, place_longitude \(placed)") {
            let owner: Int64 = try row["owner"]
            let latitude: Double = try row["place_latitude"]
            let longitude: Double = try row["place_longitude"]
            for level in PlaceGrid.levels {
                let cell = PlaceGrid.Cell(latitude: latitude, longitude: longitude, level: level)
                sums[OwnedCell(owner: owner, level: level, cell: cell), default: PointSum()]
                    .add(latitude: latitude, longitude: longitude)
            }
        }
        // In the order of the grid's key, so every row goes at the end of its B-tree.
        let ordered = sums.sorted {
            ($0.key.owner, $0.key.level, $0.key.cell.x, $0.key.cell.y) < ($1.key.owner, $1.key.level, $1.key.cell.x, $1.key.cell.y)
        }
        try db.insert(
            into: cells, columns: ["owner_id", "level", "x", "y", "count", "sum_latitude", "sum_longitude"],
            rows: ordered.map { key, sum in [key.owner, key.level, key.cell.x, key.cell.y, sum.count, sum.latitude, sum.longitude] })
    }
}
