import Foundation
import HTTPClient
import HTTPServer
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `HTTPClient` against a real server (HTTPServer, libmicrohttpd) that echoes what it got, and
/// against `LoopbackHTTPServer` for the failures a real server does not make on purpose.
@Suite final class HTTPClientTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-client-\(UUID())")
    let server: Server

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var router = Router()
        for method in [HTTPMethod.POST, .PUT, .PATCH, .DELETE] {
            router.on(method, "/echo", bodyLimit: 8 << 20) { request in
                var headers = HTTPHeaders()
                headers.add("X-Method", request.method.rawValue)
                headers.add("X-Note", request.headers["X-Note"] ?? "")
                headers.add("X-Expect", request.headers["Expect"] ?? "none")
                return Response(headers: headers, body: .data(try request.body.data()))
            }
        }
        router.get("/cookies") { _ in
            var headers = HTTPHeaders()
            headers.add("Set-Cookie", "a=1")
            headers.add("Set-Cookie", "b=2")
            return Response(headers: headers, body: .data(Data("two cookies".utf8)))
        }
        router.get("/big") { _ in Response(body: .data(Data(repeating: 7, count: 300_000))) }
        router.get("/missing") { _ in Response(status: .notFound, body: .data(Data(#"{"error":"not here"}"#.utf8))) }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.logger = nil
        server = Server(router: router, middleware: [], configuration: configuration)
        try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func aBodyArrivesWholeWithItsMethodAndHeaders(method: String) throws {
        let body = Data((0..<100_000).map { UInt8($0 % 251) })
        let answer = try HTTPClient.perform(
            HTTPClientRequest(method: method, url: url("/echo"), headers: [("X-Note", "hello")], body: .bytes(body)))
        #expect(answer.status == 200)
        #expect(answer.headers["x-method"] == method)
        #expect(answer.headers["x-note"] == "hello")
        #expect(answer.body == body)
    }

    @Test func aFileIsSentAsItIsReadAndALargeOneWaitsForTheGoAhead() throws {
        let file = folder.appendingPathComponent("upload.bin")
        let bytes = Data((0..<(3 << 20)).map { UInt8($0 % 253) })
        try bytes.write(to: file)
        let answer = try HTTPClient.perform(HTTPClientRequest(method: "POST", url: url("/echo"), body: .file(path: file.path)))
        #expect(answer.body == bytes)
        #expect(answer.headers["x-expect"] == "100-continue")

        let small = try HTTPClient.perform(HTTPClientRequest(method: "POST", url: url("/echo"), body: .bytes(Data("hi".utf8))))
        #expect(small.headers["x-expect"] == "none", "a small body is sent at once")
    }

    @Test func anEmptyBodyIsSentAsOne() throws {
        let answer = try HTTPClient.perform(HTTPClientRequest(method: "POST", url: url("/echo"), body: .bytes(Data())))
        #expect(answer.status == 200)
        #expect(answer.body.isEmpty)
    }

    @Test func aSuccessGoesIntoTheFileAndAnErrorStaysInMemory() throws {
        let path = folder.appendingPathComponent("answer").path
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(file) }
        let big = try HTTPClient.perform(HTTPClientRequest(method: "GET", url: url("/big"), successBodyFile: file))
        #expect(big.status == 200)
        #expect(big.body.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 7, count: 300_000))

        let missing = try HTTPClient.perform(HTTPClientRequest(method: "GET", url: url("/missing"), successBodyFile: file))
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self) == #"{"error":"not here"}"#)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 300_000, "the error went into the file")
    }

    @Test func aFileThatCannotBeWrittenStopsTheAnswer() throws {
        let path = folder.appendingPathComponent("read-only").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let readOnly = open(path, O_RDONLY)
        defer { close(readOnly) }
        #expect {
            try HTTPClient.perform(HTTPClientRequest(method: "GET", url: url("/big"), successBodyFile: readOnly))
        } throws: { error in
            if case .localFile = error as? HTTPClientError { true } else { false }
        }
    }

    @Test func aHeaderSentTwiceHasBothValues() throws {
        let answer = try HTTPClient.perform(HTTPClientRequest(method: "GET", url: url("/cookies")))
        #expect(answer.headers["set-cookie"] == "a=1, b=2")
    }

    @Test func aHeadHasNoBody() throws {
        let answer = try HTTPClient.perform(HTTPClientRequest(method: "HEAD", url: url("/big")))
        #expect(answer.status == 200)
        #expect(answer.body.isEmpty)
        #expect(answer.headers["content-length"] == "300000")
    }

    @Test func anAnswerLargerThanTheLimitFails() {
        #expect(throws: HTTPClientError.tooLarge(limitBytes: 1000)) {
            try HTTPClient.perform(HTTPClientRequest(method: "GET", url: url("/big"), maximumBodyBytes: 1000))
        }
    }

    @Test func aServerThatHangsUpLosesTheAnswer() async throws {
        let server = try LoopbackHTTPServer { _ in .hangUp }
        defer { server.stop() }
        await #expect {
            try await HTTPClient.send(HTTPClientRequest(method: "POST", url: server.url("/x").absoluteString, body: .bytes(Data("a".utf8))))
        } throws: { error in
            if case .connectionLost = error as? HTTPClientError { true } else { false }
        }
    }

    @Test func aServerThatIsNotThereIsUnreachable() throws {
        let closed = try LoopbackHTTPServer { _ in .hangUp }
        let address = closed.url("/x").absoluteString
        closed.stop()
        #expect {
            try HTTPClient.perform(HTTPClientRequest(method: "GET", url: address))
        } throws: { error in
            if case .unreachable = error as? HTTPClientError { true } else { false }
        }
    }

    @Test func aServerThatSaysNothingTimesOut() throws {
        let server = try LoopbackHTTPServer { _ in .stall }
        defer { server.stop() }
        #expect {
            try HTTPClient.perform(HTTPClientRequest(method: "GET", url: server.url("/x").absoluteString, idleTimeout: .seconds(1)))
        } throws: { error in
            if case .timedOut = error as? HTTPClientError { true } else { false }
        }
        #expect(server.firstStallDuration().map { $0 < .seconds(5) } == true, "the request was not given up soon after a second")
    }

    @Test func aFileThatCannotBeReadIsNamed() {
        let path = folder.appendingPathComponent("absent").path
        #expect(throws: HTTPClientError.localFile(path: path, reason: "No such file or directory")) {
            try HTTPClient.perform(HTTPClientRequest(method: "POST", url: url("/echo"), body: .file(path: path)))
        }
    }

    @Test(arguments: ["ftp://example.com/x", "file:///etc/passwd", "not a url"])
    func onlyHTTPIsSent(address: String) {
        #expect(throws: HTTPClientError.invalidURL(address)) {
            try HTTPClient.perform(HTTPClientRequest(method: "GET", url: address))
        }
    }
}
