import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl

/// The Swift client after a lost answer (issue 30): its writes carry an `Idempotency-Key`, and when
/// the connection is reset after the server carried a write out, it sends the write again with the
/// same key and gets the first answer, so nothing is done twice.
@Suite struct ClientRetryTests {
    /// A server, a proxy in front of it, and its first account signed in through the proxy.
    static func aliceThroughAProxy() async throws -> (TestServer, AnswerDroppingProxy, WishlistClient) {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let proxy = try AnswerDroppingProxy(upstreamPort: server.application.port)
        let alice = WishlistClient(baseURL: proxy.baseURL)
        try await alice.signIn(username: "alice", password: TestServer.adminPassword)
        return (server, proxy, alice)
    }

    @Test func aCreateWhoseAnswerIsLostIsSentAgainAndMakesOneWish() async throws {
        let (server, proxy, alice) = try await Self.aliceThroughAProxy()
        defer { withExtendedLifetime(server) { proxy.stop() } }

        proxy.dropAnswers(1)
        let lamp = try await alice.createWish(WishDraft(name: "Lamp"))

        #expect(lamp.name == "Lamp")
        #expect(try await alice.wishes().items.map(\.id) == [lamp.id], "one wish, the one answered")
        let keys = proxy.idempotencyKeys("POST", "/api/v1/wishes")
        #expect(keys.count == 2, "sent, its answer lost, sent again")
        #expect(Set(keys).count == 1 && keys[0].count == 36, "both times with the same key: \(keys)")
    }

    @Test func anEditAndADeleteWhoseAnswersAreLostAreCarriedOutOnce() async throws {
        let (server, proxy, alice) = try await Self.aliceThroughAProxy()
        defer { withExtendedLifetime(server) { proxy.stop() } }
        let kite = try await alice.createWish(WishDraft(name: "Kite"))

        // Run twice, the edit's If-Match would be stale on the second try (412); replayed, it is the first answer.
        proxy.dropAnswers(1)
        let renamed = try await alice.updateWish(kite.id, WishPatch(name: "Red kite"), expectedVersion: kite.version)
        #expect(renamed.name == "Red kite" && renamed.version == kite.version + 1)

        proxy.dropAnswers(1)
        try await alice.deleteWish(kite.id)
        #expect(try await alice.wishes().items.isEmpty)
        let path = "/api/v1/wishes/\(kite.id.uuidString.lowercased())"
        #expect(Set(proxy.idempotencyKeys("PATCH", path)).count == 1 && proxy.idempotencyKeys("PATCH", path).count == 2)
        #expect(Set(proxy.idempotencyKeys("DELETE", path)).count == 1 && proxy.idempotencyKeys("DELETE", path).count == 2)
    }

    @Test func everyWriteCarriesItsOwnKeyAndAKeyGivenIsKept() async throws {
        let (server, proxy, alice) = try await Self.aliceThroughAProxy()
        defer { withExtendedLifetime(server) { proxy.stop() } }
        _ = try await alice.createWish(WishDraft(name: "One"))
        _ = try await alice.createWish(WishDraft(name: "Two"))
        _ = try await alice.send("POST", "/api/v1/wishes", body: Data(#"{"name":"Three"}"#.utf8), headers: ["Idempotency-Key": "outbox 7"])
        _ = try await alice.wishes()

        let keys = proxy.idempotencyKeys("POST", "/api/v1/wishes")
        #expect(keys.count == 3 && Set(keys).count == 3 && keys[2] == "outbox 7")
        #expect(proxy.idempotencyKeys("GET", "/api/v1/wishes") == [""], "a read needs no key")
    }

    @Test func aWriteWithoutAKeyIsNotSentAgain() async throws {
        let (server, proxy, alice) = try await Self.aliceThroughAProxy()
        defer { withExtendedLifetime(server) { proxy.stop() } }

        // A path outside the API gets no key, so its lost answer is reported, not repeated.
        proxy.dropAnswers(1)
        await #expect(throws: WishlistClientError.self) {
            _ = try await alice.send("POST", "/share", body: Data("title=x".utf8), contentType: "application/x-www-form-urlencoded")
        }
        #expect(proxy.idempotencyKeys("POST", "/share") == [""])
    }

    /// The first try of a key still running (409 `request_in_progress`): the same request again, after a pause.
    @Test func aWriteWhoseFirstTryStillRunsIsSentAgain() async throws {
        let tries = Locked(0)
        let server = try LoopbackHTTPServer { _ in
            let first = tries.withLock { count in
                count += 1
                return count == 1
            }
            return first
                ? .json(status: 409, body: #"{"error":{"code":"request_in_progress","message":"Still running."}}"#)
                : .json(status: 201, body: #"{"id":1}"#)
        }
        defer { server.stop() }
        let answer = try await WishlistClient(baseURL: server.baseURL).send(
            "POST", "/api/v1/wishes", body: Data(#"{"name":"Lamp"}"#.utf8))
        #expect(answer.status == 201)
        let keys = server.requests.map { $0.headers["idempotency-key"] ?? "" }
        #expect(keys.count == 2 && Set(keys).count == 1 && !keys[0].isEmpty, "one key, sent twice: \(keys)")
    }
}
