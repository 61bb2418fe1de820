import Foundation
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer
@testable import WishlistStore

/// Devices (issue 15): every session and API token of the account with when it started, was last
/// used and from which browser or client; ending any of them; sessions ending after a while unused
/// and at a maximum age, both configurable.
@Suite struct DevicesTests {
    static let day: TimeInterval = 24 * 3600

    /// A client signed in as `username` from a browser that says it is `userAgent`.
    static func signIn(_ server: TestServer, _ username: String, password: String, userAgent: String) async throws -> WishlistClient {
        let client = server.client()
        let answer = try await client.send(
            "POST", "/api/v1/sessions",
            body: try JSONSerialization.data(withJSONObject: ["username": username, "password": password]),
            headers: ["User-Agent": userAgent])
        #expect(answer.status == 201)
        return client
    }

    @Test func listsEverySessionAndTokenWithItsBrowserAndLastUse() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let first = try await server.signedInUser("bob")
        let started = server.clock.now
        let phone = try await Self.signIn(server, "bob", password: SessionTests.password, userAgent: "Phone Safari")
        server.clock.advance(by: 600)
        let laptop = try await Self.signIn(server, "bob", password: SessionTests.password, userAgent: "Laptop Firefox")
        let token = try await laptop.createToken(name: "shortcut")
        server.clock.advance(by: 600)
        let used = server.clock.now
        #expect(
            try await server.client(token: token.token).send("GET", "/api/v1/me", headers: ["User-Agent": "wishlist-cli/1.0"]).status == 200
        )
        _ = try await phone.me()
        server.clock.advance(by: 30)
        _ = try await phone.me()

        let sessions = try await laptop.sessions()
        let byBrowser = Dictionary(uniqueKeysWithValues: sessions.compactMap { session in session.userAgent.map { ($0, session) } })
        #expect(sessions.count == 3, "Bob's three sessions, none of Alice's")
        let phoneSession = try #require(byBrowser["Phone Safari"])
        let laptopSession = try #require(byBrowser["Laptop Firefox"])
        #expect(phoneSession.createdAt == started)
        #expect(phoneSession.lastUsedAt == used, "uses are written to the minute: the one 30 s later is not")
        #expect(phoneSession.expiresAt == used.addingTimeInterval(14 * Self.day), "two weeks unused")
        #expect(laptopSession.lastUsedAt == server.clock.now, "asking is a use")
        #expect(laptopSession.current && !phoneSession.current)
        let firstSession = try #require(sessions.last)
        #expect(sessions.map(\.id) == [laptopSession.id, phoneSession.id, firstSession.id], "most recently used first")
        #expect(firstSession.createdAt == started && firstSession.lastUsedAt == started)
        #expect(try await first.me().username == "bob")
        let tokens = try await laptop.tokens()
        #expect(tokens.map(\.userAgent) == ["wishlist-cli/1.0"])
        #expect(tokens.first?.lastUsedAt == used)
    }

    @Test func endingASessionSignsThatBrowserOut() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let phone = try await Self.signIn(server, "alice", password: TestServer.adminPassword, userAgent: "Phone")
        let phoneSession = try #require(try await alice.sessions().first { !$0.current })
        try await alice.endSession(phoneSession.id)
        await expectServerError(401, "unauthenticated") { _ = try await phone.me() }
        #expect(try await alice.sessions().map(\.current) == [true])
        await expectServerError(404, "not_found") { try await alice.endSession(phoneSession.id) }
        let malformed = try await alice.send("DELETE", "/api/v1/sessions/not-an-id")
        #expect(malformed.status == 404)
        // Ending the session asking ends it too.
        let own = try #require(try await alice.sessions().first)
        try await alice.endSession(own.id)
        await expectServerError(401, "unauthenticated") { _ = try await alice.me() }
    }

    @Test func aSessionUnusedTooLongEnds() async throws {
        let server = try TestServer { $0.sessionIdleTimeout = .seconds(3600) }
        let alice = try await server.signedInAdmin()
        server.clock.advance(by: 50 * 60)
        _ = try await alice.me()
        server.clock.advance(by: 50 * 60)
        #expect(try await alice.me().username == "alice", "used 50 minutes ago: still signed in")
        server.clock.advance(by: 3600)
        await expectServerError(401, "unauthenticated") { _ = try await alice.me() }
        // Housekeeping forgets it.
        let store = server.application.store
        let count = { try store.database.read { db in try db.scalar("SELECT count(*) FROM sessions") as Int? } }
        #expect(try count() == 1)
        server.application.housekeeping.tidy()
        #expect(try count() == 0)
    }

    @Test func aSessionEndsAtItsMaximumAgeHoweverOftenUsed() async throws {
        let server = try TestServer { settings in
            settings.sessionIdleTimeout = .seconds(3600)
            settings.sessionLifetime = .seconds(3 * 3600)
        }
        let alice = try await server.signedInAdmin()
        for _ in 0..<3 {
            server.clock.advance(by: 50 * 60)
            _ = try await alice.me()
        }
        server.clock.advance(by: 31 * 60)
        await expectServerError(401, "unauthenticated") { _ = try await alice.me() }
    }
}
