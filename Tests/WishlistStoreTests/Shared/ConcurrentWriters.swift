import Foundation
import PostgreSQL
import TestSupport
import Testing

/// Two writers of the store made to meet on PostgreSQL: each would check before either commits,
/// were nothing to keep them apart. A third connection holds a lock on a table both must write
/// after their checks, and lets go only once both are waiting on a lock; a `StoreLock` makes the
/// second wait before its check instead. Without it both checks pass, deterministically.
enum ConcurrentWriters {
    /// Runs `write` for each name on a thread of its own while another connection holds `table` in
    /// SHARE mode (reads go on, writes wait); lets go once both writers wait on a lock. Answers each
    /// writer's error, nil for success, in the order of `names`.
    static func runTogether(
        _ test: TestStore, holding table: String, _ names: [String], _ write: @escaping @Sendable (String) throws -> Void
    ) throws -> [(any Error)?] {
        let url = try #require(test.url)
        let holder = try PostgresConnection(url: url)
        let watcher = try PostgresConnection(url: url)
        let outcomes = Locked<[Int: any Error]>([:])
        try holder.execute("BEGIN; LOCK TABLE \(table) IN SHARE MODE")
        let finished = DispatchSemaphore(value: 0)
        Thread {
            // Each writer keeps its own error, so none is thrown here.
            try? onThreads(names.count) { index in
                do { try write(names[index]) } catch { outcomes.withLock { $0[index] = error } }
            }
            finished.signal()
        }.start()
        try waitUntil("both writers wait on a lock") { try waitingOnALock(watcher) == names.count }
        try holder.execute("COMMIT")
        finished.wait()
        return names.indices.map { outcomes.value[$0] }
    }

    /// How many of the store's connections (not the test's own) wait on a lock now.
    static func waitingOnALock(_ watcher: PostgresConnection) throws -> Int {
        try watcher.scalar(
            """
            SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'wishlist'
            """) ?? 0
    }
}
