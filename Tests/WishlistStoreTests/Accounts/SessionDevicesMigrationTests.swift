import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// `2026-12-04-session-devices` gives sessions a public id, a last use and a browser: sessions made
/// before it stay signed in, each with an id of its own, last used when it started.
@Suite struct SessionDevicesMigrationTests {
    @Test func sessionsFromBeforeKeepWorkingWithIdsOfTheirOwn() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path

        var before = Migrator()
        before.register("2026-11-29-accounts", Schema.createAccounts)
        let old = try DatabasePool(path: path, readerCount: 1)
        try before.migrate(old)
        let owner = try UserRepository(database: StoreDatabase(.sqlite(old))).createUser(
            username: "alice", passwordHash: "x", isAdmin: false, now: Date(millisecondsSince1970: 0)
        ).key
        let hashes: [[UInt8]] = [Array(repeating: 1, count: 32), Array(repeating: 2, count: 32)]
        try old.write { db in
            for (index, hash) in hashes.enumerated() {
                try db.run(
                    "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                    [Data(hash), owner.rawValue, Int64(1000 * (index + 1)), Int64(1_000_000)])
            }
        }
        try old.close()

        let store = try Store(path: path, readerCount: 1)
        defer { try? store.close() }
        let now = Date(millisecondsSince1970: 5000)
        let sessions = try store.sessions.sessions(for: owner, currentTokenHash: hashes[0], idleTimeout: 3600, now: now)
        #expect(sessions.map(\.createdAt) == [Date(millisecondsSince1970: 2000), Date(millisecondsSince1970: 1000)])
        #expect(sessions.map(\.lastUsedAt) == sessions.map(\.createdAt))
        #expect(sessions.map(\.current) == [false, true])
        #expect(Set(sessions.map(\.id)).count == 2)
        #expect(sessions.allSatisfy { $0.userAgent == nil })
        let found = try #require(try store.sessions.account(sessionTokenHash: hashes[1], now: now, idleSince: .distantPast))
        #expect(found.sessionID == sessions[0].id)
        // The ids are unique, as the index says.
        try store.pool.write { db in
            #expect(throws: SQLiteError.self) {
                try db.run("UPDATE sessions SET uuid = ?", [sessions[0].id.lowercasedString])
            }
        }
    }
}
