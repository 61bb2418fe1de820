import SQLite
import WishlistCore

extension Schema {
    /// Where wishes are, indexed for the map and "near me" (W11, K3, K4):
    ///
    /// - `wish_places` is an R*Tree of the points, with the owner as a first dimension so a query
    ///   never walks another account's points. Each owner spans owner ± 0.5 in it: a dimension
    ///   where every box is flat makes every volume zero, and the R*Tree then files boxes at
    ///   random (measured: 13 ms instead of 0.06 ms for a city at a million wishes).
    /// - `place_cells` counts the points of each account in a grid at several levels, with the sums
    ///   of their coordinates, so the whole world answers as a few hundred clusters without reading
    ///   every point.
    ///
    /// The triggers compute cells as `PlaceGrid.Cell(latitude:longitude:level:)` does; the two must agree.
    /// Triggers on `wishes` keep both in step with the place columns; no Swift code writes them.
    @Sendable static func createPlaces(_ db: Database) throws {
        let levels = PlaceGrid.levels.map { "(\($0))" }.joined(separator: ", ")
        try db.execute(
            """
            CREATE TABLE place_cell_levels (level INTEGER PRIMARY KEY);
            INSERT INTO place_cell_levels (level) VALUES \(levels);
            """)
        try createPlaceIndex(.wishes, triggerPrefix: "wish_place", db)
    }

    /// The R*Tree and the grid of cell counts of one layer of placed records, the triggers on its
    /// records that keep them in step, and the entries of records stored before (see
    /// ``createPlaces(_:)`` for why they are shaped so).
    static func createPlaceIndex(_ layer: PlaceLayer, triggerPrefix: String, _ db: Database) throws {
        guard case .ownedRTree(let points) = layer.points else {
            preconditionFailure("Only an owned R*Tree is kept in step by triggers; \(layer.records) is filled in bulk.")
        }
        let (records, cells) = (layer.records, layer.cells)
        let cellX = "min(CAST((%@.place_longitude + 180.0) / 360.0 * (1 << level) AS INTEGER), (1 << level) - 1)"
        let cellY = "min(CAST((%@.place_latitude + 90.0) / 180.0 * (1 << level) AS INTEGER), (1 << level) - 1)"
        func add(_ row: String) -> String {
            """
            INSERT INTO \(points) (id, min_owner, max_owner, min_longitude, max_longitude, min_latitude, max_latitude)
            SELECT \(row).id, \(row).owner_id - 0.5, \(row).owner_id + 0.5, \(row).place_longitude, \(row).place_longitude,
                   \(row).place_latitude, \(row).place_latitude
            WHERE \(row).place_latitude IS NOT NULL;
            INSERT INTO \(cells) (owner_id, level, x, y, count, sum_latitude, sum_longitude)
            SELECT \(row).owner_id, level, \(cellX.replacingOccurrences(of: "%@", with: row)),
                   \(cellY.replacingOccurrences(of: "%@", with: row)), 1, \(row).place_latitude, \(row).place_longitude
            FROM place_cell_levels WHERE \(row).place_latitude IS NOT NULL
            ON CONFLICT (owner_id, level, x, y) DO UPDATE SET count = count + 1,
                sum_latitude = sum_latitude + excluded.sum_latitude, sum_longitude = sum_longitude + excluded.sum_longitude;
            """
        }
        func remove(_ row: String) -> String {
            """
            DELETE FROM \(points) WHERE id = \(row).id;
            UPDATE \(cells) SET count = count - 1, sum_latitude = sum_latitude - \(row).place_latitude,
                sum_longitude = sum_longitude - \(row).place_longitude
            WHERE \(row).place_latitude IS NOT NULL AND owner_id = \(row).owner_id
              AND (level, x, y) IN (SELECT level, \(cellX.replacingOccurrences(of: "%@", with: row)),
                                   \(cellY.replacingOccurrences(of: "%@", with: row)) FROM place_cell_levels);
            DELETE FROM \(cells) WHERE owner_id = \(row).owner_id AND count <= 0;
            """
        }
        try db.execute(
            """
            CREATE VIRTUAL TABLE \(points) USING rtree(
                id, min_owner, max_owner, min_longitude, max_longitude, min_latitude, max_latitude
            );
            CREATE TABLE \(cells) (
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                level INTEGER NOT NULL,
                x INTEGER NOT NULL,
                y INTEGER NOT NULL,
                count INTEGER NOT NULL,
                sum_latitude REAL NOT NULL,
                sum_longitude REAL NOT NULL,
                PRIMARY KEY (owner_id, level, x, y)
            ) WITHOUT ROWID;
            -- Rows of cells, for the bands along a box's south and north edges.
            CREATE INDEX \(cells)_by_row ON \(cells)(owner_id, level, y, x);

            CREATE TRIGGER \(triggerPrefix)_insert AFTER INSERT ON \(records) WHEN new.place_latitude IS NOT NULL BEGIN
            \(add("new"))
            END;
            CREATE TRIGGER \(triggerPrefix)_delete AFTER DELETE ON \(records) WHEN old.place_latitude IS NOT NULL BEGIN
            \(remove("old"))
            END;
            CREATE TRIGGER \(triggerPrefix)_update AFTER UPDATE OF place_latitude, place_longitude ON \(records)
            WHEN old.place_latitude IS NOT new.place_latitude OR old.place_longitude IS NOT new.place_longitude BEGIN
            \(remove("old"))
            \(add("new"))
            END;
            """)
        // Records stored before this migration.
        try layer.fill(owner: "owner_id", SQLiteConnection(database: db))
    }
}
