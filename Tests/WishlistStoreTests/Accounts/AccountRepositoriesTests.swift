import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// Accounts, sessions and API tokens in the store, on both engines: what is unique stays unique,
/// sign-ins are found, listed, used and ended, and deleting an account takes what it owns.
@Suite struct AccountRepositoriesTests {
    static let now = Date(millisecondsSince1970: 50_000_000)

    @Test(arguments: TestEngine.allCases) func theFirstAdministratorIsMadeOnceAndUsernamesStayUnique(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        #expect(try store.users.userCount() == 0)
        let alice = try store.users.createFirstAdmin(username: "alice", passwordHash: "h", now: Self.now)
        #expect(alice.user.isAdmin && alice.user.username == "alice")
        #expect(throws: StoreError.alreadySetUp) { try store.users.createFirstAdmin(username: "bob", passwordHash: "h", now: Self.now) }
        #expect(throws: StoreError.conflict("The username 'alice' is taken.")) {
            try store.users.createUser(username: "alice", passwordHash: "other", isAdmin: false, now: Self.now)
        }
        // The refused writes left nothing behind, and the store goes on.
        #expect(try store.users.userCount() == 1)
        let bob = try store.users.createUser(username: "bob", passwordHash: "b", isAdmin: false, mustChangePassword: true, now: Self.now)
        #expect(bob.key != alice.key)
        let found = try #require(try store.users.credentials(username: "bob"))
        #expect(found.account == bob && found.passwordHash == "b" && !found.isDisabled)
        #expect(found.account.user.mustChangePassword)
        #expect(try store.users.credentials(username: "nobody") == nil)
        try store.users.rehashPassword("b2", username: "bob")
        #expect(try store.users.credentials(username: "bob")?.passwordHash == "b2")
    }

    @Test(arguments: TestEngine.allCases) func sessionsAreFoundListedUsedAndEnded(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        let bob = try store.users.createUser(username: "bob", passwordHash: "x", isAdmin: false, now: Self.now).key
        let carol = try store.users.createUser(username: "carol", passwordHash: "x", isAdmin: false, now: Self.now).key
        let phone: [UInt8] = [1, 2, 3]
        let laptop: [UInt8] = [4, 5, 6]
        let later = Self.now.addingTimeInterval(60)
        try store.sessions.createSession(
            for: bob, tokenHash: phone, userAgent: "phone", now: Self.now, expiresAt: Self.now.addingTimeInterval(3600))
        try store.sessions.createSession(
            for: bob, tokenHash: laptop, userAgent: nil, now: later, expiresAt: later.addingTimeInterval(3600))

        let signedIn = try #require(try store.sessions.account(sessionTokenHash: phone, now: later, idleSince: .distantPast))
        #expect(signedIn.account.key == bob && signedIn.lastUsedAt == Self.now)
        #expect(try store.sessions.account(sessionTokenHash: phone, now: later, idleSince: Self.now) == nil, "idle too long")
        #expect(try store.sessions.account(sessionTokenHash: [9], now: later, idleSince: .distantPast) == nil)

        try store.sessions.markSessionUsed(signedIn.sessionID, now: later.addingTimeInterval(1))
        let listed = try store.sessions.sessions(for: bob, currentTokenHash: laptop, idleTimeout: 7200, now: later)
        #expect(listed.map(\.userAgent) == ["phone", nil], "most recently used first")
        #expect(listed.map(\.current) == [false, true])
        #expect(try store.users.summary(username: "bob").lastSeenAt == later.addingTimeInterval(1))

        #expect(throws: StoreError.notFound("session with this id")) { try store.sessions.deleteSession(signedIn.sessionID, for: carol) }
        try store.sessions.deleteSession(signedIn.sessionID, for: bob)
        #expect(try store.sessions.sessions(for: bob, currentTokenHash: nil, idleTimeout: 7200, now: later).count == 1)
        try store.sessions.deleteSession(tokenHash: laptop)
        #expect(try store.sessions.sessions(for: bob, currentTokenHash: nil, idleTimeout: 7200, now: later).isEmpty)

        try store.sessions.createSession(
            for: carol, tokenHash: phone, userAgent: nil, now: Self.now, expiresAt: Self.now.addingTimeInterval(10))
        try store.sessions.deleteExpiredSessions(now: Self.now.addingTimeInterval(10), idleSince: .distantPast)
        #expect(try store.sessions.account(sessionTokenHash: phone, now: Self.now, idleSince: .distantPast) == nil)
    }

    @Test(arguments: TestEngine.allCases) func tokensAreListedUsedAndRevokedAndAPasswordChangeKeepsOne(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        let bob = try store.users.createUser(username: "bob", passwordHash: "x", isAdmin: false, now: Self.now).key
        let carol = try store.users.createUser(username: "carol", passwordHash: "x", isAdmin: false, now: Self.now).key
        let script = try store.tokens.createToken(for: bob, name: "script", tokenHash: [1], now: Self.now)
        let backup = try store.tokens.createToken(for: bob, name: "backup", tokenHash: [2], now: Self.now.addingTimeInterval(1))
        #expect(try store.tokens.tokens(for: bob).map(\.name) == ["backup", "script"], "newest first")
        #expect(try store.tokens.tokens(for: carol).isEmpty)

        let later = Self.now.addingTimeInterval(90)
        try store.tokens.markTokenUsed(script.id, userAgent: "curl/8", now: later)
        let used = try #require(try store.tokens.tokens(for: bob).first { $0.id == script.id })
        #expect(used.lastUsedAt == later && used.userAgent == "curl/8")
        let found = try #require(try store.tokens.account(apiTokenHash: [1]))
        #expect(found.account.key == bob && found.tokenID == script.id && found.lastUsedAt == later)

        try store.sessions.createSession(
            for: bob, tokenHash: [7], userAgent: nil, now: Self.now, expiresAt: Self.now.addingTimeInterval(3600))
        try store.users.changePasswordHash("new", for: bob, keepingToken: [2])
        #expect(try store.tokens.tokens(for: bob).map(\.id) == [backup.id], "only the token that made the change is kept")
        #expect(try store.sessions.account(sessionTokenHash: [7], now: Self.now, idleSince: .distantPast) == nil)
        #expect(throws: StoreError.notFound("account")) {
            try store.users.changePasswordHash("x", for: UserKey(999_999), keepingToken: nil)
        }

        #expect(throws: StoreError.notFound("API token with this id")) { try store.tokens.deleteToken(backup.id, for: carol) }
        try store.tokens.deleteToken(backup.id, for: bob)
        #expect(try store.tokens.account(apiTokenHash: [2]) == nil)
    }

    @Test(arguments: TestEngine.allCases) func deletingAnAccountTakesWhatItOwns(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let store = test.store
        let bob = try store.users.createUser(username: "bob", passwordHash: "x", isAdmin: false, now: Self.now).key
        let carol = try store.users.createUser(username: "carol", passwordHash: "x", isAdmin: false, now: Self.now).key
        try store.sessions.createSession(
            for: bob, tokenHash: [1], userAgent: nil, now: Self.now, expiresAt: Self.now.addingTimeInterval(60))
        _ = try store.tokens.createToken(for: bob, name: "t", tokenHash: [2], now: Self.now)
        try test.add(["Kite"], owner: bob)
        try test.add(["Tea"], owner: carol)

        try store.users.deleteUser(username: "bob")
        #expect(try store.users.credentials(username: "bob") == nil)
        #expect(try store.tokens.account(apiTokenHash: [2]) == nil)
        #expect(try store.sessions.account(sessionTokenHash: [1], now: Self.now, idleSince: .distantPast) == nil)
        #expect(try store.users.summaries().map(\.wishCount) == [1], "carol keeps hers")
        #expect(throws: StoreError.notFound("account named 'bob'")) { try store.users.deleteUser(username: "bob") }
    }
}
