import Foundation
import PostgreSQL
import Synchronization
import TestSupport
import Testing

@Suite struct PoolTests {
    /// Waits until the server process `pid` is gone: then its socket is closed too.
    static func waitUntilGone(_ pid: Int32) throws {
        try waitUntil("server process \(pid) has exited") { kill(pid, 0) != 0 && errno == ESRCH }
    }

    /// `afterARead`: the connection went back to the pool with a read's COMMIT sent and its answer unread.
    @Test(arguments: [false, true]) func aConnectionTheServerTerminatedWhileIdleIsReplacedUnseen(afterARead: Bool) throws {
        let url = try TestDatabase.make()
        let pool = try PostgresPool(url: url, size: 1)
        let first =
            afterARead
            ? try pool.readTransaction { connection in
                _ = try connection.query("SELECT 1")
                return connection.backendPID
            } : try pool.withConnection { $0.backendPID }
        let admin = try PostgresConnection(url: url)
        #expect(try admin.scalar("SELECT pg_terminate_backend($1)", [first]) as Bool? == true)
        try Self.waitUntilGone(first)

        let second: Int? = try pool.withConnection { try $0.scalar("SELECT pg_backend_pid()") }
        #expect(second != nil && second != Int(first))
        #expect(pool.connectionsOpened == 2)
    }

    /// How a lent connection is used after the server ended its session.
    enum Use: CaseIterable, Sendable {
        /// A statement of its own.
        case statement
        /// A transaction's first statement, prepared already, which its BEGIN goes with.
        case transactionsFirstStatement
        /// The first use after a read transaction, whose COMMIT's answer it reads first.
        case afterARead
    }

    @Test(arguments: Use.allCases) func aConnectionThatBrokeWhileLentIsATypedErrorAndIsReplaced(use: Use) throws {
        let url = try TestDatabase.make()
        let pool = try PostgresPool(url: url, size: 1)
        let admin = try PostgresConnection(url: url)
        let lost = try pool.withConnection { connection in
            let pid = connection.backendPID
            if use == .transactionsFirstStatement { _ = try connection.query("SELECT 1") }
            // The read's COMMIT is sent; the session is ended before its answer is read.
            if use == .afterARead { _ = try connection.readTransaction { try $0.query("SELECT 1") } }
            _ = try admin.query("SELECT pg_terminate_backend($1)", [pid])
            try Self.waitUntilGone(pid)
            return #expect(throws: PostgresError.self) {
                switch use {
                case .statement, .afterARead: _ = try connection.query("SELECT 1")
                case .transactionsFirstStatement: try connection.transaction { _ = try $0.query("SELECT 1") }
                }
            }
        }
        #expect(lost?.isConnectionLost == true)
        #expect(try pool.transaction(.repeatableRead) { try $0.scalar("SELECT 1") } as Int? == 1)
        #expect(pool.connectionsOpened == 2)
    }

    @Test func noMoreThanSizeConnectionsAreEverLentOrOpen() throws {
        let size = 3
        let borrowers = 8
        let name = "pool-bound-\(UUID().uuidString.prefix(8))"
        // A borrower waits while others hold theirs: a long bound, for a loaded machine.
        let pool = try PostgresPool(
            url: try TestDatabase.make(parameters: [("application_name", name)]), size: size, acquireTimeout: .seconds(60))
        let state = Locked((inUse: 0, mostInUse: 0, entered: 0, mostSessions: 0))
        try onThreads(borrowers) { _ in
            try pool.withConnection { connection in
                state.withLock {
                    $0.inUse += 1
                    $0.entered += 1
                    $0.mostInUse = max($0.mostInUse, $0.inUse)
                }
                // Holds the connection until the pool is full or no one else is coming, so that a pool
                // lending more than `size` would be caught with them all out at once.
                try waitUntil("the pool is full or every borrower came") {
                    let now = state.value
                    return now.inUse == size || now.entered == borrowers
                }
                let sessions: Int = try #require(
                    try connection.scalar("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [name]))
                state.withLock {
                    $0.mostSessions = max($0.mostSessions, sessions)
                    $0.inUse -= 1
                }
            }
        }
        #expect(state.value.mostInUse == size)
        #expect(state.value.mostSessions == size)
        #expect(pool.connectionsOpened == size)
    }

    @Test func waitingForAConnectionIsBoundedAndTyped() throws {
        let pool = try PostgresPool(url: try TestDatabase.make(), size: 1, acquireTimeout: .milliseconds(100))
        // Asked by another thread while this one holds the only connection (a thread that asked
        // for a second itself would be stopped: see `withConnection`).
        let error = try pool.withConnection { _ in
            let outcome = Mutex<Result<Void, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            DispatchQueue(label: "waiting").async {
                outcome.withLock { $0 = Result { try pool.withConnection { _ in } } }
                finished.signal()
            }
            finished.wait()
            return #expect(throws: PostgresError.self) { try outcome.withLock { $0 }?.get() }
        }
        #expect(error?.code == .lockNotAvailable)
        #expect(error?.message.contains("waiting for one of 1 PostgreSQL connections") == true)
        #expect(try pool.withConnection { try $0.scalar("SELECT 1") } as Int? == 1)
    }

    @Test func aTransactionLeftOpenIsRolledBackBeforeTheConnectionIsLentAgain() throws {
        let pool = try PostgresPool(url: try TestDatabase.make(), size: 1)
        try pool.withConnection { try $0.execute("CREATE TABLE t (x int4)") }
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            try connection.run("INSERT INTO t VALUES ($1)", [1])
        }
        let (isInTransaction, count) = try pool.withConnection { connection in
            (connection.isInTransaction, try connection.scalar("SELECT count(*) FROM t") as Int?)
        }
        #expect(!isInTransaction)
        #expect(count == 0)
    }

    @Test func aConnectionLeftMidCopyIsNotLentAgain() throws {
        let pool = try PostgresPool(url: try TestDatabase.make(), size: 1)
        let error = try pool.withConnection { connection in
            #expect(throws: PostgresError.self) { try connection.execute("COPY (SELECT 1) TO STDOUT") }
        }
        #expect(error?.code == .featureNotSupported)
        #expect(try pool.withConnection { try $0.scalar("SELECT 1") } as Int? == 1)
        #expect(pool.connectionsOpened == 2)
    }

    @Test func poolHelpersRunTransactionsAndAClosedPoolRefusesWork() throws {
        let pool = try PostgresPool(url: try TestDatabase.make(), size: 2)
        try pool.transaction { try $0.execute("CREATE TABLE t (x int4)") }
        _ = try pool.serializable { try $0.run("INSERT INTO t VALUES ($1)", [1]) }
        #expect(try pool.withConnection { try $0.scalar("SELECT sum(x) FROM t") } as Int? == 1)
        pool.close()
        let error = #expect(throws: PostgresError.self) { try pool.withConnection { _ in } }
        #expect(error?.code == .connectionDoesNotExist)
        let invalid = #expect(throws: PostgresError.self) { _ = try PostgresPool(url: "postgresql:///x", size: 0) }
        #expect(invalid?.code == .invalidParameterValue)
    }

    @Test(arguments: [
        ("postgresql://postgres@/wishlist?host=/tmp/cluster", true),
        ("postgresql://localhost/wishlist", true),
        ("postgresql://127.0.0.1:5433/wishlist", true),
        ("postgresql://[::1]/wishlist", true),
        ("postgresql://db.example.com/wishlist", false),
        ("postgresql://10.0.0.5/wishlist", false),
        ("postgresql://localhost,db.example.com/wishlist", false),
        ("postgresql://db.example.com/wishlist?hostaddr=127.0.0.1", true),
        ("postgresql:///wishlist?hostaddr=10.0.0.5", false)
    ])
    func aServerOnThisMachineGetsAConnectionPerCore(url: String, isLocal: Bool) throws {
        #expect(try PostgresConnection.isOnThisMachine(url: url) == isLocal)
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
        #expect(try PostgresPool.defaultSize(for: url) == (isLocal ? cores : 8))
    }

    @Test func aURLLibpqCannotReadHasNoDefaultSize() {
        #expect(throws: PostgresError.self) { _ = try PostgresPool.defaultSize(for: "postgresql://[::1/wishlist") }
    }

    @Test func longWorkHasConnectionsOfItsOwnAsManyAsThePools() throws {
        let pool = try PostgresPool(url: try TestDatabase.make(), size: 1, acquireTimeout: .milliseconds(100))
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue(label: "long work").async {
            _ = try? pool.withLongConnection { _ in
                holding.signal()
                release.wait()
            }
            ended.signal()
        }
        holding.wait()
        // The pool's own connection is free while the long work holds its own.
        #expect(try pool.withConnection { try $0.scalar("SELECT 1") } as Int? == 1)
        let error = #expect(throws: PostgresError.self) { try pool.withLongConnection { _ in } }
        #expect(error?.code == .lockNotAvailable)
        #expect(error?.message.contains("for long work") == true)
        release.signal()
        ended.wait()
        #expect(try pool.withLongConnection { try $0.scalar("SELECT 2") } as Int? == 2)
        // Its connections are closed after: the pool opened only its own.
        #expect(pool.connectionsOpened == 1)
        pool.close()
        let closed = #expect(throws: PostgresError.self) { try pool.withLongConnection { _ in } }
        #expect(closed?.code == .connectionDoesNotExist)
    }
}
