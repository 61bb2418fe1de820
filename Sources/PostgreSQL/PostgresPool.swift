import CPostgres
import Foundation

/// A fixed number of connections to one server, lent to one thread at a time; safe from many
/// threads.
///
/// **How it bounds blocking.** libpq's calls block their thread until the server answers, and
/// this module does no non-blocking I/O. The pool is what keeps that in bounds: at most `size`
/// threads are ever inside libpq for it (so at most `size` server sessions exist), and a thread
/// asking when all are lent waits at most `acquireTimeout` for one before failing with
/// `.lockNotAvailable`, the server's own code for a wait given up. A worker pool of many threads
/// in front of it thus has `size` of them waiting on the database at worst, never all.
///
/// **Dead connections are replaced.** Connections are opened when first needed, not all at start,
/// so a pool can be made while the server is down and works once it is back. A connection lent
/// again is first checked without waiting (a session the server terminated while it sat idle is
/// noticed then, and a new one takes its place); one that broke while lent, or was left inside a
/// transaction that cannot be rolled back, is closed when it comes back, and its slot opens a new
/// connection at its next use.
///
/// `@unchecked Sendable`: every stored property is a constant or guarded by `lock`, and a lent
/// connection is reachable from one thread only until it is given back.
public final class PostgresPool: @unchecked Sendable {
    public let size: Int
    private let url: String
    private let applicationName: String?
    private let acquireTimeout: Duration
    /// Counts free slots: taken before a connection is lent, given back after, first come first
    /// served; a wait is bounded by `acquireTimeout`.
    private let slots: FairSemaphore
    /// Counts the connections `withLongConnection` may still open.
    private let longSlots: FairSemaphore
    private let lock = NSLock()
    private var idle: [PostgresConnection] = []
    private var isClosed = false
    private var opened = 0
    #if DEBUG
        /// The threads holding a connection, so that the tests find a thread asking for a second
        /// one: with as few connections as threads asking, two such threads wait on each other.
        private var borrowers: Set<pthread_t> = []
    #endif

    /// A pool of `size` connections to `url` (see `PostgresConnection.init`); checks the URL but
    /// connects to nothing yet.
    public init(url: String, size: Int = 4, acquireTimeout: Duration = .seconds(5), applicationName: String? = nil) throws {
        guard size > 0 else {
            throw PostgresError(code: .invalidParameterValue, message: "a connection pool needs at least one connection, not \(size)")
        }
        try PostgresConnection.validate(url: url)
        self.size = size
        self.url = url
        self.applicationName = applicationName
        self.acquireTimeout = acquireTimeout
        slots = FairSemaphore(slots: size)
        longSlots = FairSemaphore(slots: size)
    }

    /// How many connections a pool to `url` has unless told otherwise: one per core of this
    /// machine, and at least 2, when the server runs on it (`PostgresConnection.isOnThisMachine`);
    /// 8 when it runs elsewhere.
    ///
    /// A server on this machine shares its cores with the program: more of its sessions at work
    /// than there are cores only take turns on them, and every answer then waits for the others'
    /// (four searches at once on 2 cores: p99 20–24 ms with four sessions at work, 10–12 ms with
    /// two, at the same number of answers a second). A server elsewhere has cores of its own, and
    /// a session there spends part of each request waiting on the network.
    public static func defaultSize(for url: String) throws -> Int {
        try PostgresConnection.isOnThisMachine(url: url) ? max(2, ProcessInfo.processInfo.activeProcessorCount) : 8
    }

    /// How many connections the pool has opened since it was made, replacements included.
    public var connectionsOpened: Int { lock.withLock { opened } }

    /// Lends a connection to `body`, waiting at most the pool's `acquireTimeout` for a free one.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        #if DEBUG
            let thread = pthread_self()
            lock.withLock { precondition(borrowers.insert(thread).inserted, "a thread asked for a second connection of one pool") }
            defer { lock.withLock { _ = borrowers.remove(thread) } }
        #endif
        try wait(for: slots, "one of \(size) PostgreSQL connections")
        let connection: PostgresConnection
        do {
            connection = try take()
        } catch {
            slots.giveBack()
            throw error
        }
        defer { giveBack(connection) }
        return try body(connection)
    }

    /// Lends `body` a connection of its own, opened for it and closed after, for work that may hold
    /// it as long as a client takes to receive what it reads (an export streamed as it is read):
    /// the pool's connections, as many as suit the requests' statements (`defaultSize(for:)`), stay
    /// free for them. At most `size` such connections are open at once; one more waits at most
    /// `acquireTimeout` and then fails with `.lockNotAvailable`, as `withConnection` does.
    public func withLongConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try wait(for: longSlots, "one of \(size) PostgreSQL connections for long work")
        defer { longSlots.giveBack() }
        try lock.withLock { if isClosed { throw Self.closedError } }
        let connection = try dedicatedConnection()
        defer { connection.close() }
        return try body(connection)
    }

    /// Takes one of `semaphore`'s slots, waiting at most `acquireTimeout` for it.
    private func wait(for semaphore: FairSemaphore, _ what: String) throws {
        guard semaphore.take(waitingAtMost: acquireTimeout) else {
            throw PostgresError(code: .lockNotAvailable, message: "timed out after \(acquireTimeout) waiting for \(what)")
        }
    }

    /// Runs `body` in a transaction on a lent connection (see `PostgresConnection.transaction`).
    public func transaction<T>(_ isolation: PostgresIsolation = .readCommitted, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { try $0.transaction(isolation, body) }
    }

    /// Runs `body` in a read-only transaction on a lent connection (see
    /// `PostgresConnection.readTransaction`).
    public func readTransaction<T>(_ isolation: PostgresIsolation = .repeatableRead, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { try $0.readTransaction(isolation, body) }
    }

    /// Runs `body` in a SERIALIZABLE transaction on a lent connection, again after a serialization
    /// failure or deadlock (see `PostgresConnection.serializable`).
    public func serializable<T>(maxAttempts: Int = 5, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { try $0.serializable(maxAttempts: maxAttempts, body) }
    }

    /// A new connection to the pool's server, outside the pool: the caller's alone, for a session
    /// that must outlive any loan (one holding a session-level advisory lock), and the caller's to
    /// close. Counts against the server's connections, not the pool's `size`.
    public func dedicatedConnection() throws -> PostgresConnection {
        try PostgresConnection(url: url, applicationName: applicationName)
    }

    /// An idle connection that is still alive, or a new one.
    private func take() throws -> PostgresConnection {
        while let connection = try lock.withLock({ () throws -> PostgresConnection? in
            guard !isClosed else { throw Self.closedError }
            return idle.popLast()
        }) {
            if connection.checkAlive() { return connection }
            connection.close()
        }
        let connection = try PostgresConnection(url: url, applicationName: applicationName)
        lock.withLock { opened += 1 }
        return connection
    }

    private func giveBack(_ connection: PostgresConnection) {
        defer { slots.giveBack() }
        // A body that began a transaction itself and left it open would hand it to the next borrower.
        if connection.isConnected && connection.isInTransaction {
            try? connection.execute("ROLLBACK")
        }
        // Only an idle session is lent again: not one still in a transaction, nor one left mid-COPY.
        let keep = connection.isConnected && connection.transactionStatus == CPOSTGRES_TRANSACTION_IDLE
        let closeNow = lock.withLock {
            guard keep && !isClosed else { return true }
            idle.append(connection)
            return false
        }
        if closeNow { connection.close() }
    }

    /// Closes the idle connections and refuses new work; connections still lent are closed as
    /// they come back. Closing again does nothing.
    public func close() {
        let connections = lock.withLock {
            isClosed = true
            defer { idle = [] }
            return idle
        }
        for connection in connections { connection.close() }
    }

    private static let closedError = PostgresError(code: .connectionDoesNotExist, message: "the PostgreSQL pool is closed")
}
