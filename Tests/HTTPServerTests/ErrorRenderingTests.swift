import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct ErrorRenderingTests {
    private struct QuotaExceeded: HTTPResponseError {
        var status: HTTPStatus { .tooManyRequests }
        var code: String { "quota_exceeded" }
        var message: String { "Slow down." }
        var headers: HTTPHeaders { ["Retry-After": "30"] }
    }

    private struct SecretFailure: Error {
        let detail = "database password is hunter2"
    }

    @Test func responseErrorsAreRenderedWithStatusCodeMessageAndHeaders() throws {
        let server = try TestServer { $0.get("/limited") { _ in throw QuotaExceeded() } }
        let response = try server.request("GET", "/limited")
        #expect(response.status == 429)
        #expect(response.headers["Retry-After"] == "30")
        #expect(response.text == #"{"error":{"code":"quota_exceeded","message":"Slow down."}}"#)
    }

    @Test func otherErrorsAre500WithoutDetailsAndAreLogged() throws {
        let logged = Mutex<[String]>([])
        let server = try TestServer(configure: { configuration in
            configuration.logger = { line in logged.withLock { $0.append(line) } }
        }) { $0.get("/broken") { _ in throw SecretFailure() } }
        let response = try server.request("GET", "/broken")
        #expect(response.status == 500)
        #expect(response.errorCode == "internal_error")
        #expect(response.errorMessage == "Something went wrong on the server.")
        #expect(!response.text.contains("hunter2"))
        let lines = logged.withLock { $0 }
        #expect(lines.contains { $0.contains("hunter2") })
        #expect(lines.contains { $0.hasPrefix("GET /broken 500 ") && $0.hasSuffix("ms") })
        _ = try server.request("GET", "/broken%0Afake?token=secret")
        #expect(logged.withLock { $0 }.contains { $0.hasPrefix("GET /broken%0Afake 404 ") })
    }

    @Test func jsonDecodingErrorsNameTheProblem() throws {
        struct Payload: Decodable {
            struct Inner: Decodable { let count: Int }
            let name: String
            let inner: Inner
        }
        let server = try TestServer { router in
            router.post("/decode") { request in
                let payload = try request.decode(Payload.self)
                return .json(["name": payload.name])
            }
        }
        let json = [("Content-Type", "application/json")]
        let wrongType = try server.request("POST", "/decode", headers: [("Content-Type", "text/plain")], body: Data("{}".utf8))
        #expect(wrongType.status == 415)
        #expect(wrongType.errorCode == "unsupported_media_type")
        let missingType = try server.request("POST", "/decode", body: Data("{}".utf8))
        #expect(missingType.status == 415)

        let malformed = try server.request("POST", "/decode", headers: json, body: Data("{\"name\": ".utf8))
        #expect(malformed.status == 400)
        #expect(malformed.errorCode == "invalid_json")

        let empty = try server.request("POST", "/decode", headers: json, body: Data())
        #expect(empty.status == 400)
        #expect(empty.errorCode == "invalid_json")

        let missing = try server.request("POST", "/decode", headers: json, body: Data(#"{"name":"x","inner":{}}"#.utf8))
        #expect(missing.status == 400)
        #expect(missing.errorMessage?.contains("inner.count") == true)

        let wrongShape = try server.request("POST", "/decode", headers: json, body: Data(#"{"name":3,"inner":{"count":1}}"#.utf8))
        #expect(wrongShape.status == 400)
        #expect(wrongShape.errorMessage?.contains("'name'") == true)

        // A NUL in text is refused; an escaped backslash before "u0000" is text, whatever surrounds it.
        let nul = try server.request("POST", "/decode", headers: json, body: Data(#"{"name":"a\u0000b","inner":{"count":1}}"#.utf8))
        #expect(nul.status == 400)
        #expect(nul.errorMessage?.contains("NUL") == true)
        for text in [#"a\\u0000b"#, #"say \"\\u0000\""#, #"\\\\u0000"#] {
            let body = "{\"name\":\"" + text + "\",\"inner\":{\"count\":1}}"
            let notNUL = try server.request("POST", "/decode", headers: json, body: Data(body.utf8))
            #expect(notNUL.status == 200, "\(text)")
        }

        let fine = try server.request(
            "POST", "/decode", headers: [("Content-Type", "application/json; charset=utf-8")],
            body: Data(#"{"name":"ok","inner":{"count":1}}"#.utf8))
        #expect(fine.status == 200)
        #expect(fine.text == #"{"name":"ok"}"#)
    }

    @Test func hostileRequestsGetErrorsAndLeakNothing() throws {
        let server = try TestServer { $0.get("/") { _ in .json(["ok": true]) } }
        let hugeHeader = try server.request("GET", "/", headers: [("X-Huge", String(repeating: "a", count: 100_000))])
        #expect((400..<500).contains(hugeHeader.status))
        let garbage = try server.client()
        try garbage.send("\u{1}\u{2} nonsense\r\n\r\n")
        #expect((try? garbage.readResponse())?.status ?? 400 == 400)
        // The server still answers, and every request it started has completed.
        #expect(try server.request("GET", "/").status == 200)
        #expect(server.server.inFlight.waitUntilIdle(timeout: 5))
    }

    @Test func startingTwiceOnOnePortIsAClearError() throws {
        let first = try TestServer { _ in }
        var configuration = ServerConfiguration()
        configuration.port = first.port
        let second = Server(router: Router(), configuration: configuration)
        #expect(throws: ServerError.addressInUse(host: "127.0.0.1", port: first.port)) { try second.start() }
    }
}
