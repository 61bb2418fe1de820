import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// A request's credential confirmed with its first statement (`CredentialCheck`): on PostgreSQL
/// the check rides with that statement and answers before its rows do; a refusal stops every
/// statement of the request; and without a statement the check runs alone, on both engines.
@Suite struct CredentialCheckTests {
    static let now = Date(millisecondsSince1970: 50_000_000)
    static let token: [UInt8] = [7, 7, 7]
    static let session: [UInt8] = [8, 8, 8]

    enum Credential: String, CaseIterable, Sendable {
        case token, session
    }

    /// Bob, with an API token and a session, and a check of each that names him.
    static func bob(on test: TestStore) throws -> (account: Account, token: CredentialCheck, session: CredentialCheck) {
        let store = test.store
        // With a temporary password, which he may change through his token and keep it.
        let bob = try store.users.createUser(username: "bob", passwordHash: "x", isAdmin: false, mustChangePassword: true, now: now)
        _ = try store.tokens.createToken(for: bob.key, name: "script", tokenHash: token, now: now)
        try store.sessions.createSession(
            for: bob.key, tokenHash: session, userAgent: nil, now: now, expiresAt: now.addingTimeInterval(3_600))
        return (bob, checkOfToken(naming: bob, on: store), checkOfSession(naming: bob, on: store))
    }

    static func checkOfToken(naming account: Account, on store: Store) -> CredentialCheck {
        store.tokens.check(apiTokenHash: token, names: account)
    }

    static func checkOfSession(naming account: Account, on store: Store, at time: Date = now) -> CredentialCheck {
        store.sessions.check(sessionTokenHash: session, now: time, idleSince: time.addingTimeInterval(-600), names: account)
    }

    /// On PostgreSQL the check goes with the first statement: afterwards it is confirmed without
    /// asking the database again, which is closed by then.
    @Test(arguments: Credential.allCases) func aCheckGoesWithTheFirstStatement(kind: Credential) throws {
        let test = try TestStore(engine: .postgres)
        let (bob, token, session) = try Self.bob(on: test)
        let check = kind == .token ? token : session
        let tokens = try CredentialCheck.$pending.withValue(check) { try test.store.tokens.tokens(for: bob.key) }
        #expect(tokens.map(\.name) == ["script"], "the statement's rows, not the check's")
        try test.store.close()
        #expect(try check.confirm())
    }

    /// Each kind of statement carries it: a single value, rows in a transaction, a write.
    @Test func everyKindOfStatementCarriesTheCheck() throws {
        let test = try TestStore(engine: .postgres)
        let (bob, _, _) = try Self.bob(on: test)
        let store = test.store
        let scalar = Self.checkOfToken(naming: bob, on: store)
        _ = try CredentialCheck.$pending.withValue(scalar) { try store.generation(of: bob.key) }
        let rows = Self.checkOfToken(naming: bob, on: store)
        _ = try CredentialCheck.$pending.withValue(rows) {
            try store.sessions.sessions(for: bob.key, currentTokenHash: nil, idleTimeout: 600, now: Self.now)
        }
        let write = Self.checkOfToken(naming: bob, on: store)
        let made = try CredentialCheck.$pending.withValue(write) {
            try store.tokens.createToken(for: bob.key, name: "second", tokenHash: [9], now: Self.now)
        }
        try store.close()
        #expect(try [scalar, rows, write].allSatisfy { try $0.confirm() })
        #expect(made.name == "second")
    }

    /// A refused check fails the statement it went with, and every statement after it, even when
    /// the first refusal was caught; a write it would have carried changes nothing.
    @Test func aRefusedCheckStopsTheRequestsStatements() throws {
        let test = try TestStore(engine: .postgres)
        let (bob, check, _) = try Self.bob(on: test)
        let store = test.store
        try store.users.setDisabled(true, username: "bob", now: Self.now)
        CredentialCheck.$pending.withValue(check) {
            #expect(throws: CredentialRefusedError.self) { try store.tokens.tokens(for: bob.key) }
            #expect(throws: CredentialRefusedError.self) { try store.generation(of: bob.key) }
            #expect(throws: CredentialRefusedError.self) {
                try store.tokens.createToken(for: bob.key, name: "second", tokenHash: [9], now: Self.now)
            }
        }
        #expect(try check.confirm() == false)
        #expect(try store.tokens.tokens(for: bob.key).isEmpty, "disabling ended the token, and the write made none")
    }

    /// What refuses a credential: the session idle or ended, the account changed since it was
    /// remembered (then the server looks it up again), or disabled.
    @Test(arguments: TestEngine.allCases) func aCheckNoStatementCarriedRunsAlone(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let (bob, token, session) = try Self.bob(on: test)
        let store = test.store
        #expect(try token.confirm() && session.confirm())
        #expect(try Self.checkOfSession(naming: bob, on: store, at: Self.now.addingTimeInterval(601)).confirm() == false, "idle")
        try store.sessions.deleteSession(tokenHash: Self.session)
        #expect(try Self.checkOfSession(naming: bob, on: store).confirm() == false, "the session ended")
        try store.users.changePasswordHash("y", for: bob.key, keepingToken: Self.token)
        #expect(try Self.checkOfToken(naming: bob, on: store).confirm() == false, "the account changed")
        let changed = try #require(try store.users.credentials(username: "bob")).account
        #expect(try Self.checkOfToken(naming: changed, on: store).confirm())
        try store.users.setDisabled(true, username: "bob", now: Self.now)
        #expect(try Self.checkOfToken(naming: changed, on: store).confirm() == false, "the account disabled")
    }
}
