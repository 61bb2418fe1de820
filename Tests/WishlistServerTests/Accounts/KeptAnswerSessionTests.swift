import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistServer

@testable import WishlistStore

/// Kept answers given on the event thread, and reads computed by a handler, with the caller known
/// from memory (issue 33), obey the privacy rule and the sessions as every other answer: one
/// account's kept list never reaches another, and a session ended — signed out, a new password,
/// the account disabled by another connection to the file, as `wishlist user disable` makes — is
/// refused at its very next request. On PostgreSQL the remembered caller is confirmed with the
/// read's first statement (`CredentialCheck`), and these hold there too.
@Suite struct KeptAnswerSessionTests {
    static let listPath = "/api/v1/wishes"
    /// A read no answer is kept for: its handler runs each time, with the account known from memory.
    static let accountPath = "/api/v1/me"

    /// The status and body of the wish list (or `path`) read with exactly this cookie.
    static func read(cookie: String, on server: TestServer, path: String = listPath) async throws -> (status: Int, body: String) {
        let client = server.client()
        client.sessionToken = cookie
        let answer = try await client.send("GET", path)
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    /// The same with exactly this API token.
    static func read(token: String, on server: TestServer, path: String = listPath) async throws -> (status: Int, body: String) {
        let answer = try await server.client(token: token).send("GET", path)
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    /// The statuses of the kept list and of a computed read, each with the cookie, then the token.
    static func statuses(cookie: String, token: String, on server: TestServer) async throws -> [Int] {
        var statuses: [Int] = []
        for path in [listPath, accountPath] {
            statuses.append(try await read(cookie: cookie, on: server, path: path).status)
            statuses.append(try await read(token: token, on: server, path: path).status)
        }
        return statuses
    }

    /// Bob with a wish, and his list read often enough that it is kept and his cookie known.
    static func bobReadingHisList(on server: TestServer) async throws -> (client: WishlistClient, cookie: String, token: String) {
        _ = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        _ = try await bob.createWish(WishDraft(name: "Bob's kettle"))
        let cookie = try #require(bob.sessionToken)
        let token = try await bob.createToken(name: "script").token
        for _ in 0..<3 {
            #expect(try await read(cookie: cookie, on: server).body.contains("Bob's kettle"))
            #expect(try await read(token: token, on: server).body.contains("Bob's kettle"))
            #expect(try await read(cookie: cookie, on: server, path: accountPath).body.contains("\"bob\""))
            #expect(try await read(token: token, on: server, path: accountPath).body.contains("\"bob\""))
        }
        return (bob, cookie, token)
    }

    @Test func aKeptListIsOnlyEverItsOwnAccounts() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        _ = try await alice.createWish(WishDraft(name: "Alice's lamp"))
        _ = try await bob.createWish(WishDraft(name: "Bob's kettle"))
        let aliceCookie = try #require(alice.sessionToken)
        let bobToken = try await bob.createToken(name: "script").token
        for _ in 0..<5 {
            let hers = try await Self.read(cookie: aliceCookie, on: server)
            let his = try await Self.read(token: bobToken, on: server)
            #expect(hers.status == 200 && his.status == 200)
            #expect(hers.body.contains("Alice's lamp") && !hers.body.contains("Bob's kettle"))
            #expect(his.body.contains("Bob's kettle") && !his.body.contains("Alice's lamp"))
        }
        // A cookie nobody was given, and a token that is not one, get nothing kept.
        #expect(try await Self.read(cookie: "made-up", on: server).status == 401)
        #expect(try await Self.read(token: "made-up", on: server).status == 401)
    }

    @Test func signingOutEndsTheKeptList() async throws {
        let server = try TestServer()
        let (bob, cookie, token) = try await Self.bobReadingHisList(on: server)
        try await bob.signOut()
        #expect(try await Self.read(cookie: cookie, on: server).status == 401)
        #expect(try await Self.read(token: token, on: server).status == 200, "signing out ends that session only")
    }

    @Test func aNewPasswordEndsTheKeptListOfEveryOtherSession() async throws {
        let server = try TestServer()
        let (_, cookie, token) = try await Self.bobReadingHisList(on: server)
        let laptop = server.client()
        try await laptop.signIn(username: "bob", password: SessionTests.password)
        try await laptop.changePassword(current: SessionTests.password, new: SessionTests.newPassword)
        #expect(try await Self.statuses(cookie: cookie, token: token, on: server) == [401, 401, 401, 401])
        #expect(try await Self.read(cookie: try #require(laptop.sessionToken), on: server).body.contains("Bob's kettle"))
    }

    /// The account disabled through another connection to the same file, which the server's own
    /// write count never sees.
    @Test func disablingTheAccountElsewhereEndsTheKeptList() async throws {
        let server = try TestServer()
        let (_, cookie, token) = try await Self.bobReadingHisList(on: server)
        let elsewhere = try server.application.settings.data.openStore()
        defer { try? elsewhere.close() }
        _ = try AccountAdministration(store: elsewhere, passwordCost: .minimum).setDisabled(true, username: "bob")
        #expect(try await Self.statuses(cookie: cookie, token: token, on: server) == [401, 401, 401, 401])
    }

    /// The same for a password set elsewhere (`wishlist user passwd`).
    @Test func aPasswordSetElsewhereEndsTheKeptList() async throws {
        let server = try TestServer()
        let (_, cookie, token) = try await Self.bobReadingHisList(on: server)
        let elsewhere = try server.application.settings.data.openStore()
        defer { try? elsewhere.close() }
        try AccountAdministration(store: elsewhere, passwordCost: .minimum)
            .setPassword(username: "bob", password: SessionTests.newPassword)
        #expect(try await Self.statuses(cookie: cookie, token: token, on: server) == [401, 401, 401, 401])
    }

    /// A session that has sat idle past its timeout ends although its cookie is known from memory.
    @Test func anIdleSessionEndsThoughItsCookieIsKnown() async throws {
        let server = try TestServer()
        let (_, cookie, _) = try await Self.bobReadingHisList(on: server)
        server.clock.advance(by: TimeInterval(server.application.settings.sessionIdleTimeout.components.seconds) + 1)
        #expect(try await Self.read(cookie: cookie, on: server).status == 401)
        #expect(try await Self.read(cookie: cookie, on: server, path: Self.accountPath).status == 401)
    }

    /// An account changed elsewhere while its credentials live (renamed here by hand, as another
    /// server's write would be seen): the remembered account is not given, and the credentials
    /// are looked up afresh rather than refused.
    @Test func anAccountChangedElsewhereIsReadAfresh() async throws {
        let server = try TestServer()
        let (_, cookie, token) = try await Self.bobReadingHisList(on: server)
        let elsewhere = try server.application.settings.data.openStore()
        defer { try? elsewhere.close() }
        try elsewhere.database.write { db in _ = try db.run("UPDATE users SET username = 'robert' WHERE username = 'bob'", [:]) }
        for read in [
            try await Self.read(cookie: cookie, on: server, path: Self.accountPath),
            try await Self.read(token: token, on: server, path: Self.accountPath)
        ] {
            #expect(read.status == 200)
            #expect(read.body.contains("\"robert\""), "\(read.body)")
        }
        #expect(try await Self.read(token: token, on: server).body.contains("Bob's kettle"))
    }

    /// A read that fails before it asks the database anything (a malformed id is "not found") is
    /// still refused first when its known credential has ended: 401, not 404.
    @Test func aReadThatAsksNothingIsStillRefusedForAnEndedCredential() async throws {
        let server = try TestServer()
        let (_, cookie, token) = try await Self.bobReadingHisList(on: server)
        #expect(try await Self.read(token: token, on: server, path: "/api/v1/wishes/not-an-id").status == 404)
        let elsewhere = try server.application.settings.data.openStore()
        defer { try? elsewhere.close() }
        _ = try AccountAdministration(store: elsewhere, passwordCost: .minimum).setDisabled(true, username: "bob")
        #expect(try await Self.read(token: token, on: server, path: "/api/v1/wishes/not-an-id").status == 401)
        #expect(try await Self.read(cookie: cookie, on: server, path: "/api/v1/wishes/not-an-id").status == 401)
    }

    /// A write whose credential is known from memory is trusted as a read's is: a cookie's still
    /// proves its origin, and an account disabled elsewhere is refused at its next write.
    @Test func aWriteWithAKnownCredentialProvesItsOriginAndEndsWithTheAccount() async throws {
        let server = try TestServer()
        let (_, cookie, token) = try await Self.bobReadingHisList(on: server)
        let browser = server.client()
        browser.sessionToken = cookie
        let body = Data(#"{"name": "Bob's teapot"}"#.utf8)
        #expect(try await browser.send("POST", Self.listPath, body: body).status == 201)
        #expect(try await server.client(token: token).send("POST", Self.listPath, body: body).status == 201)
        let forged = try await browser.send("POST", Self.listPath, body: body, csrfHeader: false)
        #expect(forged.status == 403)
        #expect(String(decoding: forged.body, as: UTF8.self).contains("csrf_check_failed"))

        let elsewhere = try server.application.settings.data.openStore()
        defer { try? elsewhere.close() }
        _ = try AccountAdministration(store: elsewhere, passwordCost: .minimum).setDisabled(true, username: "bob")
        #expect(try await browser.send("POST", Self.listPath, body: body).status == 401)
        #expect(try await server.client(token: token).send("POST", Self.listPath, body: body).status == 401)
        #expect(
            try elsewhere.wishes.list(
                WishListQuery(limit: 10), owner: try #require(try elsewhere.users.credentials(username: "bob")).account.key
            ).items.count == 3)
    }
}
