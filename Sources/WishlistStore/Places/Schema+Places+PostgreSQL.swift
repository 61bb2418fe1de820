import WishlistCore

extension Schema {
    /// The grids of per-owner cell counts of wishes and journal entries on PostgreSQL, as
    /// `createPlaces` and `createJournalPlaces` made them on SQLite. Not here yet (issue 31's places
    /// work): the triggers that keep them in step with the records, and the points' indexes, which
    /// on PostgreSQL are to be B-tree indexes on the records' coordinates rather than R*Trees.
    static var postgresPlaces: String {
        let levels = PlaceGrid.levels.map { "(\($0))" }.joined(separator: ", ")
        let cells = ["place_cells", "journal_place_cells"].map { cells in
            """
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
            """
        }
        return """
            CREATE TABLE place_cell_levels (level INTEGER PRIMARY KEY);
            INSERT INTO place_cell_levels (level) VALUES \(levels);
            \(cells.joined(separator: "\n"))
            """
    }
}
