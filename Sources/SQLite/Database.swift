import CSQLite
import Foundation

/// One connection. Not thread-safe by itself; `DatabasePool` hands it to one thread at a time.
///
/// Every connection has foreign keys on, double-quoted string literals off (a `"typo"` is an
/// error, not a string), `synchronous=FULL` (a commit is on the disk when it returns), and a bounded
/// busy timeout.
/// Prepared statements are cached per connection, keyed by SQL text.
public final class Database {
    /// Nil once closed; every operation then throws `.misuse`.
    private var connection: OpaquePointer?
    private var statementCache: [String: Statement] = [:]
    private var cacheClock: UInt64 = 0
    /// Enough for every statement an app repeats; dynamic SQL beyond it evicts the least recently used.
    private static let statementCacheCapacity = 128
    /// How deep `transaction` calls are nested, which names their savepoints.
    private var transactionDepth = 0
    /// Told of the rows this connection writes (`watchWrites`); kept here while SQLite may call it.
    private var writeWatch: WriteWatch?
    /// Kept alive while its SQL function may be called (`nameWriteKeys`).
    private var writeCounts: WriteCounts?

    /// Opens (and unless `readOnly`, creates) the database at `path`; `":memory:"` works.
    public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5)) throws {
        Self.configureProcess
        var connection: OpaquePointer?
        // NOMUTEX: a connection is used by one thread at a time, so SQLite's own locking is waste.
        // EXRESCODE: errors carry extended codes (which constraint failed) from the start.
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let resultCode = sqlite3_open_v2(path, &connection, flags, nil)
        guard resultCode == SQLITE_OK, let connection else {
            let error = SQLiteError(connection: connection, resultCode: resultCode, sql: nil)
            sqlite3_close_v2(connection)
            throw SQLiteError(code: error.code, extendedCode: error.extendedCode, message: "\(error.message): \(path)")
        }
        // From here on deinit closes the connection, also when configuring it throws (a class
        // whose properties are all set is deinitialised when its init throws); closing it here
        // as well would hand SQLite a freed handle.
        self.connection = connection
        try configure(busyTimeout: busyTimeout)
    }

    /// Process-wide settings, made before the first connection initialises SQLite. Its count of
    /// the memory it holds (which nothing here reads) took a mutex shared by every connection on
    /// every allocation: readers on other threads queued on it. Page caches grow as pages are
    /// read rather than starting with 87 KB each, which an idle server's connections never fill.
    private static let configureProcess: Void = {
        _ = wishlist_sqlite3_config_memory_statistics_off()
        _ = wishlist_sqlite3_config_page_cache_on_demand()
    }()

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(connection)
    }

    private func configure(busyTimeout: Duration) throws {
        let connection = try open()
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000).partialValue + attoseconds / 1_000_000_000_000_000
        try check(sqlite3_busy_timeout(connection, Int32(clamping: max(0, milliseconds))))
        try setOption(SQLITE_DBCONFIG_ENABLE_FKEY, enabled: true)
        try setOption(SQLITE_DBCONFIG_DQS_DML, enabled: false)
        try setOption(SQLITE_DBCONFIG_DQS_DDL, enabled: false)
        // FULL: in WAL mode every commit fsyncs the log before it returns, so a write acknowledged
        // after its commit survives a power cut. NORMAL fsyncs only at checkpoints, and a power cut
        // may roll back the last commits (a killed process loses nothing either way).
        try execute("PRAGMA synchronous = FULL")
        // SQLite's default 2 MB page cache is smaller than what one search over a million rows
        // touches, so pages were read again with pread on every request. The cache grows only as
        // pages are used.
        try execute("PRAGMA cache_size = -\(Self.pageCacheKilobytes)")
        // Every commit makes the other connections drop their page caches, so after a write each
        // reader fetched again every page it touched, one pread and copy each: a search right after
        // a write cost 17 ms of CPU instead of 3. Mapped, the file's pages are read in place from the
        // kernel's cache. (Pages still in the WAL are read as before.)
        try execute("PRAGMA mmap_size = \(Self.mappedBytes)")
    }

    /// How much of the database file a connection reads through a memory map.
    static let mappedBytes = 1 << 30

    /// The most page cache one connection keeps, in KiB.
    static let pageCacheKilobytes = 16 << 10

    private func setOption(_ option: Int32, enabled: Bool) throws {
        var state: Int32 = -1
        try check(wishlist_sqlite3_db_config_int(try open(), option, enabled ? 1 : 0, &state))
        guard (state != 0) == enabled else {
            throw SQLiteError(code: .error, message: "SQLite refused database option \(option)")
        }
    }

    /// Closes the connection; later calls throw `.misuse`. Closing twice is harmless.
    func close() {
        statementCache.removeAll()
        sqlite3_close_v2(connection)
        connection = nil
    }

    // MARK: - Running SQL

    /// Runs one or more `;`-separated statements without arguments, e.g. a schema script.
    public func execute(_ sql: String) throws {
        let connection = try open()
        try sql.withCString { start in
            var remaining: UnsafePointer<CChar>? = start
            while let current = remaining, current.pointee != 0 {
                var handle: OpaquePointer?
                let resultCode = sqlite3_prepare_v2(connection, current, -1, &handle, &remaining)
                guard resultCode == SQLITE_OK else {
                    throw SQLiteError(connection: connection, resultCode: resultCode, sql: sql)
                }
                guard let handle else { continue }  // only whitespace or a comment was left
                defer { sqlite3_finalize(handle) }
                var stepCode: Int32
                repeat { stepCode = sqlite3_step(handle) } while stepCode == SQLITE_ROW
                guard stepCode == SQLITE_DONE else {
                    throw SQLiteError(
                        connection: connection, resultCode: stepCode,
                        sql: String(cString: sqlite3_sql(handle)).trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
        }
    }

    /// Runs one statement (INSERT/UPDATE/DELETE/DDL) with arguments bound to its `?` parameters.
    public func run(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws {
        try run(sql, .positional(arguments))
    }

    /// Runs one statement with arguments bound to its named parameters (`:name`).
    public func run(_ sql: String, _ arguments: NamedArguments) throws {
        try run(sql, .named(arguments))
    }

    /// All rows of one statement.
    public func query(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> [Row] {
        try query(sql, .positional(arguments))
    }

    /// All rows of one statement whose parameters are named.
    public func query(_ sql: String, _ arguments: NamedArguments) throws -> [Row] {
        try query(sql, .named(arguments))
    }

    /// The first row, or nil when there is none; the rest are not computed.
    public func queryFirst(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> Row? {
        try queryFirst(sql, .positional(arguments))
    }

    /// The first row of a statement whose parameters are named.
    public func queryFirst(_ sql: String, _ arguments: NamedArguments) throws -> Row? {
        try queryFirst(sql, .named(arguments))
    }

    /// The first column of the first row: nil when there is no row or the value is NULL.
    public func scalar<T: SQLiteColumnDecodable>(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> T? {
        try scalar(sql, .positional(arguments))
    }

    /// The first column of the first row of a statement whose parameters are named.
    public func scalar<T: SQLiteColumnDecodable>(_ sql: String, _ arguments: NamedArguments) throws -> T? {
        try scalar(sql, .named(arguments))
    }

    /// The first column of every row, read straight from the statement without making rows: for
    /// long lists of ids (a search reads a thousand rowids from an index at a time).
    public func column<T: SQLiteColumnDecodable>(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> [T] {
        try column(sql, .positional(arguments))
    }

    /// The first column of every row of a statement whose parameters are named.
    public func column<T: SQLiteColumnDecodable>(_ sql: String, _ arguments: NamedArguments) throws -> [T] {
        try column(sql, .named(arguments))
    }

    /// Calls `body` with each row in turn without collecting them, for large results.
    /// `body` may run other statements on this connection, including the same SQL.
    public func forEach(_ sql: String, _ arguments: [any SQLiteBindable] = [], _ body: (Row) throws -> Void) throws {
        try forEach(sql, .positional(arguments), body)
    }

    /// Each row of a statement whose parameters are named, in turn.
    public func forEach(_ sql: String, _ arguments: NamedArguments, _ body: (Row) throws -> Void) throws {
        try forEach(sql, .named(arguments), body)
    }

    private func run(_ sql: String, _ arguments: StatementArguments) throws {
        try withStatement(sql, arguments) { try $0.run() }
    }

    private func query(_ sql: String, _ arguments: StatementArguments) throws -> [Row] {
        var rows: [Row] = []
        try forEach(sql, arguments) { rows.append($0) }
        return rows
    }

    private func queryFirst(_ sql: String, _ arguments: StatementArguments) throws -> Row? {
        try withStatement(sql, arguments) { statement in
            try statement.step() ? statement.row(columns: statement.columns()) : nil
        }
    }

    private func scalar<T: SQLiteColumnDecodable>(_ sql: String, _ arguments: StatementArguments) throws -> T? {
        guard let row = try queryFirst(sql, arguments), !row.values.isEmpty, row.values[0] != .null else { return nil }
        return try row[0] as T
    }

    private func column<T: SQLiteColumnDecodable>(_ sql: String, _ arguments: StatementArguments) throws -> [T] {
        try withStatement(sql, arguments) { statement in
            guard statement.columnCount > 0 else {
                throw SQLiteError(code: .range, message: "the statement has no column to read", sql: sql)
            }
            var values: [T] = []
            while try statement.step() {
                values.append(try T(sqliteValue: statement.value(at: 0)))
            }
            return values
        }
    }

    private func forEach(_ sql: String, _ arguments: StatementArguments, _ body: (Row) throws -> Void) throws {
        try withStatement(sql, arguments) { statement in
            let columns = statement.columns()
            while try statement.step() {
                try body(statement.row(columns: columns))
            }
        }
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 {
        connection.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the last INSERT/UPDATE/DELETE on this connection.
    public var changes: Int {
        connection.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Rows changed on this connection since it opened: what tells whether an FTS5 'merge' command
    /// did any work (it did when this grew by 2 or more).
    public var totalChanges: Int {
        connection.map { Int(sqlite3_total_changes64($0)) } ?? 0
    }

    // MARK: - Transactions

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` … `COMMIT`, `ROLLBACK` when it throws.
    /// Inside another transaction it becomes a savepoint, so only its own work is undone.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// A deferred transaction: the snapshot starts at the first read and holds to the end,
    /// so every statement in `body` sees the same committed state.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(begin: "BEGIN DEFERRED", body)
    }

    /// Whether a transaction is open on this connection, whoever began it.
    var isInTransaction: Bool {
        connection.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    private func inTransaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        let connection = try open()
        // Ask SQLite rather than trust the depth: the caller may have run BEGIN itself.
        let isNested = sqlite3_get_autocommit(connection) == 0
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let savepoint = "transaction_\(transactionDepth)"
        try run(isNested ? "SAVEPOINT \(savepoint)" : begin)
        do {
            let result = try body()
            try run(isNested ? "RELEASE \(savepoint)" : "COMMIT")
            return result
        } catch {
            // SQLite may already have rolled back on its own (e.g. SQLITE_FULL); then there is nothing to undo.
            if sqlite3_get_autocommit(connection) == 0 {
                if isNested {
                    try? run("ROLLBACK TO \(savepoint)")
                    try? run("RELEASE \(savepoint)")
                } else {
                    try? run("ROLLBACK")
                }
            }
            throw error
        }
    }

    // MARK: - Backup

    /// Copies the database as this connection sees it into a new database file at `path`, with
    /// SQLite's online backup API, in one step: the copy is one consistent snapshot (this
    /// connection's open transaction if there is one, else one the copy takes), and other
    /// connections go on reading and writing meanwhile.
    public func backup(to path: String) throws {
        let source = try open()
        let copy = try Database(path: path)
        let destination = try copy.open()
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            throw SQLiteError(connection: destination, resultCode: sqlite3_errcode(destination), sql: nil)
        }
        // -1: every page at once, so no write in between can restart the copy or split it in two.
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else {
            throw SQLiteError(connection: destination, resultCode: stepped, sql: nil)
        }
        try copy.check(finished)
    }

    // MARK: - Internals

    /// Puts the database in WAL mode, which persists in the file.
    func enableWriteAheadLog() throws {
        let mode: String? = try scalar("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(code: .error, message: "could not enable WAL mode; journal mode is \(mode ?? "unknown")")
        }
    }

    /// Tells `watch` of every row this connection inserts, updates or deletes, through SQLite's
    /// update hook, which calls it on the thread running the statement, before the change commits.
    func watchWrites(_ watch: WriteWatch) {
        guard let connection else { return }
        writeWatch = watch
        sqlite3_update_hook(
            connection,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                Unmanaged<WriteWatch>.fromOpaque(context).takeUnretainedValue().noteWrite(inTable: table)
            }, Unmanaged.passUnretained(watch).toOpaque())
    }

    /// Registers the SQL function `name(key)`, which notes in `counts` that the open transaction
    /// wrote a row of `key` (a NULL key is no key), for triggers to call (see `WriteCounts`).
    func nameWriteKeys(with name: String, in counts: WriteCounts) throws {
        let connection = try open()
        writeCounts = counts
        try check(
            sqlite3_create_function_v2(
                connection, name, 1, SQLITE_UTF8, Unmanaged.passUnretained(counts).toOpaque(),
                { context, count, values in
                    guard let context, count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL else { return }
                    let counts = Unmanaged<WriteCounts>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                    counts.name(sqlite3_value_int64(value))
                }, nil, nil, nil))
    }

    /// Frees the pages this connection caches but does not need now (all of them outside a
    /// transaction); the cache fills again as queries use it.
    func releaseCache() {
        if let connection { sqlite3_db_release_memory(connection) }
    }

    private func open() throws -> OpaquePointer {
        guard let connection else { throw SQLiteError(code: .misuse, message: "the database connection is closed") }
        return connection
    }

    private func check(_ resultCode: Int32) throws {
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(connection: connection, resultCode: resultCode, sql: nil)
        }
    }

    /// Lends a cached statement (or a fresh one if the cached one is busy), bound and reset afterwards.
    private func withStatement<T>(_ sql: String, _ arguments: StatementArguments, _ body: (Statement) throws -> T) throws -> T {
        let statement = try cachedStatement(sql)
        statement.isInUse = true
        defer {
            statement.reset()
            statement.isInUse = false
        }
        try statement.bind(arguments)
        return try body(statement)
    }

    private func cachedStatement(_ sql: String) throws -> Statement {
        cacheClock += 1
        if let cached = statementCache[sql] {
            guard !cached.isInUse else {
                return try Statement(sql: sql, connection: try open(), persistent: false)
            }
            cached.lastUsed = cacheClock
            return cached
        }
        let statement = try Statement(sql: sql, connection: try open(), persistent: true)
        statement.lastUsed = cacheClock
        if statementCache.count >= Self.statementCacheCapacity,
            let oldest = statementCache.values.filter({ !$0.isInUse }).min(by: { $0.lastUsed < $1.lastUsed })
        {
            statementCache[oldest.sql] = nil
        }
        statementCache[sql] = statement
        return statement
    }
}
