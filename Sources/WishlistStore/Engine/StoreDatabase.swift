import PostgreSQL
import SQLite
import Synchronization
import WishlistCore

/// The store's database on either engine: what the repositories run their SQL through, with
/// `read` and `write` of the same meaning on both.
///
/// - `read` sees one consistent snapshot for all its statements: a read transaction on one of
///   SQLite's readers, a REPEATABLE READ transaction on PostgreSQL.
/// - `write` runs in one transaction that commits when the body returns and rolls back when it
///   throws. On SQLite it runs on the single writer, so no other write runs meanwhile. On
///   PostgreSQL writes run at once (READ COMMITTED), and a write whose checks need the others kept
///   out names a `StoreLock`, whose advisory lock it takes first.
/// - The engines' errors that are not the repository's business become the store's own: a lost
///   or refused connection is `DatabaseUnavailableError` (503 `database_unavailable`), no free
///   connection in time is `ServerBusyError` (503 `server_busy`), as SQLite's busy writer is.
package final class StoreDatabase: Sendable {
    enum Engine: Sendable {
        case sqlite(DatabasePool)
        case postgres(PostgresPool)
    }

    let engine: Engine
    /// PostgreSQL's count of this process's finished writes (SQLite's pool keeps its own).
    private let finishedWrites = Atomic<UInt64>(0)

    init(_ engine: Engine) {
        self.engine = engine
    }

    /// Runs `body` in a read transaction: every statement sees the same committed data.
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try read(inTransaction: true, body)
    }

    /// Runs `body`, which runs one statement, as a read: in a read transaction on SQLite; on
    /// PostgreSQL outside any, since a statement sees one snapshot by itself. There `BEGIN` and
    /// `COMMIT` were two of the three round trips of the lookup every signed-in request makes.
    /// A second statement would see another snapshot: a body with more uses ``read(_:)``.
    func readOneStatement<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try read(inTransaction: false, body)
    }

    /// ``read(_:)`` for a read that may last as long as a client takes to receive what it reads (an
    /// export streamed as it is read): on PostgreSQL on a connection of its own
    /// (`PostgresPool.withLongConnection`), so that a slow client never holds one of the pool's,
    /// which are as many as suit the requests' statements: two such exports would otherwise stop
    /// every request of a 2-core server. On SQLite on one of the readers, as any read.
    func longRead<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try translatingErrors {
            switch engine {
            case .sqlite(let pool):
                return try pool.read { try body(SQLiteConnection(database: $0)) }
            case .postgres(let pool):
                return try pool.withLongConnection { connection in
                    try connection.readTransaction(.repeatableRead) { try body(PostgresSQLConnection(connection: $0)) }
                }
            }
        }
    }

    /// A read on SQLite's reader; on PostgreSQL in a REPEATABLE READ transaction, or outside any.
    private func read<T>(inTransaction: Bool, _ body: (any SQLConnection) throws -> T) throws -> T {
        try translatingErrors {
            switch engine {
            case .sqlite(let pool):
                return try pool.read { try body(SQLiteConnection(database: $0)) }
            case .postgres(let pool) where inTransaction:
                return try pool.readTransaction(.repeatableRead) { try body(PostgresSQLConnection(connection: $0)) }
            case .postgres(let pool):
                return try pool.withConnection { try body(PostgresSQLConnection(connection: $0)) }
            }
        }
    }

    /// Runs `body` in a write transaction, first taking `lock` on PostgreSQL (see `StoreLock`).
    ///
    /// - Parameter counted: false for a write that no cached read shows (see `writeCount`).
    @discardableResult
    func write<T>(counted: Bool = true, locking lock: StoreLock? = nil, _ body: (any SQLConnection) throws -> T) throws -> T {
        try write(counted: counted, locking: lock.map { [$0] } ?? [], body)
    }

    /// ``write(counted:locking:_:)`` taking several locks, in the order of their keys, so that two
    /// writes wanting some of the same locks never each hold one the other waits for.
    @discardableResult
    func write<T>(counted: Bool = true, locking locks: [StoreLock], _ body: (any SQLConnection) throws -> T) throws -> T {
        try translatingErrors {
            switch engine {
            case .sqlite(let pool):
                return try pool.write(counted: counted) { try body(SQLiteConnection(database: $0)) }
            case .postgres(let pool):
                defer { if counted { finishedWrites.add(1, ordering: .releasing) } }
                return try pool.transaction(.readCommitted) { connection in
                    for key in Set(locks.map(\.key)).sorted() { try connection.advisoryTransactionLock(key) }
                    return try body(PostgresSQLConnection(connection: connection))
                }
            }
        }
    }

    /// SQLite's pool, for what only SQLite has (its migrations' tests, its file's pragmas, the
    /// benchmarks' bulk loads). Asking a PostgreSQL store for it is a programming error.
    var sqlitePool: DatabasePool {
        guard case .sqlite(let pool) = engine else {
            preconditionFailure("SQLite's pool asked of a PostgreSQL store")
        }
        return pool
    }

    /// How many writes of this process have finished: unchanged means this process wrote nothing.
    var writeCount: UInt64 {
        switch engine {
        case .sqlite(let pool): pool.writeCount
        case .postgres: finishedWrites.load(ordering: .acquiring)
        }
    }

    /// ``writeCount`` and, on SQLite, the writes that named `account` or everyone (0) as the
    /// account of a row they wrote (`Schema.accountWriteTriggers`).
    func writeCount(for account: UserKey) -> UInt64 {
        switch engine {
        case .sqlite(let pool): pool.writeCount(forKeys: [account.rawValue, 0])
        case .postgres: writeCount
        }
    }

    /// The SQLite file's version of the tables its pool watches (`DatabasePool.watchedWritesVersion`);
    /// nil on PostgreSQL, which has no such counter: every ask goes to the server.
    func credentialsVersion() -> Int64? {
        switch engine {
        case .sqlite(let pool): pool.watchedWritesVersion()
        case .postgres: nil
        }
    }

    func close() throws {
        switch engine {
        case .sqlite(let pool): try pool.close()
        case .postgres(let pool): pool.close()
        }
    }

    /// Whether `error` is either engine's refusal of a row that repeats a UNIQUE key, for the
    /// repository to say what was taken.
    static func isUniqueViolation(_ error: any Error) -> Bool {
        switch error {
        case let error as SQLiteError: error.isUniqueConstraintViolation
        case let error as PostgresError: error.isUniqueViolation
        default: false
        }
    }

    private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isConnectionLost {
            throw DatabaseUnavailableError()
        } catch let error as PostgresError where error.code == .lockNotAvailable {
            throw ServerBusyError()
        } catch let error as PostgresError where error.code == .characterNotInRepertoire {
            throw NULCharacterError()
        }
    }
}
