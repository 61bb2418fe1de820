import Synchronization

/// One writer connection and a small pool of reader connections, safe from many threads.
///
/// The file is in WAL mode, so readers never block the writer nor each other, and each
/// `read` sees one consistent snapshot. Waiting for a free connection is bounded by the
/// same `busyTimeout` SQLite uses for file locks; running out of it throws `.busy`.
/// Calling `write` from inside `write` (or `read` inside a `read` holding the last reader)
/// on the same pool waits for itself and fails with `.busy`: use the `Database` you were given.
public final class DatabasePool: Sendable {
    public let path: String
    private let busyTimeout: Duration
    private let writer: ConnectionQueue
    private let readers: ConnectionQueue
    private let finishedWrites = Atomic<UInt64>(0)
    /// A read-only connection that only ever reads `PRAGMA data_version` (see `dataVersion`).
    private let versionWatch: Mutex<Database?>

    /// Opens the writer (creating the file and switching it to WAL) and `readerCount` read-only
    /// connections. A pool needs a file: `":memory:"` is refused.
    public init(path: String, readerCount: Int = 4, busyTimeout: Duration = .seconds(5)) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            throw SQLiteError(code: .misuse, message: "a database pool needs a file path, not \"\(path)\"")
        }
        guard readerCount > 0 else {
            throw SQLiteError(code: .misuse, message: "a database pool needs at least one reader, not \(readerCount)")
        }
        let writerConnection = try Database(path: path, busyTimeout: busyTimeout)
        try writerConnection.enableWriteAheadLog()
        let readerConnections = try (0..<readerCount).map { _ in
            try Database(path: path, readOnly: true, busyTimeout: busyTimeout)
        }
        // No busy timeout: a version that cannot be read at once is no answer (nil), never a wait.
        versionWatch = Mutex(try Database(path: path, readOnly: true, busyTimeout: .zero))
        self.path = path
        self.busyTimeout = busyTimeout
        writer = ConnectionQueue([writerConnection], role: "writer")
        readers = ConnectionQueue(readerConnections, role: "reader")
    }

    /// Runs `body` on a reader inside a read transaction, so all its queries see one snapshot.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.withConnection(timeout: busyTimeout) { database in
            try database.readTransaction { try body(database) }
        }
    }

    /// Runs `body` on the single writer inside a transaction (`BEGIN IMMEDIATE`), one at a time;
    /// it commits when `body` returns and rolls back when it throws.
    ///
    /// - Parameter counted: false for a write that no reader caching by ``writeCount`` reads,
    ///   which then leaves the count, and so every cached read, as it was.
    public func write<T>(counted: Bool = true, _ body: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction(counted: counted) { database in
            try database.transaction { try body(database) }
        }
    }

    /// Runs `body` on the single writer outside any transaction, for work that manages its own
    /// (migrations, `VACUUM`, bulk loads committed in batches).
    public func writeWithoutTransaction<T>(counted: Bool = true, _ body: (Database) throws -> T) throws -> T {
        defer { if counted { finishedWrites.add(1, ordering: .releasing) } }
        return try writer.withConnection(timeout: busyTimeout, body)
    }

    /// How many writes of this pool have finished (committed or rolled back). Read before a read,
    /// it tells later whether anything may have changed since: a cache of reads is valid while
    /// the count stays the same. Writes by other processes are not counted.
    public var writeCount: UInt64 {
        finishedWrites.load(ordering: .acquiring)
    }

    /// A number that changes whenever anything is committed to the file by any other connection:
    /// this pool's writer, or another process's (the `wishlist` command working on the data
    /// directory). SQLite's `PRAGMA data_version`, read on a connection kept for it alone, which
    /// never writes; it costs the start and end of a read transaction (the WAL index's header, in
    /// shared memory), no page of the file. Nil when it cannot be read at once (the file busy, the
    /// pool closed). What was read from the file stays true while this stays the same, so a cache
    /// of it (who a session belongs to) may be trusted without asking the file again.
    public func dataVersion() -> Int64? {
        versionWatch.withLock { database in try? database?.scalar("PRAGMA data_version") }
    }

    /// After a bulk write (an import at start-up): drops the writer's page cache, which the
    /// write filled with pages an idle server does not need.
    public func releaseWriterCache() {
        try? writeWithoutTransaction { $0.releaseCache() }
    }

    /// Waits for in-flight work, checkpoints the WAL into the main file, and closes every
    /// connection. Later calls to the pool throw `.misuse`; closing again does nothing.
    public func close() throws {
        versionWatch.withLock { database in
            database?.close()
            database = nil
        }
        for reader in readers.close() {
            reader.close()
        }
        for database in writer.close() {
            defer { database.close() }
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
