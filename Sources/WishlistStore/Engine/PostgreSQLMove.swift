import Crypto
import Foundation
import PostgreSQL
import SQLite

/// Moves a stopped server's SQLite database into an empty PostgreSQL database, ids and all
/// (`wishlist migrate-to-postgres`), and proves the copy: every table's row count and checksum
/// read back from PostgreSQL equal SQLite's.
///
/// Both databases are first brought to the current schema (the SQLite file as a server start
/// would; PostgreSQL from its baseline). The rows are then copied table by table, parents before
/// children, in one PostgreSQL transaction: a move that fails leaves the target as empty as it
/// was. What PostgreSQL derives from the rows is not copied but made again there: the place
/// cells and the wish counts, by its triggers as the wishes and entries arrive, and the search
/// entries (`SearchRebuild`); the cells and counts are then checked against SQLite's too.
/// Identity sequences are moved past the highest id, so the next record gets a new one; once the
/// copy is committed, the database is vacuumed and analyzed.
public struct PostgreSQLMove {
    /// The tables moved row by row, each after those it refers to. The short-lived ones too
    /// (sessions, rate windows, shares waiting for a sign-in): a move takes minutes, and a share
    /// kept just before it is still taken back after it.
    static let copiedTables = [
        "users", "sessions", "api_tokens", "spot_titles", "spots", "spot_cells", "spot_imports", "wishes", "tags", "wish_tags",
        "wish_prices", "spot_wishes", "journal_entries", "journal_mentions", "photos", "gif_favorites", "recent_searches",
        "shares", "reservations", "idempotency_keys", "rate_windows", "pending_shares"
    ]

    /// What PostgreSQL's triggers make from the copied rows, compared with SQLite's after the
    /// copy: every cell and its count, and each account's number of wishes. Not the sums of the
    /// points' coordinates, which are added in another order than SQLite's were, record by record
    /// over the years, and so may differ in their last bits.
    static let derivedTables = ["place_cells", "journal_place_cells", "wish_counts"]
    /// The search entries, made anew from the copied rows (`SearchRebuild`): SQLite's FTS5 tables
    /// are contentless and keep no text to copy or compare. The postings of names and journal
    /// entries come from those entries, by triggers.
    static let rebuiltTables = [
        "wish_search", "wish_text_search", "journal_search", "spot_search", "spot_title_search", "wish_name_postings", "journal_postings"
    ]
    /// PostgreSQL's own: the migrations' record, the grid's levels its baseline lists, and the accounts'
    /// generations, which its triggers count as the rows arrive.
    static let ownTables = ["schema_migrations", "place_cell_levels", "account_generations"]

    /// Rows per INSERT: few enough statements for a million rows, and far below the 65,535
    /// parameters one statement may have.
    static let rowsPerInsert = 200

    /// One table moved (or made by PostgreSQL) and checked: its rows, equal on both engines.
    public struct MovedTable: Sendable, Equatable {
        public let table: String
        public let rows: Int
    }

    let sqlitePath: String
    let url: String

    public init(sqlitePath: String, url: String) {
        self.sqlitePath = sqlitePath
        self.url = url
    }

    /// Moves everything and checks it; `progress` hears of each table as it is done.
    /// - Throws: `PostgreSQLMoveError` when the target holds data or the copy differs.
    @discardableResult
    public func run(progress: (String) -> Void = { _ in }) throws -> [MovedTable] {
        guard FileManager.default.fileExists(atPath: sqlitePath) else { throw PostgreSQLMoveError.noSQLiteDatabase(sqlitePath) }
        try Store(path: sqlitePath).close()
        let target = try Store(url: url, sqlitePath: "", connectionCount: 1)
        defer { try? target.close() }
        guard case .postgres(let pool) = target.database.engine else { throw DatabaseURLError(url: url) }
        let source = try Database(path: sqlitePath, readOnly: true)
        try source.execute("BEGIN")
        defer { try? source.execute("COMMIT") }
        let counts = try pool.transaction { postgres in
            try refuseUnlessEmpty(postgres)
            try checkEveryTableIsAccountedFor(postgres)
            var counts: [MovedTable] = []
            for table in Self.copiedTables {
                let columns = try self.columns(of: table, source, postgres)
                try copy(table, columns: columns, source, postgres)
                try advanceIdentity(of: table, columns: columns, postgres)
                counts.append(try compare(table, columns: columns, source, postgres))
                progress("\(table): \(counts.last!.rows) rows")
            }
            try SearchRebuild.run(PostgresSQLConnection(connection: postgres))
            progress("search entries made anew")
            for table in Self.derivedTables {
                let columns = try self.columns(of: table, source, postgres).filter { $0.kind != .real }
                counts.append(try compare(table, columns: columns, source, postgres))
                progress("\(table): \(counts.last!.rows) rows, made by PostgreSQL, the same as SQLite's")
            }
            return counts
        }
        // What autovacuum would do a minute later, done before the first request: the planner's
        // statistics (until then it plans for nearly empty tables, and a name search of 100,000
        // wishes took 80 ms instead of 10) and the visibility map, without which the places'
        // index-only scans read the table too.
        try pool.withConnection { try $0.execute("VACUUM (ANALYZE)") }
        progress("vacuumed and analyzed")
        return counts
    }

    private func refuseUnlessEmpty(_ postgres: PostgresConnection) throws {
        for table in Self.copiedTables {
            let rows: Int = try postgres.scalar("SELECT count(*) FROM \(table)") ?? 0
            guard rows == 0 else { throw PostgreSQLMoveError.targetNotEmpty(table: table, rows: rows) }
        }
    }

    /// A table added to PostgreSQL's schema but to neither list would be left behind in silence.
    private func checkEveryTableIsAccountedFor(_ postgres: PostgresConnection) throws {
        let tables: [String] = try postgres.column(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")
        let known = Set(Self.copiedTables + Self.derivedTables + Self.rebuiltTables + Self.ownTables)
        let unknown = tables.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else { throw PostgreSQLMoveError.unknownTables(unknown) }
    }

    /// The table's columns on PostgreSQL, with how each is compared; they must be SQLite's too.
    private func columns(of table: String, _ source: Database, _ postgres: PostgresConnection) throws -> [MovedColumn] {
        let rows = try postgres.query(
            """
            SELECT column_name::text AS name, data_type::text AS type, is_identity::text = 'YES' AS identity
            FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position
            """, [table])
        let columns = try rows.map { row in
            MovedColumn(name: try row["name"], kind: try MovedColumn.Kind(postgresType: try row["type"]), isIdentity: try row["identity"])
        }
        let sqliteColumns = Set(try source.query("SELECT name FROM pragma_table_info(?)", [table]).map { try $0["name"] as String })
        let postgresColumns = Set(columns.map(\.name))
        guard sqliteColumns == postgresColumns else {
            throw PostgreSQLMoveError.schemasDiffer(
                table: table, onlySQLite: sqliteColumns.subtracting(postgresColumns).sorted(),
                onlyPostgreSQL: postgresColumns.subtracting(sqliteColumns).sorted())
        }
        return columns
    }

    private func copy(_ table: String, columns: [MovedColumn], _ source: Database, _ postgres: PostgresConnection) throws {
        let names = columns.map(\.name).joined(separator: ", ")
        var batch: [PostgresParameter] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            let rowCount = batch.count / columns.count
            let rows = (0..<rowCount).map { row in
                "(" + (1...columns.count).map { "$\(row * columns.count + $0)" }.joined(separator: ", ") + ")"
            }
            try postgres.run("INSERT INTO \(table) (\(names)) VALUES \(rows.joined(separator: ", "))", batch)
            batch.removeAll(keepingCapacity: true)
        }
        try source.forEach("SELECT \(names) FROM \(table)") { row in
            for (index, column) in columns.enumerated() {
                batch.append(column.parameter(try row[index] as SQLiteValue))
            }
            if batch.count == Self.rowsPerInsert * columns.count { try flush() }
        }
        try flush()
    }

    /// Moves an identity column's sequence past the highest id copied.
    private func advanceIdentity(of table: String, columns: [MovedColumn], _ postgres: PostgresConnection) throws {
        for column in columns where column.isIdentity {
            _ = try postgres.query(
                """
                SELECT setval(pg_get_serial_sequence('\(table)', '\(column.name)'), coalesce(max(\(column.name)), 0) + 1, false)
                FROM \(table)
                """)
        }
    }

    /// The table's row count and checksum on both engines, which must be equal.
    private func compare(
        _ table: String, columns: [MovedColumn], _ source: Database, _ postgres: PostgresConnection
    ) throws -> MovedTable {
        let names = columns.map(\.name).joined(separator: ", ")
        var sqlite = TableChecksum()
        try source.forEach("SELECT \(names) FROM \(table)") { row in
            sqlite.add(try columns.indices.map { try columns[$0].canonical(row[$0] as SQLiteValue) })
        }
        var moved = TableChecksum()
        try forEachRow(of: table, columns: columns.map(\.name), postgres) { row in
            moved.add(try columns.indices.map { try columns[$0].canonical(row.values[$0]) })
        }
        guard sqlite == moved else {
            throw PostgreSQLMoveError.copyDiffers(table: table, sqliteRows: sqlite.rows, postgresRows: moved.rows)
        }
        return MovedTable(table: table, rows: moved.rows)
    }
}

extension PostgreSQLMove {
    /// Rows read back per page: a table of a million rows is never in memory at once.
    static let rowsPerPage = 10_000

    /// Every row of `table` (its `columns`, then its primary key's), a page at a time in the
    /// order of its primary key, each page starting after the last row of the one before.
    func forEachRow(
        of table: String, columns: [String], _ postgres: PostgresConnection, _ body: (PostgresRow) throws -> Void
    ) throws {
        let key: [String] = try postgres.column(
            """
            SELECT a.attname::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)
            """, [table])
        guard !key.isEmpty else { throw PostgreSQLMoveError.noPrimaryKey(table) }
        let keyList = key.joined(separator: ", ")
        let selected = (columns + key).joined(separator: ", ")
        let first = "SELECT \(selected) FROM \(table) ORDER BY \(keyList) LIMIT \(Self.rowsPerPage)"
        let next = """
            SELECT \(selected) FROM \(table) WHERE (\(keyList)) > (\((1...key.count).map { "$\($0)" }.joined(separator: ", ")))
            ORDER BY \(keyList) LIMIT \(Self.rowsPerPage)
            """
        var rows = try postgres.query(first)
        while let last = rows.last {
            for row in rows { try body(row) }
            let after = last.values[columns.count...].map { value in value.text.map(PostgresParameter.text) ?? .null }
            rows = try postgres.query(next, after)
        }
    }
}

/// A table's rows as a count and an order-free digest: the sum of each row's SHA-256 (its first
/// eight bytes), so that rows read in any order give the same checksum.
struct TableChecksum: Equatable {
    var rows = 0
    var sum: UInt64 = 0

    mutating func add(_ values: [String?]) {
        var text = ""
        for value in values {
            // Each value's length first, so that no two rows' values can run into the same text.
            text += value.map { "\($0.utf8.count):\($0)" } ?? "-"
        }
        let digest = SHA256.digest(Array(text.utf8))
        sum &+= digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        rows += 1
    }
}
