import Crypto
import Foundation
import Testing
import WishlistClient
import WishlistServer
import WishlistStore

/// Sessions end when they should (X1, issue 15): signing in always gives a new session id,
/// signing out ends the session on the server, and a new password ends every other session and
/// API token of the account — shown with the very cookies and tokens that stop working.
@Suite struct SessionTests {
    static let password = "another long password"
    static let newPassword = "a brand new passphrase"

    /// The status of `GET /api/v1/me` sent with exactly this cookie.
    static func statusWithCookie(_ cookie: String, on server: TestServer) async throws -> Int {
        let client = server.client()
        client.sessionToken = cookie
        return try await client.send("GET", "/api/v1/me").status
    }

    static func statusWithToken(_ token: String, on server: TestServer) async throws -> Int {
        try await server.client(token: token).send("GET", "/api/v1/me").status
    }

    @Test func signingInRotatesTheSessionID() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let browser = try await server.signedInUser("bob")
        let first = try #require(browser.sessionToken)
        // Signing in again from the same browser (which sends its cookie) gives a new id and ends the old one.
        try await browser.signIn(username: "bob", password: Self.password)
        let second = try #require(browser.sessionToken)
        #expect(second != first)
        #expect(try await Self.statusWithCookie(first, on: server) == 401)
        #expect(try await Self.statusWithCookie(second, on: server) == 200)
        // A cookie planted before sign-in (session fixation) is never the one signed in.
        let planted = "planted-by-someone-else"
        let victim = server.client()
        victim.sessionToken = planted
        try await victim.signIn(username: "bob", password: Self.password)
        #expect(victim.sessionToken != planted)
        #expect(try await Self.statusWithCookie(planted, on: server) == 401)
        #expect(try await Self.statusWithCookie(second, on: server) == 200, "another browser's session is not touched")
    }

    @Test func signingOutEndsTheSessionOnTheServer() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let phone = server.client()
        try await phone.signIn(username: "alice", password: TestServer.adminPassword)
        let cookie = try #require(alice.sessionToken)
        #expect(try await Self.statusWithCookie(cookie, on: server) == 200)
        try await alice.signOut()
        let refused = try await { () async throws -> HTTPAnswer in
            let client = server.client()
            client.sessionToken = cookie
            return try await client.send("GET", "/api/v1/me")
        }()
        #expect(refused.status == 401)
        #expect(String(decoding: refused.body, as: UTF8.self).contains(#""code":"unauthenticated""#))
        #expect(try await phone.me().username == "alice", "signing out ends that session only")
    }

    @Test func changingThePasswordEndsEveryOtherSessionAndToken() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let bobsToken = try await server.signedInUser("bob").createToken(name: "bob's script").token
        let laptop = try await server.signedInUser("carol", password: Self.password)
        let phone = server.client()
        try await phone.signIn(username: "carol", password: Self.password)
        let laptopCookie = try #require(laptop.sessionToken)
        let phoneCookie = try #require(phone.sessionToken)
        let scripts = [try await laptop.createToken(name: "shortcut").token, try await laptop.createToken(name: "cli").token]

        try await laptop.changePassword(current: Self.password, new: Self.newPassword)

        let reissued = try #require(laptop.sessionToken)
        #expect(reissued != laptopCookie, "the session that changed the password gets a new id")
        #expect(try await laptop.me().username == "carol")
        #expect(try await Self.statusWithCookie(laptopCookie, on: server) == 401)
        #expect(try await Self.statusWithCookie(phoneCookie, on: server) == 401)
        for token in scripts {
            let answer = try await server.client(token: token).send("GET", "/api/v1/me")
            #expect(answer.status == 401)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("invalid_token"))
        }
        #expect(try await laptop.tokens().isEmpty)
        await expectServerError(401, "invalid_credentials") {
            _ = try await server.client().signIn(username: "carol", password: Self.password)
        }
        #expect(try await server.client().signIn(username: "carol", password: Self.newPassword).username == "carol")
        #expect(try await Self.statusWithToken(bobsToken, on: server) == 200, "another account is not touched")
    }

    @Test func aPasswordChangedWithATokenKeepsThatTokenOnly() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let browser = try await server.signedInUser("bob")
        let cookie = try #require(browser.sessionToken)
        let kept = try await browser.createToken(name: "phone app")
        let other = try await browser.createToken(name: "old laptop")
        let app = server.client(token: kept.token)

        try await app.changePassword(current: Self.password, new: Self.newPassword)

        #expect(try await app.me().username == "bob")
        #expect(try await app.tokens().map(\.id) == [kept.id])
        #expect(try await Self.statusWithToken(other.token, on: server) == 401)
        #expect(try await Self.statusWithCookie(cookie, on: server) == 401)
    }

    @Test func aWrongCurrentPasswordOrABadNewOneChangesNothing() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let browser = try await server.signedInUser("bob")
        let cookie = try #require(browser.sessionToken)
        let token = try await browser.createToken(name: "script").token
        await expectServerError(400, "wrong_password") {
            try await browser.changePassword(current: "not the password", new: Self.newPassword)
        }
        await expectServerError(400, "password_too_short") {
            try await browser.changePassword(current: Self.password, new: "short")
        }
        let missing = try await browser.send("PUT", "/api/v1/me/password", body: Data(#"{"newPassword":"long enough now"}"#.utf8))
        #expect(missing.status == 400)
        #expect(browser.sessionToken == cookie, "no new cookie")
        #expect(try await Self.statusWithCookie(cookie, on: server) == 200)
        #expect(try await Self.statusWithToken(token, on: server) == 200)
        #expect(try await server.client().signIn(username: "bob", password: Self.password).username == "bob")
    }

    /// Guessing the current password from a borrowed session meets the sign-in throttle.
    @Test func guessingTheCurrentPasswordIsThrottled() async throws {
        let server = try TestServer { $0.loginFailuresPerUsername = 3 }
        _ = try await server.signedInAdmin()
        let browser = try await server.signedInUser("bob")
        for _ in 0..<3 {
            await expectServerError(400, "wrong_password") {
                try await browser.changePassword(current: "a wrong guess", new: Self.newPassword)
            }
        }
        let throttled = try await browser.send(
            "PUT", "/api/v1/me/password",
            body: try JSONSerialization.data(withJSONObject: ["currentPassword": Self.password, "newPassword": Self.newPassword]))
        #expect(throttled.status == 429)
        #expect(throttled.headers["retry-after"] != nil)
        #expect(try await browser.me().username == "bob", "still signed in, the password unchanged")
    }

    @Test func aPasswordSetByTheAdministratorEndsEverySessionAndToken() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let browser = try await server.signedInUser("bob")
        let cookie = try #require(browser.sessionToken)
        let token = try await browser.createToken(name: "script").token
        try AccountAdministration(store: server.application.store, passwordCost: .minimum)
            .setPassword(username: "bob", password: Self.newPassword)
        #expect(try await Self.statusWithCookie(cookie, on: server) == 401)
        #expect(try await Self.statusWithToken(token, on: server) == 401)
    }

    /// A hash made at another cost is redone at sign-in; that is no change of password, so nobody
    /// is signed out.
    @Test func rehashingAtSignInSignsNobodyOut() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let phone = try await server.signedInUser("bob")
        let token = try await phone.createToken(name: "script").token
        let users = server.application.store.users
        let olderHash = try PasswordHasher(cost: .interactive).hash(Self.password)
        try users.rehashPassword(olderHash, username: "bob")
        try await server.client().signIn(username: "bob", password: Self.password)
        #expect(try users.credentials(username: "bob")?.passwordHash != olderHash, "rehashed at today's cost")
        #expect(try await phone.me().username == "bob")
        #expect(try await Self.statusWithToken(token, on: server) == 200)
    }

    /// A request that presents a wrong credential is refused, never served by a right one beside it:
    /// an API token with a session cookie works only when the cookie is a live session of the same
    /// account (found by schemathesis' ignored_auth check).
    @Test func aTokenWithAWrongSessionCookieIsRefused() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let token = try await alice.createToken(name: "script").token
        let aliceCookie = try #require(alice.sessionToken)
        let bobCookie = try #require(bob.sessionToken)
        func status(cookie: String) async throws -> (Int, String?) {
            let answer = try await server.client(token: token).send(
                "GET", "/api/v1/me", headers: ["Cookie": "wishlist_session=\(cookie)"])
            let error = try? JSONSerialization.jsonObject(with: answer.body) as? [String: [String: String]]
            return (answer.status, error?["error"]?["code"])
        }
        #expect(try await status(cookie: aliceCookie).0 == 200)
        for wrong in [bobCookie, "made-up", ""] {
            let (code, error) = try await status(cookie: wrong)
            #expect(code == 401, "cookie \(wrong)")
            #expect(error == "conflicting_credentials")
        }
        #expect(try await Self.statusWithToken(token, on: server) == 200, "the token alone still works")
    }
}
