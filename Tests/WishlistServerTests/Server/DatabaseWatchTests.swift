import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistCore
import WishlistStore

@testable import WishlistServer

/// A PostgreSQL database that stops answering: `/readyz` says so (through `DatabaseWatch`) while
/// `/healthz` stays 200, writes answer 503 `database_unavailable`, and all of it comes back by
/// itself when the database does. The database is closed to connections and its sessions ended,
/// which is what a stopped server looks like to a client, without stopping the cluster other
/// tests share.
@Suite struct DatabaseWatchTests {
    /// A database of the test cluster and the means to close it and open it again.
    struct ClosableDatabase {
        let url: String
        let name: String
        let admin: PostgresConnection

        init() throws {
            url = try TestDatabase.make()
            let connection = try PostgresConnection(url: url)
            defer { connection.close() }
            name = try connection.scalar("SELECT current_database()") ?? ""
            admin = try PostgresConnection(url: try PostgresTestCluster.shared().url())
        }

        func close() throws {
            try admin.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
            _ = try admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name])
        }

        func open() throws {
            try admin.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
        }
    }

    @Test func theWatchSeesTheDatabaseGoAndComeBack() throws {
        let database = try ClosableDatabase()
        let store = try Store(url: database.url, sqlitePath: "")
        defer { try? store.close() }
        let lines = Locked<[String]>([])
        let watch = DatabaseWatch(store: store) { line in lines.withLock { $0.append(line) } }
        watch.check()
        #expect(watch.isReachable)

        try database.close()
        watch.check()
        watch.check()
        #expect(!watch.isReachable)
        #expect(throws: DatabaseUnavailableError()) {
            try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Date())
        }

        try database.open()
        watch.check()
        #expect(watch.isReachable)
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Date())
        #expect(try store.users.userCount() == 1)
        // Each change said once.
        #expect(lines.value.count == 2)
    }

    @Test func aServerOnPostgreSQLSaysSoAndCarriesOnWhenTheDatabaseReturns() async throws {
        let database = try ClosableDatabase()
        let server = try TestServer { $0.databaseURL = database.url }
        let watch = try #require(server.application.databaseWatch)
        let client = try await server.signedInAdmin()
        _ = try await client.createWish(WishDraft(name: "Before"))
        try waitUntil("the server is ready") { StartupWarmup.isFinished }
        #expect(try await client.send("GET", "/readyz").status == 200)

        try database.close()
        watch.check()
        let notReady = try await client.send("GET", "/readyz")
        #expect(notReady.status == 503)
        #expect(String(decoding: notReady.body, as: UTF8.self) == #"{"status":"database_unavailable"}"#)
        #expect(try await client.send("GET", "/healthz").status == 200)
        await expectServerError(503, "database_unavailable") { _ = try await client.createWish(WishDraft(name: "During")) }

        try database.open()
        watch.check()
        #expect(try await client.send("GET", "/readyz").status == 200)
        _ = try await client.createWish(WishDraft(name: "After"))
        #expect(try await client.wishes().items.map(\.name) == ["After", "Before"])
    }

    @Test(.enabled(if: !TestServer.onPostgreSQL, "the servers of this run are on PostgreSQL"))
    func aSQLiteServerHasNoWatch() throws {
        let server = try TestServer()
        #expect(server.application.databaseWatch == nil)
    }
}
