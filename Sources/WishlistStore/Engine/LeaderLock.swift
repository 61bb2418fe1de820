import PostgreSQL
import Synchronization

/// Which of the servers sharing a database leads: runs the work that must run once, not once per
/// server (housekeeping, the price refresh, the media tidy).
///
/// On PostgreSQL, several servers may share the database, and the leader is the one whose session
/// holds the session-level advisory lock `StoreLock.leader`. The session is a connection of its
/// own, not one of the pool's: a pooled connection is lent to requests and may be replaced, and the
/// lock must live exactly as long as the session that took it. The server ends it (and the lock
/// with it) when the process dies however it dies, when the backend is terminated or the database
/// restarts, so a lost leader never holds the others off. On SQLite one server has the file, and
/// it always leads.
///
/// Called from one thread at a time (the caller's timer); the session is guarded all the same.
public final class LeaderLock: Sendable {
    private let pool: PostgresPool?
    /// The lock's session once opened, and whether it holds the lock.
    private let session = Mutex<(connection: PostgresConnection, holds: Bool)?>(nil)

    public init(store: Store) {
        if case .postgres(let pool) = store.database.engine {
            self.pool = pool
        } else {
            pool = nil
        }
    }

    /// Whether this server leads now: a lock already held is confirmed (its session still
    /// answers), otherwise it is tried, without waiting. Always true on SQLite.
    ///
    /// - Throws: the engine's error when the session broke or could not be opened (the database
    ///   restarted, the backend was terminated, the server is down): the lock is not held then,
    ///   and the next call opens a new session.
    public func refresh() throws -> Bool {
        guard let pool else { return true }
        return try session.withLock { session in
            do {
                if let (connection, holds) = session, holds {
                    try connection.execute("SELECT 1")
                    return true
                }
                // A follower keeps its session, so that trying again costs a statement, not a connection.
                let connection = try session?.connection ?? pool.dedicatedConnection()
                let holds = try connection.tryAdvisoryLock(StoreLock.leader.key)
                session = (connection, holds)
                return holds
            } catch {
                session?.connection.close()
                session = nil
                throw error
            }
        }
    }

    /// Ends the lock's session, which lets the lock go at once for another server to take.
    public func release() {
        session.withLock { session in
            session?.connection.close()
            session = nil
        }
    }
}
