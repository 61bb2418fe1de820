import Foundation

/// A fixed number of connections lent to one thread at a time, in the order threads asked, with a
/// bounded wait for a free one. Connections beyond those given at the start are opened when first
/// needed: each holds its own copy of the schema and a page cache (about 170 KB), which an idle
/// server need not keep for readers it has not used yet.
///
/// A returned connection goes straight to the thread that has waited longest, which alone is
/// woken: with one shared condition every waiting thread woke on each return and the winner was
/// whichever the scheduler ran first, so under load a request could wait through many others'
/// turns (the tail grew tenfold from 4 to 32 clients).
///
/// `@unchecked Sendable`: every stored property is guarded by `lock`, and a lent `Database` is
/// reachable from exactly one thread until it is given back.
final class ConnectionQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Database]
    /// Opens one more connection, up to `total`; nil when the queue has all it will have.
    private let open: (() throws -> Database)?
    /// Connections in existence (idle, lent, or being opened).
    private var opened: Int
    /// Oldest first. As long as the threads that may wait (a worker pool's, a few dozen), so
    /// taking the first of an array costs nothing worth a ring buffer.
    private var waiting: [Waiter] = []
    private let total: Int
    private var lent = 0
    private var isClosed = false
    /// Signalled when the last lent connection comes back after `close()` began.
    private let allReturned = DispatchSemaphore(value: 0)
    /// Says which kind of connection ran out, for the timeout error.
    private let role: String

    /// One thread waiting for a connection, and the connection handed to it.
    private final class Waiter: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        /// Set under the queue's lock just before `wake` is signalled; nil when woken by `close()`.
        var connection: Database?
    }

    /// A queue of `connections`, which opens more with `open` when all are lent, up to `capacity`.
    init(_ connections: [Database], capacity: Int? = nil, role: String, open: (() throws -> Database)? = nil) {
        idle = connections
        opened = connections.count
        total = open == nil ? connections.count : max(capacity ?? connections.count, connections.count)
        self.open = open
        self.role = role
    }

    /// Lends a connection to `body`, waiting at most `timeout` for one to be free.
    func withConnection<T>(timeout: Duration, _ body: (Database) throws -> T) throws -> T {
        let database = try acquire(timeout: timeout)
        defer { release(database) }
        return try body(database)
    }

    private func acquire(timeout: Duration) throws -> Database {
        lock.lock()
        guard !isClosed else {
            lock.unlock()
            throw Self.closedError
        }
        if waiting.isEmpty, let database = idle.popLast() {
            lent += 1
            lock.unlock()
            return database
        }
        if waiting.isEmpty, opened < total, let open {
            opened += 1
            lent += 1
            lock.unlock()
            do {
                return try open()
            } catch {
                lock.withLock {
                    opened -= 1
                    lent -= 1
                }
                throw error
            }
        }
        let waiter = Waiter()
        waiting.append(waiter)
        lock.unlock()

        if waiter.wake.wait(for: timeout) == .timedOut {
            lock.lock()
            if waiter.connection == nil && !isClosed {
                waiting.removeAll { $0 === waiter }
                lock.unlock()
                throw SQLiteError(code: .busy, message: "timed out after \(timeout) waiting for a free \(role) connection")
            }
            lock.unlock()
            // Handed a connection (or closed) just as the wait ran out: its signal is on the way.
            waiter.wake.wait()
        }
        guard let database = lock.withLock({ waiter.connection }) else { throw Self.closedError }
        return database
    }

    private func release(_ database: Database) {
        lock.lock()
        if !waiting.isEmpty {
            let waiter = waiting.removeFirst()
            waiter.connection = database
            lock.unlock()
            waiter.wake.signal()
            return
        }
        idle.append(database)
        lent -= 1
        let finished = isClosed && lent == 0
        lock.unlock()
        if finished { allReturned.signal() }
    }

    /// Threads waiting for a connection now, for tests.
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Refuses new work, waits for every lent connection to come back, and hands them all over
    /// (none the second time).
    func close() -> [Database] {
        lock.lock()
        guard !isClosed else {
            lock.unlock()
            return []
        }
        isClosed = true
        // Waiters are told the queue closed; connections in use still come back through release.
        for waiter in waiting {
            waiter.wake.signal()
        }
        waiting.removeAll()
        let mustWait = lent > 0
        lock.unlock()
        if mustWait { allReturned.wait() }
        return lock.withLock {
            let connections = idle
            idle = []
            return connections
        }
    }

    private static let closedError = SQLiteError(code: .misuse, message: "the database pool is closed")
}
