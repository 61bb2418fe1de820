import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistStore

@testable import WishlistServer

/// Administrators' tools (issue 15): an administrator lists the accounts, disables and enables
/// them and resets passwords; a disabled account's sessions and tokens are refused at their next
/// request, however it was disabled; a temporary password lets the person do nothing but choose a
/// new one; and to anyone else the administrators' routes do not exist.
@Suite struct AdminTests {
    static let password = SessionTests.password

    /// Bob signed in from a browser, and an API token of his.
    static func bob(on server: TestServer) async throws -> (browser: WishlistClient, token: String) {
        let browser = try await server.signedInUser("bob", password: Self.password)
        return (browser, try await browser.createToken(name: "script").token)
    }

    static func text(_ answer: HTTPAnswer) -> String { String(decoding: answer.body, as: UTF8.self) }

    @Test func anAdministratorListsEveryAccount() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let (bob, token) = try await Self.bob(on: server)
        _ = try await bob.createWish(WishDraft(name: "Lantern"))
        _ = try await bob.createWish(WishDraft(name: "Kite"))
        server.clock.advance(by: 3600)
        _ = try await server.client(token: token).me()
        let bobSeen = server.clock.now
        server.clock.advance(by: 120)

        let accounts = try await alice.adminAccounts()
        #expect(accounts.map(\.username) == ["alice", "bob"])
        #expect(accounts.map(\.isAdmin) == [true, false])
        #expect(accounts.map(\.wishCount) == [0, 2])
        #expect(accounts.map(\.lastSeenAt) == [server.clock.now, bobSeen], "asking is being seen")
        #expect(accounts.allSatisfy { $0.disabledAt == nil && !$0.mustChangePassword })
        let raw = Self.text(try await alice.send("GET", "/api/v1/admin/accounts"))
        #expect(!raw.contains("password_hash") && !raw.contains("passwordHash"))
    }

    /// Bob, no administrator, meets exactly the answer of a path that does not exist.
    @Test func toEveryoneElseTheRoutesDoNotExist() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let (bob, token) = try await Self.bob(on: server)
        let nowhere = try await bob.send("GET", "/api/v1/no-such-route")
        #expect(nowhere.status == 404)
        for (method, path) in [
            ("GET", "/api/v1/admin/accounts"), ("POST", "/api/v1/admin/accounts"), ("POST", "/api/v1/admin/accounts/alice/disable"),
            ("POST", "/api/v1/admin/accounts/alice/enable"), ("POST", "/api/v1/admin/accounts/alice/reset-password")
        ] {
            for client in [bob, server.client(token: token)] {
                let answer = try await client.send(method, path)
                #expect(answer.status == 404, "\(method) \(path)")
                #expect(answer.body == nowhere.body, "\(method) \(path): \(Self.text(answer))")
            }
        }
        #expect(try await server.client().signIn(username: "alice", password: TestServer.adminPassword).username == "alice")
    }

    @Test func disablingRefusesTheAccountsSessionsAndTokensAtOnce() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let (bob, token) = try await Self.bob(on: server)
        let cookie = try #require(bob.sessionToken)

        let disabled = try await alice.disableAccount("bob")
        #expect(disabled.disabledAt == server.clock.now)
        let refused = try await bob.send("GET", "/api/v1/wishes")
        #expect(refused.status == 401 && Self.text(refused).contains(#""code":"unauthenticated""#))
        let tokenRefused = try await server.client(token: token).send("GET", "/api/v1/wishes")
        #expect(tokenRefused.status == 401 && Self.text(tokenRefused).contains("invalid_token"))

        // The right password learns the account is disabled; a wrong one learns nothing new.
        await expectServerError(403, "account_disabled") {
            _ = try await server.client().signIn(username: "bob", password: Self.password)
        }
        let wrong = try await server.client().send(
            "POST", "/api/v1/sessions", body: Data(#"{"username":"bob","password":"not his password"}"#.utf8))
        let stranger = try await server.client().send(
            "POST", "/api/v1/sessions", body: Data(#"{"username":"nobody","password":"not his password"}"#.utf8))
        #expect(wrong.status == 401 && stranger.status == 401)
        #expect(wrong.body == stranger.body)
        #expect(try await alice.adminAccounts().first { $0.username == "bob" }?.disabledAt == disabled.disabledAt)

        // Enabled again, Bob signs in anew; what disabling ended stays ended.
        let enabled = try await alice.enableAccount("bob")
        #expect(enabled.disabledAt == nil)
        #expect(try await SessionTests.statusWithCookie(cookie, on: server) == 401)
        #expect(try await SessionTests.statusWithToken(token, on: server) == 401)
        #expect(try await server.client().signIn(username: "bob", password: Self.password).username == "bob")
        #expect(try await alice.me().username == "alice", "the administrator is not touched")
    }

    /// The `wishlist user disable` of another process: its own connection to the data directory's
    /// database, no write this server counts. Bob's reads are kept by the read cache beforehand;
    /// his very next request is refused all the same, with the clock standing still.
    @Test func disablingOnTheDataDirectoryWhileTheServerRunsRefusesTheNextRequest() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let (bob, token) = try await Self.bob(on: server)
        let byToken = server.client(token: token)
        _ = try await bob.createWish(WishDraft(name: "Lantern"))
        for client in [bob, byToken] {
            for _ in 0..<2 { #expect(try await client.send("GET", "/api/v1/wishes").status == 200) }
        }

        let otherProcess = try server.application.settings.data.openStore()
        try AccountAdministration(store: otherProcess, passwordCost: .minimum).setDisabled(true, username: "bob")
        try otherProcess.close()

        #expect(try await bob.send("GET", "/api/v1/wishes").status == 401)
        #expect(try await byToken.send("GET", "/api/v1/wishes").status == 401)
        #expect(try await byToken.send("GET", "/api/v1/me").status == 401)
    }

    @Test func anAdministratorCannotDisableOrResetThemselvesOrTheLastAdministrator() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        await expectServerError(409, "own_account") { try await alice.disableAccount("alice") }
        await expectServerError(409, "own_account") { _ = try await alice.resetPassword(of: "ALICE") }
        await expectServerError(404, "not_found") { try await alice.disableAccount("nobody") }
        await expectServerError(404, "not_found") { _ = try await alice.resetPassword(of: "nobody") }
        #expect(try await alice.me().username == "alice")

        let administration = AccountAdministration(store: server.application.store, passwordCost: .minimum)
        try administration.addUser(username: "carol", password: Self.password, isAdmin: true)
        let carol = server.client()
        try await carol.signIn(username: "carol", password: Self.password)
        try await carol.disableAccount("alice")
        #expect(try await alice.send("GET", "/api/v1/me").status == 401)
        // Carol is now the only administrator who can sign in: not even the data directory disables her.
        #expect(throws: AccountAdministrationError.lastAdmin) { try administration.setDisabled(true, username: "carol") }
        try await carol.enableAccount("alice")
        try administration.setDisabled(true, username: "carol")
        #expect(try await carol.send("GET", "/api/v1/me").status == 401)
    }

    @Test func aTemporaryPasswordLetsThePersonOnlyChooseANewOne() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let (bob, token) = try await Self.bob(on: server)
        let cookie = try #require(bob.sessionToken)

        let reset = try await alice.resetPassword(of: "bob")
        let temporary = reset.temporaryPassword
        #expect(temporary.wholeMatch(of: /[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/) != nil, "\(temporary)")
        #expect(reset.account.mustChangePassword)
        #expect(try await alice.resetPassword(of: "bob").temporaryPassword != temporary, "each reset its own")
        let current = try await alice.resetPassword(of: "bob").temporaryPassword
        #expect(try await SessionTests.statusWithCookie(cookie, on: server) == 401, "a reset signs out everywhere")
        #expect(try await SessionTests.statusWithToken(token, on: server) == 401)
        await expectServerError(401, "invalid_credentials") {
            _ = try await server.client().signIn(username: "bob", password: Self.password)
        }
        await expectServerError(401, "invalid_credentials") {
            _ = try await server.client().signIn(username: "bob", password: temporary)
        }

        let browser = server.client()
        #expect(try await browser.signIn(username: "bob", password: current).mustChangePassword)
        #expect(try await browser.me().mustChangePassword)
        for (method, path) in [("GET", "/api/v1/wishes"), ("POST", "/api/v1/tokens"), ("GET", "/api/v1/sessions")] {
            let answer = try await browser.send(method, path, body: method == "POST" ? Data(#"{"name":"x"}"#.utf8) : nil)
            #expect(answer.status == 403, "\(method) \(path)")
            #expect(Self.text(answer).contains(#""code":"password_change_required""#), "\(method) \(path)")
        }
        await expectServerError(400, "password_unchanged") { try await browser.changePassword(current: current, new: current) }
        try await browser.changePassword(current: current, new: SessionTests.newPassword)

        #expect(try await browser.me().mustChangePassword == false)
        #expect(try await browser.send("GET", "/api/v1/wishes").status == 200)
        #expect(try await alice.adminAccounts().first { $0.username == "bob" }?.mustChangePassword == false)
        #expect(try await server.client().signIn(username: "bob", password: SessionTests.newPassword).username == "bob")
    }

    /// An administrator adds Dana: her temporary password is answered once, lets her only choose a
    /// new one, and then she is an ordinary account (or an administrator, when asked for).
    @Test func anAdministratorAddsAnAccountWithATemporaryPassword() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let added = try await alice.addAccount(NewAccount(username: "Dana"))
        #expect(added.account.username == "dana" && !added.account.isAdmin && added.account.mustChangePassword)
        #expect(added.temporaryPassword.wholeMatch(of: /[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/) != nil)
        #expect(try await alice.adminAccounts().map(\.username) == ["alice", "dana"])
        let raw = Self.text(try await alice.send("GET", "/api/v1/admin/accounts"))
        #expect(!raw.contains(added.temporaryPassword), "the password is answered once, never listed")

        let dana = server.client()
        #expect(try await dana.signIn(username: "dana", password: added.temporaryPassword).mustChangePassword)
        #expect(try await dana.send("GET", "/api/v1/wishes").status == 403)
        try await dana.changePassword(current: added.temporaryPassword, new: SessionTests.newPassword)
        #expect(try await dana.wishes().items.isEmpty)
        #expect(try await dana.send("GET", "/api/v1/admin/accounts").status == 404, "not an administrator")

        let erin = try await alice.addAccount(NewAccount(username: "erin", isAdmin: true))
        #expect(erin.account.isAdmin)
        let erinsBrowser = server.client()
        _ = try await erinsBrowser.signIn(username: "erin", password: erin.temporaryPassword)
        try await erinsBrowser.changePassword(current: erin.temporaryPassword, new: SessionTests.newPassword)
        #expect(try await erinsBrowser.adminAccounts().count == 3)
    }

    /// Wrong, missing, huge and hostile bodies: a 4xx naming what is wrong, and no account added.
    @Test func addingAnAccountRefusesBadInputAndAddsNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await alice.addAccount(NewAccount(username: "dana"))
        await expectServerError(409, "conflict") { _ = try await alice.addAccount(NewAccount(username: "DANA")) }
        await expectServerError(409, "conflict") { _ = try await alice.addAccount(NewAccount(username: "alice")) }
        for username in ["ab", String(repeating: "a", count: 33), "dana smith", "../admin", "<script>", "다나", ""] {
            await expectServerError(400, "invalid_username") { _ = try await alice.addAccount(NewAccount(username: username)) }
        }
        for body in [
            "", "{}", "[]", #"{"username": 7}"#, #"{"username": "fred", "isAdmin": "yes"}"#, #"{"username": "fred", "isAdmin": null}"#,
            "{" + String(repeating: " ", count: 70_000)
        ] {
            let answer = try await alice.send("POST", "/api/v1/admin/accounts", body: Data(body.utf8))
            #expect((400..<500).contains(answer.status), "\(body.prefix(40)): \(answer.status)")
            #expect(Self.text(answer).contains(#""error""#), "\(body.prefix(40)): a JSON error")
        }
        #expect(try await alice.adminAccounts().map(\.username) == ["alice", "dana"])
    }

    /// Sharing into the app makes a wish: not before the temporary password is changed.
    @Test func aTemporaryPasswordCannotShare() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await Self.bob(on: server)
        let current = try await alice.resetPassword(of: "bob").temporaryPassword
        let browser = server.client()
        try await browser.signIn(username: "bob", password: current)
        let shared = try await browser.send(
            "POST", "/share", body: Data("url=https%3A%2F%2Fexample.com%2F".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"])
        #expect(shared.status == 403 && Self.text(shared).contains("password_change_required"), "\(Self.text(shared))")
        try await browser.changePassword(current: current, new: SessionTests.newPassword)
        #expect(try await browser.wishes().items.isEmpty)
    }
}
