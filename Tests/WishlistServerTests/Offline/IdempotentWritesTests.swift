import Foundation
import HTTPServer
import Testing
import WishlistClient
import WishlistCore
import WishlistStore

@testable import WishlistServer

/// Idempotent writes (issue 30) against a real server: a repeat gets the first answer byte for byte
/// and writes nothing; the key with another request is 422; a repeat of a running or interrupted
/// request is 409; keys are per account, outlive a restart, are forgotten by housekeeping after a
/// day, and anything wrong with the key itself is a 400.
@Suite struct IdempotentWritesTests {
    static func body(_ text: String) -> Data { Data(text.utf8) }

    static func text(_ answer: HTTPAnswer) -> String { String(decoding: answer.body, as: UTF8.self) }

    @Test func aRepeatedCreateGetsTheFirstAnswerAndMakesOneWish() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let key = ["Idempotency-Key": "outbox-1 wish: lamp"]
        let first = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: key)
        #expect(first.status == 201 && first.headers["idempotency-replayed"] == nil)
        let writes = server.application.store.writeCount
        server.clock.advance(by: 3600)
        let again = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: key)
        #expect(again.status == 201)
        #expect(again.body == first.body, "byte for byte")
        #expect(again.headers["content-type"] == first.headers["content-type"])
        #expect(again.headers["idempotency-replayed"] == "true")
        #expect(server.application.store.writeCount == writes, "the repeat wrote nothing")
        #expect(try await alice.wishes().items.map(\.name) == ["Lamp"])

        // Without a key, or with another, a write is a write.
        _ = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#))
        _ = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: ["Idempotency-Key": "outbox-2"])
        #expect(try await alice.wishes().items.count == 3)
    }

    /// A body past the server's memory threshold (256 KB) is read from its spooled file.
    @Test func aBigUploadIsTakenApartByItsWholeBody() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try TestPhotos.photo("camera/iphone.jpg")
        #expect(photo.count > 1 << 20)
        func upload(_ bytes: Data) async throws -> HTTPAnswer {
            var body = Data("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n\r\n".utf8)
            body.append(bytes)
            body.append(Data("\r\n--b--\r\n".utf8))
            return try await alice.send(
                "POST", "/api/v1/photos", body: body, contentType: "multipart/form-data; boundary=b",
                headers: ["Idempotency-Key": "upload 1"])
        }
        let first = try await upload(photo)
        #expect(first.status == 201)
        let again = try await upload(photo)
        #expect(again.status == 201 && again.body == first.body && again.headers["idempotency-replayed"] == "true")
        // One byte changed near the end, far past the first megabyte read.
        var changed = photo
        changed[changed.count - 3] ^= 0xFF
        let other = try await upload(changed)
        #expect(other.status == 422 && Self.text(other).contains("idempotency_key_reused"))
    }

    @Test func anErrorAnswerIsKeptAndAnUpdateOrDeleteIsNotRepeated() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let refused = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":""}"#), headers: ["Idempotency-Key": "bad"])
        #expect(refused.status == 400)
        let again = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":""}"#), headers: ["Idempotency-Key": "bad"])
        #expect(again.status == 400 && again.body == refused.body && again.headers["idempotency-replayed"] == "true")

        let wish = try await alice.createWish(WishDraft(name: "Kite"))
        let path = "/api/v1/wishes/\(wish.id.uuidString.lowercased())"
        let patch = Self.body(#"{"name":"Red kite"}"#)
        let headers = ["Idempotency-Key": "rename", "If-Match": "\"\(wish.version)\""]
        let renamed = try await alice.send("PATCH", path, body: patch, headers: headers)
        #expect(renamed.status == 200)
        // The version moved on: run again, the same If-Match would be 412; replayed, it is the first answer.
        let replayed = try await alice.send("PATCH", path, body: patch, headers: headers)
        #expect(replayed.status == 200 && replayed.body == renamed.body)

        let deleted = try await alice.send("DELETE", path, headers: ["Idempotency-Key": "remove kite"])
        let deletedAgain = try await alice.send("DELETE", path, headers: ["Idempotency-Key": "remove kite"])
        #expect(deleted.status == deletedAgain.status && deletedAgain.headers["idempotency-replayed"] == "true")
        #expect((200..<300).contains(deletedAgain.status), "not the 404 a second delete would get")
    }

    @Test func aKeyUsedForAnotherRequestIsRefusedAndChangesNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let key = ["Idempotency-Key": "k1"]
        _ = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: key)
        for (method, path, body) in [
            ("POST", "/api/v1/wishes", #"{"name":"Desk"}"#), ("POST", "/api/v1/wishes?x=1", #"{"name":"Lamp"}"#),
            ("POST", "/api/v1/journal", #"{"name":"Lamp"}"#)
        ] {
            let answer = try await alice.send(method, path, body: Self.body(body), headers: key)
            #expect(answer.status == 422, "\(method) \(path) \(body)")
            #expect(Self.text(answer).contains(#""code":"idempotency_key_reused""#))
        }
        #expect(try await alice.wishes().items.map(\.name) == ["Lamp"])
    }

    @Test func keysBelongToOneAccount() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let key = ["Idempotency-Key": "same key"]
        let alices = try await alice.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: key)
        let bobs = try await bob.send("POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: key)
        #expect(bobs.status == 201 && bobs.headers["idempotency-replayed"] == nil)
        #expect(bobs.body != alices.body, "Bob never gets Alice's answer")
        let bobsCount = try await bob.wishes().items.count
        let alicesCount = try await alice.wishes().items.count
        #expect(bobsCount == 1 && alicesCount == 1)
    }

    @Test func aRepeatWhileRunningOrAfterACrashIs409() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let owner = try #require(try server.application.store.users.credentials(username: "alice")).account.key
        let keys = server.application.store.idempotency
        let body = Self.body(#"{"name":"Lamp"}"#)
        let request = try await alice.send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "probe"])
        #expect(request.status == 201)

        // A claim of this process with no answer yet: still running.
        let fingerprint = try IdempotentWrites.fingerprint(of: Request(method: .POST, path: "/api/v1/wishes", body: .memory(body)))
        #expect(
            try keys.claim(
                "running", owner: owner, fingerprint: fingerprint, run: server.application.idempotentWrites.run, now: server.clock.now)
                == .claimed)
        let running = try await alice.send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "running"])
        #expect(running.status == 409 && Self.text(running).contains("request_in_progress"))
        // A claim left by a process that ended: unknown.
        #expect(try keys.claim("crashed", owner: owner, fingerprint: fingerprint, run: "an earlier run", now: server.clock.now) == .claimed)
        let crashed = try await alice.send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "crashed"])
        #expect(crashed.status == 409 && Self.text(crashed).contains("request_outcome_unknown"))
        #expect(try await alice.wishes().items.count == 1)
    }

    @Test func answersOutliveARestartAndHousekeepingForgetsThemAfterADay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = Self.body(#"{"name":"Lamp"}"#)
        var token = ""
        var first: HTTPAnswer
        do {
            let server = try TestServer(dataDirectory: directory)
            token = try await server.signedInAdmin().createToken(name: "outbox").token
            first = try await server.client(token: token).send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "k"])
        }
        let server = try TestServer(dataDirectory: directory)
        let client = server.client(token: token)
        let again = try await client.send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "k"])
        #expect(again.body == first.body && again.headers["idempotency-replayed"] == "true")

        server.clock.advance(by: 24 * 3600)
        server.application.housekeeping.tidy()
        let dayLater = try await client.send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "k"])
        #expect(dayLater.headers["idempotency-replayed"] == "true", "kept a day")
        server.clock.advance(by: 2 * 3600)
        server.application.housekeeping.tidy()
        let late = try await client.send("POST", "/api/v1/wishes", body: body, headers: ["Idempotency-Key": "k"])
        #expect(late.status == 201 && late.headers["idempotency-replayed"] == nil, "forgotten after the day and its margin")
        #expect(try await client.wishes().items.count == 2)
    }

    @Test func aBadKeyIs400AndReadsAndSignedOutRequestsAreUntouched() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for key in [String(repeating: "k", count: 256), "tab\there", "한국어"] {
            let answer = try await alice.send(
                "POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: ["Idempotency-Key": key])
            #expect(answer.status == 400 && Self.text(answer).contains("invalid_idempotency_key"), "\(key.prefix(20))")
        }
        #expect(try await alice.wishes().items.isEmpty)
        let read = try await alice.send("GET", "/api/v1/wishes", headers: ["Idempotency-Key": String(repeating: "k", count: 300)])
        #expect(read.status == 200, "reads ignore the header")
        let signedOut = try await server.client().send(
            "POST", "/api/v1/wishes", body: Self.body(#"{"name":"Lamp"}"#), headers: ["Idempotency-Key": "k"])
        #expect(signedOut.status == 401)
    }
}
