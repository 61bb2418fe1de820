import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One writer connection and a small pool of reader connections, safe from many threads.
///
/// The file is in WAL mode, so readers never block the writer nor each other, and each
/// `read` sees one consistent snapshot. Waiting for a free connection is bounded by the
/// same `busyTimeout` SQLite uses for file locks; running out of it throws `.busy`.
/// Writes that arrive while another commits are committed together (`GroupCommit`). Calling
/// `write` from inside `write` on the same pool fails at once with `.busy`, and `read` inside a
/// `read` holding the last reader waits for itself and fails so: use the `Database` you were given.
public final class DatabasePool: Sendable {
    public let path: String
    private let busyTimeout: Duration
    private let writer: ConnectionQueue
    private let groupCommit: GroupCommit
    private let readers: ConnectionQueue
    private let writeCounts = WriteCounts()
    /// Raised after every write by every pool on this file, in this process or another (see
    /// `dataVersion`); nil when its file could not be made, and then `data_version` is read each time.
    private let changes: SharedChangeCounter?
    /// Counts the writer's last commit (`WriteCounts`), and raises the watched writes' count when
    /// it wrote a watched row; told whether a counted write that named no key is among those
    /// committed.
    private let committed: @Sendable (_ unkeyed: Bool) -> Void
    private let versionWatch: Mutex<VersionWatch>
    /// When `versionWatch` last read `data_version`, in nanoseconds of the monotonic clock.
    private let versionCheckedAt = Atomic<UInt64>(0)
    private let otherProgramsCheckInterval: UInt64

    /// A read-only connection that only ever reads `PRAGMA data_version`, and the value it read last.
    private struct VersionWatch {
        var database: Database?
        var lastSeen: Int64?
    }

    /// Opens the writer (creating the file and switching it to WAL) and one read-only connection;
    /// up to `readerCount - 1` more are opened as reads come while the others are busy. A pool
    /// needs a file: `":memory:"` is refused.
    ///
    /// - Parameters:
    ///   - otherProgramsCheckInterval: how often `dataVersion` asks SQLite whether a program that
    ///     does not count its writes has written (see `dataVersion`).
    ///   - watchedTables: the tables whose writes `watchedWritesVersion` counts apart from the rest;
    ///     every pool on the file must be given the same (see `WriteWatch` for which may be).
    ///   - keyFunction: the name of an SQL function, of one integer, registered on the writer:
    ///     triggers the caller makes there (`TEMP`, the writer's own) call it with the key of each
    ///     row written, and ``writeCount(forKeys:)`` counts the writes by those keys.
    public init(
        path: String, readerCount: Int = 4, busyTimeout: Duration = .seconds(5),
        otherProgramsCheckInterval: Duration = .seconds(1), watching watchedTables: Set<String> = [],
        keyingWritesWith keyFunction: String? = nil
    ) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            throw SQLiteError(code: .misuse, message: "a database pool needs a file path, not \"\(path)\"")
        }
        guard readerCount > 0 else {
            throw SQLiteError(code: .misuse, message: "a database pool needs at least one reader, not \(readerCount)")
        }
        let writerConnection = try Database(path: path, busyTimeout: busyTimeout)
        try writerConnection.enableWriteAheadLog()
        let firstReader = try Database(path: path, readOnly: true, busyTimeout: busyTimeout)
        // No busy timeout: a version that cannot be read at once is no answer, never a wait.
        let watch = try Database(path: path, readOnly: true, busyTimeout: .zero)
        versionWatch = Mutex(VersionWatch(database: watch, lastSeen: try? watch.scalar("PRAGMA data_version")))
        versionCheckedAt.store(Self.monotonicNanoseconds(), ordering: .relaxed)
        let (seconds, attoseconds) = otherProgramsCheckInterval.components
        self.otherProgramsCheckInterval = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        let changes = SharedChangeCounter(path: path + "-changes", ownedLike: path)
        self.changes = changes
        self.path = path
        self.busyTimeout = busyTimeout
        let writeWatch = watchedTables.isEmpty ? nil : WriteWatch(tables: watchedTables)
        if let writeWatch { writerConnection.watchWrites(writeWatch) }
        let writeCounts = writeCounts
        if let keyFunction { try writerConnection.nameWriteKeys(with: keyFunction, in: writeCounts) }
        // Called by the writer's holder after each commit, before any write in it returns, so that
        // nothing read before the commit is trusted under the counts raised after it.
        committed = { unkeyed in
            writeCounts.committed(unkeyed: unkeyed)
            if writeWatch?.take() == true { changes?.increment(.watchedWrites) }
        }
        writer = ConnectionQueue([writerConnection], role: "writer")
        groupCommit = GroupCommit(
            writer: writer, timeout: busyTimeout, keysNamed: { writeCounts.namingCount }, committed: committed)
        readers = ConnectionQueue([firstReader], capacity: readerCount, role: "reader") {
            try Database(path: path, readOnly: true, busyTimeout: busyTimeout)
        }
    }

    /// Runs `body` on a reader inside a read transaction, so all its queries see one snapshot.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.withConnection(timeout: busyTimeout) { database in
            try database.readTransaction { try body(database) }
        }
    }

    /// Runs `body` on the single writer, one at a time, in a savepoint of a transaction that the
    /// writes waiting with it share (`GroupCommit`), and returns once that transaction has
    /// committed. When `body` throws, its own work is undone and the error thrown.
    ///
    /// - Parameter counted: false for a write that no reader caching by ``writeCount`` reads,
    ///   which then leaves the count, and so every cached read, as it was.
    public func write<T>(counted: Bool = true, _ body: (Database) throws -> T) throws -> T {
        defer { finished() }
        return try groupCommit.write(counted: counted, body)
    }

    /// Runs `body` on the single writer outside any transaction, for work that manages its own
    /// (migrations, `VACUUM`, bulk loads committed in batches).
    public func writeWithoutTransaction<T>(counted: Bool = true, _ body: (Database) throws -> T) throws -> T {
        defer { finished() }
        return try writer.withConnection(timeout: busyTimeout) { database in
            // Work of any kind, in any number of transactions: counted for every key as well.
            defer { committed(counted) }
            return try body(database)
        }
    }

    private func finished() {
        changes?.increment(.writes)
    }

    /// How many of this pool's transactions committed counted writes (those not `counted: false`)
    /// that named no key (see ``writeCount(forKeys:)``): all of them, in a pool that keys no
    /// writes. Read before a read, it tells later whether anything may have changed since: a cache
    /// of reads is valid while the count stays the same. Writes by other processes are not counted.
    public var writeCount: UInt64 {
        writeCounts.unkeyedCount
    }

    /// ``writeCount``, plus the transactions that wrote rows of any of `keys` (as the writer's
    /// triggers named them to the pool's key function): unchanged, nothing of those keys' rows was
    /// written, nor anything unkeyed, whatever other keys' rows were.
    public func writeCount(forKeys keys: [Int64]) -> UInt64 {
        writeCounts.count(forKeys: keys)
    }

    /// A number that changes whenever anything is written to the file: by this pool's writer, or
    /// another process's (the `wishlist` command working on the data directory). What was read from
    /// the file stays true while this stays the same, so a cache of it may be trusted without
    /// asking the file again.
    ///
    /// It is the count every pool on the file raises after each of its writes, in memory shared
    /// between the processes (`SharedChangeCounter`): a load, no lock, no system call, since a
    /// server reads it for every request it answers from memory. A program that writes without
    /// raising it (the sqlite3 shell; a process killed between its commit and the raise) is seen
    /// through SQLite's own `PRAGMA data_version`, read at most once per
    /// `otherProgramsCheckInterval` on a connection kept for it: within that time, not at once.
    /// Without the counter's file, `data_version` is read every time, and nil is answered when it
    /// cannot be read at once (the file busy, the pool closed).
    public func dataVersion() -> Int64? {
        guard let changes else {
            return versionWatch.withLock { watch in try? watch.database?.scalar("PRAGMA data_version") }
        }
        noticeWritesOfOtherPrograms(raising: changes)
        return Int64(bitPattern: changes.value(of: .writes))
    }

    /// ``dataVersion()`` for the tables the pool watches (`watching`) alone: it changes whenever
    /// a commit by this pool's writer or another pool's on the file wrote a row of one of them,
    /// and whenever a program that does not count its writes wrote anything, as `dataVersion`
    /// sees it. A cache of those tables' rows (who a session belongs to) stays true across every
    /// other write. Without the counters' file, `data_version`, read each time.
    public func watchedWritesVersion() -> Int64? {
        guard let changes else { return dataVersion() }
        noticeWritesOfOtherPrograms(raising: changes)
        return Int64(bitPattern: changes.value(of: .watchedWrites))
    }

    /// Raises `changes` when `data_version` moved since it was last read, once the interval has
    /// passed; a thread that finds another checking goes on without waiting. `data_version` moves
    /// with the counted writes too, so under writes this adds a raise an interval: caches are
    /// dropped a little more often, never trusted longer.
    private func noticeWritesOfOtherPrograms(raising changes: SharedChangeCounter) {
        let now = Self.monotonicNanoseconds()
        guard now &- versionCheckedAt.load(ordering: .relaxed) >= otherProgramsCheckInterval else { return }
        versionWatch.withLockIfAvailable { watch in
            guard now &- versionCheckedAt.load(ordering: .relaxed) >= otherProgramsCheckInterval else { return }
            guard let version: Int64 = try? watch.database?.scalar("PRAGMA data_version") else { return }
            versionCheckedAt.store(now, ordering: .relaxed)
            if let seen = watch.lastSeen, seen != version {
                // Nothing says what it wrote: every count moves.
                for count in SharedChangeCounter.Count.allCases { changes.increment(count) }
            }
            watch.lastSeen = version
        }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// After a bulk write (an import at start-up): drops the writer's page cache, which the
    /// write filled with pages an idle server does not need.
    public func releaseWriterCache() {
        try? writeWithoutTransaction { $0.releaseCache() }
    }

    /// Waits for in-flight work, checkpoints the WAL into the main file, and closes every
    /// connection. Later calls to the pool throw `.misuse`; closing again does nothing.
    public func close() throws {
        versionWatch.withLock { watch in
            watch.database?.close()
            watch.database = nil
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
