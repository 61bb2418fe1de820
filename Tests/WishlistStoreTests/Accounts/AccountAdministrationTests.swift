import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// Administrators' tools in the store (issue 15): disabling an account ends its sessions and
/// tokens and hides them from sign-in lookups, a temporary password is flagged until changed, the
/// last enabled administrator stays, and accounts from before keep working with a last sighting;
/// on both engines but for the migration from SQLite's older schema.
@Suite struct AccountAdministrationTests {
    static let now = Date(millisecondsSince1970: 10_000_000)
    static let sessionHash = Array(repeating: UInt8(7), count: 32)
    static let tokenHash = Array(repeating: UInt8(9), count: 32)

    /// Bob, signed in once in a browser and with one API token.
    static func signedInBob(_ store: Store) throws -> UserKey {
        let bob = try store.users.createUser(username: "bob", passwordHash: "x", isAdmin: false, now: now).key
        try store.sessions.createSession(
            for: bob, tokenHash: sessionHash, userAgent: nil, now: now, expiresAt: now.addingTimeInterval(3600))
        _ = try store.tokens.createToken(for: bob, name: "script", tokenHash: tokenHash, now: now)
        return bob
    }

    static func signIns(_ store: Store) throws -> (session: Bool, token: Bool) {
        (
            try store.sessions.account(sessionTokenHash: sessionHash, now: now, idleSince: .distantPast) != nil,
            try store.tokens.account(apiTokenHash: tokenHash) != nil
        )
    }

    @Test(arguments: TestEngine.allCases) func disablingEndsSessionsAndTokensAndEnablingBringsNoneBack(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Self.now)
        let bob = try Self.signedInBob(store)
        #expect(try Self.signIns(store) == (true, true))

        try store.users.setDisabled(true, username: "bob", now: Self.now.addingTimeInterval(5))
        #expect(try Self.signIns(store) == (false, false))
        #expect(try store.tokens.tokens(for: bob).isEmpty)
        #expect(try store.users.credentials(username: "bob")?.isDisabled == true)
        #expect(try store.users.summary(username: "bob").disabledAt == Self.now.addingTimeInterval(5))
        // Disabling again keeps the first time.
        try store.users.setDisabled(true, username: "bob", now: Self.now.addingTimeInterval(50))
        #expect(try store.users.summary(username: "bob").disabledAt == Self.now.addingTimeInterval(5))
        // A session started while the account was being disabled is refused all the same.
        try store.sessions.createSession(
            for: bob, tokenHash: Self.sessionHash, userAgent: nil, now: Self.now, expiresAt: Self.now.addingTimeInterval(3600))
        _ = try store.tokens.createToken(for: bob, name: "late", tokenHash: Self.tokenHash, now: Self.now)
        #expect(try Self.signIns(store) == (false, false))

        try store.users.setDisabled(false, username: "bob", now: Self.now)
        #expect(try store.users.credentials(username: "bob")?.isDisabled == false)
        #expect(try store.users.summary(username: "bob").disabledAt == nil)
        #expect(try store.users.credentials(username: "alice")?.isDisabled == false, "nobody else is touched")
        #expect(throws: StoreError.notFound("account named 'nobody'")) {
            try store.users.setDisabled(true, username: "nobody", now: Self.now)
        }
    }

    @Test(arguments: TestEngine.allCases) func theLastEnabledAdministratorCannotBeDisabled(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Self.now)
        _ = try store.users.createUser(username: "carol", passwordHash: "x", isAdmin: true, now: Self.now)
        _ = try store.users.createUser(username: "bob", passwordHash: "x", isAdmin: false, now: Self.now)
        try store.users.setDisabled(true, username: "carol", now: Self.now)
        #expect(throws: AccountAdministrationError.lastAdmin) { try store.users.setDisabled(true, username: "alice", now: Self.now) }
        #expect(try store.users.summary(username: "alice").disabledAt == nil)
        try store.users.setDisabled(true, username: "bob", now: Self.now)
        try store.users.setDisabled(false, username: "carol", now: Self.now)
        try store.users.setDisabled(true, username: "alice", now: Self.now)
        #expect(throws: AccountAdministrationError.lastAdmin) { try store.users.setDisabled(true, username: "carol", now: Self.now) }
    }

    @Test(arguments: TestEngine.allCases) func aTemporaryPasswordIsFlaggedUntilTheAccountChangesIt(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        let bob = try Self.signedInBob(store)
        try store.users.setPasswordHash("temporary", username: "bob", mustChange: true)
        #expect(try Self.signIns(store) == (false, false), "a reset signs out everywhere")
        let found = try #require(try store.users.credentials(username: "bob"))
        #expect(found.account.user.mustChangePassword && found.passwordHash == "temporary")
        #expect(try store.users.summary(username: "bob").mustChangePassword)
        try store.users.changePasswordHash("chosen", for: bob, keepingToken: nil)
        #expect(try store.users.credentials(username: "bob")?.account.user.mustChangePassword == false)
        try store.users.setPasswordHash("temporary", username: "bob", mustChange: true)
        try store.users.setPasswordHash("set by the admin", username: "bob", mustChange: false)
        #expect(try store.users.credentials(username: "bob")?.account.user.mustChangePassword == false)
    }

    @Test(arguments: TestEngine.allCases) func theListCountsRecordsAndRemembersTheLastSighting(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        let alice = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Self.now).key
        let bob = try Self.signedInBob(store)
        try test.add(["Lantern", "Kite", "Tea"], owner: bob)
        try test.add(["Hanbok"], owner: alice)
        let later = Self.now.addingTimeInterval(600)
        let token = try #require(try store.tokens.tokens(for: bob).first)
        try store.tokens.markTokenUsed(token.id, userAgent: "cli", now: later)

        let summaries = try store.users.summaries()
        #expect(summaries.map(\.username) == ["alice", "bob"])
        #expect(summaries.map(\.wishCount) == [1, 3])
        #expect(summaries.map(\.photoCount) == [0, 0])
        #expect(summaries.map(\.isAdmin) == [true, false])
        #expect(summaries.map(\.lastSeenAt) == [nil, later])
        // Ending the sessions and tokens forgets none of it.
        try store.users.setPasswordHash("y", username: "bob", mustChange: false)
        #expect(try store.users.summary(username: "bob").lastSeenAt == later)
    }

    @Test func accountsFromBeforeAreEnabledAndSeenWhenTheirSessionsAndTokensWereUsed() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path
        let old = try DatabasePool(path: path, readerCount: 1)
        try Schema.migrator.prefix(before: "2026-12-05-account-administration").migrate(old)
        try old.write { db in
            try db.execute(
                """
                INSERT INTO users (id, uuid, username, password_hash, is_admin, created_at)
                    VALUES (1, 'd9fb736e-8a0b-4473-bfb8-eec9f04fa369', 'alice', 'x', 1, 0), (2, '5c82cd30-be5d-4613-8305-a6a71b89e5db', 'bob', 'x', 0, 0), (3, '34fdc0fb-3587-4538-927c-878667de4920', 'carol', 'x', 0, 0);
                INSERT INTO sessions (token_hash, user_id, created_at, expires_at, uuid, last_used_at)
                    VALUES (x'01', 1, 0, 99999999, '9f76d8cb-ba6a-4223-8f76-c6308861d42d', 5000), (x'02', 1, 0, 99999999, '8c65c3a4-c996-42ab-945a-7f5732561a26', 7000),
                           (x'03', 2, 0, 99999999, 'e62e29f2-656e-4b0d-aeec-992013c253e6', 3000);
                INSERT INTO api_tokens (uuid, user_id, name, token_hash, created_at, last_used_at)
                    VALUES ('b49676e0-9590-4ea5-8333-4377412f4b51', 1, 'a', x'04', 0, 6000), ('9dc1340a-22d8-46e1-85fa-a4cef91e80c4', 2, 'b', x'05', 0, 9000), ('9e49131c-4cfd-4fdf-b2e9-521cf1ce8511', 3, 'c', x'06', 0, NULL);
                """)
        }
        try old.close()

        let store = try Store(path: path, readerCount: 1)
        defer { try? store.close() }
        let summaries = try store.users.summaries()
        #expect(summaries.map(\.lastSeenAt) == [Date(millisecondsSince1970: 7000), Date(millisecondsSince1970: 9000), nil])
        #expect(summaries.allSatisfy { $0.disabledAt == nil && !$0.mustChangePassword })
        #expect(try store.tokens.account(apiTokenHash: [0x05]) != nil, "tokens from before still sign in")
    }
}
