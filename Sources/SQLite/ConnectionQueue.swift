import Foundation

/// A fixed set of connections lent to one thread at a time, with a bounded wait for a free one.
///
/// `@unchecked Sendable`: every stored property is guarded by `condition`, and a lent
/// `Database` is reachable from exactly one thread until it is given back.
final class ConnectionQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [Database]
    private let total: Int
    private var isClosed = false
    /// Says which kind of connection ran out, for the timeout error.
    private let role: String

    init(_ connections: [Database], role: String) {
        idle = connections
        total = connections.count
        self.role = role
    }

    /// Lends a connection to `body`, waiting at most `timeout` for one to be free.
    func withConnection<T>(timeout: Duration, _ body: (Database) throws -> T) throws -> T {
        let database = try acquire(timeout: timeout)
        defer { release(database) }
        return try body(database)
    }

    private func acquire(timeout: Duration) throws -> Database {
        let (seconds, attoseconds) = timeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18)
        condition.lock()
        defer { condition.unlock() }
        while idle.isEmpty && !isClosed {
            if !condition.wait(until: deadline) && idle.isEmpty && !isClosed {
                throw SQLiteError(code: .busy, message: "timed out after \(timeout) waiting for a free \(role) connection")
            }
        }
        guard !isClosed else { throw SQLiteError(code: .misuse, message: "the database pool is closed") }
        return idle.removeLast()
    }

    private func release(_ database: Database) {
        condition.lock()
        idle.append(database)
        condition.broadcast()
        condition.unlock()
    }

    /// Refuses new work, waits for every lent connection to come back, and hands them all over
    /// (none the second time).
    func close() -> [Database] {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return [] }
        isClosed = true
        condition.broadcast()
        while idle.count < total {
            condition.wait()
        }
        let connections = idle
        idle = []
        return connections
    }
}
