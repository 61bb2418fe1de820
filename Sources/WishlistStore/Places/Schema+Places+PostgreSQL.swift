import PostgreSQL
import SQLite
import WishlistCore

extension Schema {
    /// Where wishes and journal entries are on PostgreSQL, as `createPlaces` and
    /// `createJournalPlaces` made it on SQLite: the grids of per-owner cell counts, kept in step
    /// with the records by triggers, and the points' indexes, which here are B-tree indexes on the
    /// records' own coordinates rather than R*Trees (see `PlaceLayer.PointIndex`).
    static var postgresPlaces: String {
        let levels = PlaceGrid.levels.map { "(\($0))" }.joined(separator: ", ")
        let layers = [
            postgresPlaceIndex(.wishes, prefix: "wish_place", indexPrefix: "wishes"),
            postgresPlaceIndex(.journal, prefix: "journal_place", indexPrefix: "journal")
        ]
        return """
            CREATE TABLE place_cell_levels (level INTEGER PRIMARY KEY);
            INSERT INTO place_cell_levels (level) VALUES \(levels);
            \(layers.joined(separator: "\n"))
            """
    }

    /// The grid of one layer, the trigger function and triggers on its records that keep it in
    /// step, and the two indexes its points are found by.
    ///
    /// The cells are computed as `PlaceGrid.Cell(latitude:longitude:level:)` and SQLite's triggers
    /// compute them, with the same double-precision steps (`PlacesEngineTests` checks they agree);
    /// `floor` is SQLite's `CAST … AS INTEGER` and Swift's `Int(…)` for these non-negative values,
    /// where a cast to `bigint` here would round. The triggers run in the write's own transaction.
    /// Every write of an account's records holds that account's `StoreLock`, so two never change
    /// one account's cells at once; another account's cells are other rows.
    ///
    /// A record deleted with its account (the cascade from `users`) leaves the cells alone: they go
    /// by their own cascade, and a large account is not counted down one record at a time.
    ///
    /// The points' indexes hold only placed records. A box is searched along its narrower side
    /// (`PlaceLayer.pointsInBox`), so each has its own index; each index's condition names the
    /// column the query leaves bare, so PostgreSQL sees the query implies it.
    private static func postgresPlaceIndex(_ layer: PlaceLayer, prefix: String, indexPrefix: String) -> String {
        let (records, cells) = (layer.records, layer.cells)
        func cell(_ row: String) -> (x: String, y: String) {
            (
                "least(floor((\(row).place_longitude + 180.0::float8) / 360.0::float8 * (1 << l.level))::bigint, (1 << l.level) - 1)",
                "least(floor((\(row).place_latitude + 90.0::float8) / 180.0::float8 * (1 << l.level))::bigint, (1 << l.level) - 1)"
            )
        }
        let (old, new) = (cell("OLD"), cell("NEW"))
        let oldCells = "c.owner_id = OLD.owner_id AND c.level = l.level AND c.x = \(old.x) AND c.y = \(old.y)"
        return """
            CREATE TABLE \(cells) (
                owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                level INTEGER NOT NULL,
                x BIGINT NOT NULL,
                y BIGINT NOT NULL,
                count BIGINT NOT NULL,
                sum_latitude DOUBLE PRECISION NOT NULL,
                sum_longitude DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (owner_id, level, x, y)
            );
            CREATE INDEX \(cells)_by_row ON \(cells)(owner_id, level, y, x);

            CREATE INDEX \(indexPrefix)_by_latitude ON \(records)(owner_id, place_latitude, place_longitude) INCLUDE (id)
                WHERE place_latitude IS NOT NULL;
            CREATE INDEX \(indexPrefix)_by_longitude ON \(records)(owner_id, place_longitude, place_latitude) INCLUDE (id)
                WHERE place_longitude IS NOT NULL;

            CREATE FUNCTION \(prefix)_cells() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    IF OLD.place_latitude IS NOT NULL THEN
                        IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM users WHERE id = OLD.owner_id) THEN
                            RETURN NULL;
                        END IF;
                        UPDATE \(cells) c SET count = c.count - 1, sum_latitude = c.sum_latitude - OLD.place_latitude,
                            sum_longitude = c.sum_longitude - OLD.place_longitude
                        FROM place_cell_levels l WHERE \(oldCells);
                        DELETE FROM \(cells) c USING place_cell_levels l WHERE \(oldCells) AND c.count <= 0;
                    END IF;
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    IF NEW.place_latitude IS NOT NULL THEN
                        INSERT INTO \(cells) AS c (owner_id, level, x, y, count, sum_latitude, sum_longitude)
                        SELECT NEW.owner_id, l.level, \(new.x), \(new.y), 1, NEW.place_latitude, NEW.place_longitude
                        FROM place_cell_levels l
                        ON CONFLICT (owner_id, level, x, y) DO UPDATE SET count = c.count + 1,
                            sum_latitude = c.sum_latitude + excluded.sum_latitude,
                            sum_longitude = c.sum_longitude + excluded.sum_longitude;
                    END IF;
                END IF;
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER \(prefix)_insert AFTER INSERT ON \(records)
                FOR EACH ROW WHEN (NEW.place_latitude IS NOT NULL) EXECUTE FUNCTION \(prefix)_cells();
            CREATE TRIGGER \(prefix)_delete AFTER DELETE ON \(records)
                FOR EACH ROW WHEN (OLD.place_latitude IS NOT NULL) EXECUTE FUNCTION \(prefix)_cells();
            CREATE TRIGGER \(prefix)_update AFTER UPDATE OF place_latitude, place_longitude ON \(records)
                FOR EACH ROW WHEN (OLD.place_latitude IS DISTINCT FROM NEW.place_latitude
                    OR OLD.place_longitude IS DISTINCT FROM NEW.place_longitude)
                EXECUTE FUNCTION \(prefix)_cells();
            """
    }
}

extension Schema {
    /// Nothing on SQLite, whose markers read each record's `uuid` beside its point in the same
    /// join (`PlaceLayer.pointsInBox`).
    @Sendable static func includeUUIDsInPlaceIndexes(_ db: Database) throws {}

    /// The points' indexes of wishes and journal entries carry each record's `uuid` beside its
    /// `id`, so that the map's markers read their ids from the index alone, in the statement that
    /// finds the points. Before, a second statement looked them up: for a city's 79 wishes, 162 µs a
    /// request of the 280–320 µs PostgreSQL spent (`pg_stat_statements`, `/proc`).
    @Sendable static func includeUUIDsInPlaceIndexes(_ connection: PostgresConnection) throws {
        let layers = [("wishes", "wishes"), ("journal", "journal_entries")]
        try connection.execute(
            layers.map { index, records in
                """
                DROP INDEX \(index)_by_latitude, \(index)_by_longitude;
                CREATE INDEX \(index)_by_latitude ON \(records)(owner_id, place_latitude, place_longitude) INCLUDE (id, uuid)
                    WHERE place_latitude IS NOT NULL;
                CREATE INDEX \(index)_by_longitude ON \(records)(owner_id, place_longitude, place_latitude) INCLUDE (id, uuid)
                    WHERE place_longitude IS NOT NULL;
                """
            }.joined(separator: "\n"))
    }
}
