import Foundation
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer
@testable import WishlistStore

@Suite struct AccountsTests {
    @Test func setUpHappensOnceAndSignsIn() async throws {
        let server = try TestServer()
        let client = server.client()
        #expect(try await client.setupRequired())
        let admin = try await client.setUp(username: "Alice", password: TestServer.adminPassword)
        #expect(admin.username == "alice")
        #expect(admin.isAdmin)
        #expect(try await client.me() == admin)
        #expect(try await !client.setupRequired())
        await expectServerError(409, "already_set_up") {
            try await server.client().setUp(username: "mallory", password: "another long password")
        }
        #expect(try server.application.store.users.summaries().map(\.username) == ["alice"])
    }

    @Test func setUpRejectsBadInputAndKeepsNothing() async throws {
        let server = try TestServer()
        let client = server.client()
        await expectServerError(400, "invalid_username") {
            try await client.setUp(username: "no spaces allowed", password: TestServer.adminPassword)
        }
        await expectServerError(400, "invalid_username") { try await client.setUp(username: "ab", password: TestServer.adminPassword) }
        await expectServerError(400, "password_too_short") { try await client.setUp(username: "alice", password: "short") }
        let malformed = try await client.send("POST", "/api/v1/setup", body: Data("{\"username\":".utf8))
        #expect(malformed.status == 400)
        let missingField = try await client.send("POST", "/api/v1/setup", body: Data("{\"username\":\"alice\"}".utf8))
        #expect(missingField.status == 400)
        let wrongType = try await client.send(
            "POST", "/api/v1/setup", body: Data("username=alice".utf8), contentType: "application/x-www-form-urlencoded")
        #expect(wrongType.status == 415)
        let huge = try await client.send(
            "POST", "/api/v1/setup",
            body: Data("{\"username\":\"alice\",\"password\":\"\(String(repeating: "x", count: 2 << 20))\"}".utf8))
        #expect(huge.status == 413)
        let nul = try await client.send(
            "POST", "/api/v1/setup", body: Data(#"{"username":"alice","password":"0123456789\u0000abc"}"#.utf8))
        #expect(nul.status == 400)
        #expect(try await client.setupRequired())
    }

    @Test func signInAndOutEndTheSessionOnTheServer() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let client = server.client()
        let user = try await client.signIn(username: "alice", password: TestServer.adminPassword)
        #expect(try await client.me() == user)
        let cookie = try #require(client.sessionToken)
        try await client.signOut()
        await expectServerError(401, "unauthenticated") { _ = try await client.me() }
        client.sessionToken = cookie
        await expectServerError(401, "unauthenticated") { _ = try await client.me() }
    }

    @Test func wrongPasswordAndUnknownUserAreTheSame401() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        await expectServerError(401, "invalid_credentials") {
            try await server.client().signIn(username: "alice", password: "not the password")
        }
        await expectServerError(401, "invalid_credentials") {
            try await server.client().signIn(username: "nobody", password: TestServer.adminPassword)
        }
    }

    @Test func repeatedFailuresLockTheUsernameOut() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        _ = try await server.signedInUser("bob")
        for _ in 0..<5 {
            await expectServerError(401, "invalid_credentials") {
                try await server.client().signIn(username: "alice", password: "guess guess guess")
            }
        }
        // Now even the right password waits; another account is not affected.
        let locked = try await server.client().send(
            "POST", "/api/v1/sessions",
            body: try JSONEncoder().encode(Credentials(username: "alice", password: TestServer.adminPassword)))
        #expect(locked.status == 429)
        #expect(Int(locked.headers["retry-after"] ?? "") ?? 0 > 0)
        try await server.client().signIn(username: "bob", password: "another long password")
        server.clock.advance(by: 16 * 60)
        try await server.client().signIn(username: "alice", password: TestServer.adminPassword)
    }

    @Test func manyFailuresFromOneAddressAreLimitedToo() async throws {
        let server = try TestServer { $0.loginFailuresPerAddress = 3 }
        _ = try await server.signedInAdmin()
        for name in ["x1", "x2", "x3"] {
            await expectServerError(401) { try await server.client().signIn(username: name, password: "guess guess guess") }
        }
        await expectServerError(429, "too_many_attempts") {
            try await server.client().signIn(username: "alice", password: TestServer.adminPassword)
        }
    }

    /// Behind a trusted proxy each client's failures count apart, by the address the proxy
    /// forwarded for; a client's own `X-Forwarded-For`, with no trusted proxy, changes nothing.
    @Test func failuresCountPerClientBehindATrustedProxyOnly() async throws {
        func failSignIns(_ server: TestServer, from addresses: [String]) async throws -> [Int] {
            var statuses: [Int] = []
            for address in addresses {
                let answer = try await server.client().send(
                    "POST", "/api/v1/sessions", body: Data(#"{"username":"x","password":"guess guess guess"}"#.utf8),
                    headers: ["X-Forwarded-For": address])
                statuses.append(answer.status)
            }
            return statuses
        }
        let addresses = ["198.51.100.1", "198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.1"]
        let behindProxy = try TestServer {
            $0.loginFailuresPerAddress = 2
            $0.loginFailuresPerUsername = 100
            $0.trustedProxies = ["127.0.0.1"]
        }
        _ = try await behindProxy.signedInAdmin()
        #expect(try await failSignIns(behindProxy, from: addresses) == [401, 401, 401, 401, 429])
        let alone = try TestServer {
            $0.loginFailuresPerAddress = 2
            $0.loginFailuresPerUsername = 100
        }
        _ = try await alone.signedInAdmin()
        #expect(try await failSignIns(alone, from: addresses) == [401, 401, 429, 429, 429])
    }

    @Test func expiredSessionIs401() async throws {
        let server = try TestServer()
        let client = try await server.signedInAdmin()
        _ = try await client.me()
        server.clock.advance(by: 31 * 24 * 3600)
        await expectServerError(401, "unauthenticated") { _ = try await client.me() }
    }

    /// Expired sessions are refused at once, and the hourly housekeeping deletes their rows.
    @Test func housekeepingDeletesExpiredSessions() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        _ = try await server.signedInUser("bob")
        func sessionRows() throws -> Int? {
            try server.application.store.database.read { db in try db.scalar("SELECT count(*) FROM sessions") }
        }
        server.application.housekeeping.tidy()
        #expect(try sessionRows() == 2)
        server.clock.advance(by: 31 * 24 * 3600)
        server.application.housekeeping.tidy()
        #expect(try sessionRows() == 0)
    }

    @Test func tokensAreCreatedUsedListedAndRevoked() async throws {
        let server = try TestServer()
        let admin = try await server.signedInAdmin()
        let created = try await admin.createToken(name: "  laptop  ")
        #expect(created.name == "laptop")
        #expect(created.token.hasPrefix("wl_"))

        let viaToken = server.client(token: created.token)
        #expect(try await viaToken.me().username == "alice")
        let listing = try await admin.send("GET", "/api/v1/tokens")
        #expect(!String(decoding: listing.body, as: UTF8.self).contains(created.token))
        let tokens = try await viaToken.tokens()
        #expect(tokens.map(\.id) == [created.id])
        #expect(tokens[0].lastUsedAt != nil)

        try await admin.revokeToken(created.id)
        await expectServerError(401, "invalid_token") { _ = try await viaToken.me() }
        await expectServerError(404) { try await admin.revokeToken(created.id) }
        await expectServerError(401) { _ = try await server.client(token: "wl_made_up").me() }
        let badScheme = try await server.client().send("GET", "/api/v1/me", headers: ["Authorization": "Basic abc"])
        #expect(badScheme.status == 401)
    }

    @Test func tokenNamesAreChecked() async throws {
        let server = try TestServer()
        let admin = try await server.signedInAdmin()
        await expectServerError(400, "invalid_token_name") { _ = try await admin.createToken(name: "   ") }
        await expectServerError(400, "invalid_token_name") {
            _ = try await admin.createToken(name: String(repeating: "n", count: 101))
        }
        #expect(try await admin.tokens().isEmpty)
    }

    @Test func cookieWritesNeedTheCSRFProof() async throws {
        let server = try TestServer()
        let admin = try await server.signedInAdmin()
        let body = Data(#"{"name":"x"}"#.utf8)
        let bare = try await admin.send("POST", "/api/v1/tokens", body: body, csrfHeader: false)
        #expect(bare.status == 403)
        let foreign = try await admin.send(
            "POST", "/api/v1/tokens", body: body, headers: ["Origin": "https://evil.example"], csrfHeader: false)
        #expect(foreign.status == 403)
        let sameOrigin = try await admin.send(
            "POST", "/api/v1/tokens", body: body, headers: ["Origin": server.baseURL.absoluteString], csrfHeader: false)
        #expect(sameOrigin.status == 201)
        let withHeader = try await admin.send("POST", "/api/v1/tokens", body: body)
        #expect(withHeader.status == 201)
        // Reads need no proof, and a bearer token is not a cookie a browser would send by itself.
        #expect(try await admin.send("GET", "/api/v1/tokens", csrfHeader: false).status == 200)
        let token = try await admin.createToken(name: "script").token
        let scripted = try await server.client(token: token).send("POST", "/api/v1/tokens", body: body, csrfHeader: false)
        #expect(scripted.status == 201)
    }

    @Test func accountsCannotSeeOrTouchEachOthersTokens() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let aliceToken = try await alice.createToken(name: "alice's")
        #expect(try await bob.tokens().isEmpty)
        await expectServerError(404, "not_found") { try await bob.revokeToken(aliceToken.id) }
        #expect(try await alice.tokens().map(\.id) == [aliceToken.id])
        #expect(try await bob.send("DELETE", "/api/v1/tokens/not-a-uuid").status == 404)
    }

    @Test func everyAccountEndpointNeedsSigningIn() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let anonymous = server.client()
        for (method, path) in [
            ("GET", "/api/v1/me"), ("GET", "/api/v1/tokens"), ("POST", "/api/v1/tokens"),
            ("DELETE", "/api/v1/tokens/\(UUID().uuidString.lowercased())")
        ] {
            let answer = try await anonymous.send(method, path, body: method == "POST" ? Data(#"{"name":"x"}"#.utf8) : nil)
            #expect(answer.status == 401, "\(method) \(path)")
        }
    }
}
