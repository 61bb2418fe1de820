import Foundation
import Synchronization
import TestSupport
import Testing
import WishlistClient
import WishlistCurl
import WishlistStore

@testable import WishlistServer

/// A real server on a loopback port with a fresh data directory, a clock the test moves, cheap
/// password hashing and no K-culture spots unless `configure` asks for them; stopped and deleted when the test lets go of it.
///
/// With `WISHLIST_TEST_ENGINE=postgres` (as `make test` runs this suite a second time), a new
/// server's database is a new database of the tests' PostgreSQL cluster instead of its SQLite file.
final class TestServer: Sendable {
    /// Whether this run's servers keep their data on PostgreSQL.
    static let onPostgreSQL = ProcessInfo.processInfo.environment["WISHLIST_TEST_ENGINE"] == "postgres"

    let application: WishlistApplication
    let dataDirectory: URL
    let clock: TestClock
    /// Whether the data directory is this server's to delete when done.
    private let ownsDirectory: Bool
    /// The PostgreSQL database made for this server, dropped when done.
    private let madeDatabase: String?
    var baseURL: URL { URL(string: "http://127.0.0.1:\(application.port)")! }

    /// The database this server shares with others (as instances behind a balancer do), kept
    /// until the last of them has stopped.
    private let sharedDatabase: SharedTestDatabase?

    /// - Parameter dataDirectory: an existing one to serve (a restart), which is left in place;
    ///   nil makes a fresh one, deleted when done.
    /// - Parameter database: a PostgreSQL database other servers use too; nil for one of its own.
    init(
        dataDirectory: URL? = nil, database: SharedTestDatabase? = nil, configure: (inout ServerSettings) -> Void = { _ in }
    ) throws {
        sharedDatabase = database
        ownsDirectory = dataDirectory == nil
        self.dataDirectory =
            dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-test-\(UUID())")
        let clock = TestClock()
        self.clock = clock
        var settings = ServerSettings()
        settings.dataDirectory = self.dataDirectory.path
        settings.port = 0
        settings.passwordCost = .minimum
        settings.clock = { clock.now }
        settings.logger = nil
        settings.spotsSource = .none
        // A server started on the database of one stopped a moment ago leads within a blink.
        settings.leaderCheckInterval = .milliseconds(200)
        madeDatabase = Self.onPostgreSQL && dataDirectory == nil && database == nil ? try Self.newDatabase() : nil
        if let url = database?.url ?? madeDatabase {
            settings.databaseURL = url
            // Sixteen servers at once, within the tests' cluster's connections.
            settings.databaseConnections = 3
        }
        configure(&settings)
        do {
            application = try WishlistApplication(settings: settings)
            try application.start()
        } catch {
            // A server that did not start still made its folder and database: no deinit removes them.
            if ownsDirectory { try? FileManager.default.removeItem(at: self.dataDirectory) }
            if let madeDatabase { try? TestDatabase.drop(madeDatabase) }
            throw error
        }
        // Alone on its database the server leads, and its first housekeeping round makes counted
        // writes of its own (on PostgreSQL once it leads, which a loaded machine may delay): a
        // test that counts writes must not see them land in its middle.
        if database == nil {
            try waitUntil("the server's first housekeeping") { application.housekeeping.roundsRun >= 1 }
        }
    }

    /// Runs `body` with `count` servers on one new PostgreSQL database, as instances behind a balancer
    /// are, each made as `configure` says; all of them run until `body` returns (Swift may end a
    /// value's life after the last line that names it, and a test often goes on with clients alone).
    static func sharingOneDatabase<Result>(
        _ count: Int = 2, configure: (inout ServerSettings) -> Void = { _ in }, _ body: ([TestServer]) async throws -> Result
    ) async throws -> Result {
        let database = try SharedTestDatabase()
        let servers = try (1...count).map { _ in try TestServer(database: database, configure: configure) }
        defer { withExtendedLifetime(servers) {} }
        return try await body(servers)
    }

    /// A new database on the tests' PostgreSQL cluster, with the schema made: a copy of a database
    /// migrated once, since making the schema anew was most of PostgreSQL's work in this suite.
    /// The caller drops it (`TestDatabase.drop`).
    static func newDatabase() throws -> String {
        try TestDatabase.make(copyingPrepared: "migrated") { try Store(url: $0, sqlitePath: "").close() }
    }

    deinit {
        try? application.stop()
        if ownsDirectory { try? FileManager.default.removeItem(at: dataDirectory) }
        if let madeDatabase { try? TestDatabase.drop(madeDatabase) }
    }

    func client(token: String? = nil) -> WishlistClient {
        WishlistClient(baseURL: baseURL, token: token, requestTimeout: Self.requestTimeout)
    }

    /// How long the tests' clients wait for an answer. Every server of a test run shares the
    /// process's one rendering thread, which yields to everything else at nice 10 (`RenditionSlots`):
    /// while other suites, the PostgreSQL run and a compiler keep both cores busy, an upload
    /// queued behind other suites' photos took over the client's usual minute.
    static let requestTimeout: TimeInterval = 600

    static let adminPassword = "correct horse battery"

    /// Sets up the server's first account (an admin); returns its signed-in client.
    func signedInAdmin(username: String = "alice") async throws -> WishlistClient {
        let client = client()
        try await client.setUp(username: username, password: Self.adminPassword)
        return client
    }

    /// Another account made by the admin tool and signed in.
    func signedInUser(_ username: String, password: String = "another long password") async throws -> WishlistClient {
        try AccountAdministration(store: application.store, passwordCost: .minimum)
            .addUser(username: username, password: password, isAdmin: false)
        let client = client()
        try await client.signIn(username: username, password: password)
        return client
    }
}

/// A new database on the tests' PostgreSQL cluster that several `TestServer`s share, whatever
/// engine the run's other servers use; dropped once the last server holding it has stopped.
final class SharedTestDatabase: Sendable {
    let url: String

    init() throws {
        url = try TestServer.newDatabase()
    }

    deinit {
        try? TestDatabase.drop(url)
    }
}

/// A clock that only moves when the test says so.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Asserts a client call fails with the server's `status` and `code`.
func expectServerError(
    _ status: Int, _ code: String? = nil, _ body: () async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    do {
        try await body()
        Issue.record("expected \(status) \(code ?? ""), got success", sourceLocation: sourceLocation)
    } catch let error as WishlistClientError {
        #expect(error.status == status, "\(error)", sourceLocation: sourceLocation)
        if let code { #expect(error.code == code, sourceLocation: sourceLocation) }
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}
