import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// The server trusts who a credential belongs to while `Store.credentialsVersion` stays the same
/// (`KnownCredentials`): it must move with every change that may end a session or a token or
/// change its account, by this store or another process's on the same file, and with nothing
/// else, or every write would send the next requests back to the database.
@Suite struct CredentialsVersionTests {
    static let now = Date(millisecondsSince1970: 10_000_000)

    /// Whether `change` moved the store's credentials version.
    static func moves(_ store: Store, _ change: () throws -> Void) throws -> Bool {
        let before = try #require(store.credentialsVersion())
        try change()
        return try #require(store.credentialsVersion()) != before
    }

    @Test func everyChangeToAnAccountASessionOrATokenMovesIt() throws {
        let test = try TestStore()
        let store = test.store
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Self.now)
        let bob = try AccountAdministrationTests.signedInBob(store)
        let session = try #require(
            try store.sessions.sessions(for: bob, currentTokenHash: nil, idleTimeout: 3600, now: Self.now).first)
        let token = try #require(try store.tokens.tokens(for: bob).first)

        #expect(try Self.moves(store) { try store.sessions.deleteSession(session.id, for: bob) }, "a device signed out")
        #expect(try Self.moves(store) { try store.tokens.deleteToken(token.id, for: bob) }, "a token revoked")
        try store.sessions.createSession(
            for: bob, tokenHash: AccountAdministrationTests.sessionHash, userAgent: nil, now: Self.now,
            expiresAt: Self.now.addingTimeInterval(60))
        #expect(try Self.moves(store) { try store.sessions.deleteSession(tokenHash: AccountAdministrationTests.sessionHash) }, "sign-out")
        try store.sessions.createSession(
            for: bob, tokenHash: AccountAdministrationTests.sessionHash, userAgent: nil, now: Self.now,
            expiresAt: Self.now.addingTimeInterval(60))
        #expect(
            try Self.moves(store) {
                try store.sessions.deleteExpiredSessions(now: Self.now.addingTimeInterval(120), idleSince: .distantPast)
            }, "sessions that ran out")
        #expect(try Self.moves(store) { try store.users.setPasswordHash("y", username: "bob", mustChange: true) }, "a new password")
        #expect(try Self.moves(store) { try store.users.changePasswordHash("z", for: bob, keepingToken: nil) }, "a password changed")
        #expect(try Self.moves(store) { try store.users.setDisabled(true, username: "bob", now: Self.now) }, "disabled")
        #expect(try Self.moves(store) { try store.users.setDisabled(false, username: "bob", now: Self.now) }, "enabled")
        #expect(try Self.moves(store) { try store.users.deleteUser(username: "bob") }, "deleted")
    }

    @Test func writesOfEverythingElseLeaveItAsItWas() throws {
        let test = try TestStore()
        let store = test.store
        let alice = try test.addUser("alice")
        #expect(try !Self.moves(store) { _ = try store.wishes.create(WishDraft(name: "Lamp", tags: ["home"]), owner: alice) })
        #expect(try !Self.moves(store) { _ = try store.journal.create(JournalDraft(title: "Walk", date: "2026-12-01"), owner: alice) })
        #expect(try !Self.moves(store) { try store.recentSearches.record([("lamp", alice, Self.now)]) })
    }

    /// The version rests on SQLite's update hook (`WriteWatch`), which sees no row of a table
    /// `WITHOUT ROWID`: the credential tables must stay tables it sees.
    @Test func theCredentialTablesAreOnesTheUpdateHookSees() throws {
        let test = try TestStore()
        let file = try Database(path: test.directory.appending(path: "wishlist.sqlite").path, readOnly: true)
        let definitions: [String] = try Store.credentialTables.sorted().map { table in
            try #require(try file.scalar("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [table]), "\(table)")
        }
        #expect(definitions.count == 3)
        for definition in definitions {
            #expect(!definition.uppercased().contains("WITHOUT ROWID"), "\(definition)")
        }
    }

    @Test func anotherProcessesChangeMovesItAtOnce() throws {
        let test = try TestStore()
        let bob = try AccountAdministrationTests.signedInBob(test.store)
        // The `wishlist user disable` command opens its own store on the same file.
        let command = try Store(path: test.directory.appending(path: "wishlist.sqlite").path)
        defer { try? command.close() }
        #expect(try Self.moves(test.store) { try command.users.setDisabled(true, username: "bob", now: Self.now) })
        #expect(try !Self.moves(test.store) { _ = try command.wishes.create(WishDraft(name: "Lamp"), owner: bob) })
    }
}
