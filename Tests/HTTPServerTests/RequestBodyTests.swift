import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct RequestBodyTests {
    /// Bodies the upload handler received.
    private final class Seen: Sendable {
        let bodies = Mutex<[RequestBody]>([])
    }

    private static func checksum(_ data: Data) -> Int {
        data.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFFFF }
    }

    private func server(configure: (inout ServerConfiguration) -> Void = { _ in }, seen: Seen = Seen()) throws -> TestServer {
        try TestServer(configure: configure) { router in
            router.post("/small", bodyLimit: 1000) { request in .json(["size": request.body.size]) }
            router.post("/upload") { request in
                seen.bodies.withLock { $0.append(request.body) }
                let data = try request.body.data()
                let onDisk: Bool
                if case .file(let path, _) = request.body { onDisk = FileManager.default.fileExists(atPath: path) } else { onDisk = false }
                return .json([
                    "size": data.count, "checksum": Self.checksum(data),
                    "onDisk": onDisk ? 1 : 0
                ])
            }
        }
    }

    @Test func declaredOversizedBodyIs413BeforeTheBodyIsSent() throws {
        let server = try server()
        let client = try server.client()
        // Only the head goes out: the answer must come without the 2000 bytes.
        try client.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\nContent-Type: text/plain\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.errorCode == "content_too_large")
    }

    @Test func defaultLimitAppliesWithoutRouteLimit() throws {
        let server = try server { $0.defaultBodyLimit = 10 }
        let response = try server.request("POST", "/upload", body: Data(count: 11))
        #expect(response.status == 413)
        #expect(try server.request("POST", "/upload", body: Data(count: 10)).status == 200)
    }

    @Test func chunkedBodyGrowingPastTheLimitIs413() throws {
        let server = try server()
        let client = try server.client()
        var request = "POST /small HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<3 { request += "200\r\n" + String(repeating: "z", count: 0x200) + "\r\n" }
        request += "0\r\n\r\n"
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.errorCode == "content_too_large")
    }

    @Test func endlessChunkedBodyIsCutOff() throws {
        let server = try server()
        let client = try server.client()
        let chunk = "10000\r\n" + String(repeating: "z", count: 0x10000) + "\r\n"
        do {
            try client.send("POST /small HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in 0..<((Server.discardAllowance >> 16) + 4) { try client.send(chunk) }
        } catch {
            // The server may cut the connection while we are still sending: that is the point.
        }
        #expect(client.isClosedByServer())
    }

    @Test func chunkedBodyWithinTheLimitArrives() throws {
        let server = try server()
        let client = try server.client()
        try client.send("POST /small HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        #expect(try client.readResponse().text == #"{"size":11}"#)
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try server()
        let client = try server.client()
        for index in 0..<3 {
            let response = try client.request("POST", "/small", body: Data(repeating: 1, count: index * 10))
            #expect(response.status == 200)
            #expect(response.text == "{\"size\":\(index * 10)}")
            #expect(response.headers["Connection"] == nil)
        }
        // Errors on a well-formed request keep the connection too.
        #expect(try client.request("GET", "/missing").status == 404)
        #expect(try client.request("POST", "/small", body: Data("x".utf8)).status == 200)
    }

    @Test func bigBodyIsStreamedToATemporaryFileThatIsRemovedAfterwards() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let seen = Seen()
        let server = try server(
            configure: {
                $0.memoryBodyThreshold = 1024
                $0.temporaryDirectory = directory
            }, seen: seen)
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let client = try server.client()
        let response = try client.request("POST", "/upload", body: body)
        let answer = try JSONDecoder().decode([String: Int].self, from: response.body)
        #expect(answer["size"] == body.count)
        #expect(answer["checksum"] == Self.checksum(body))
        #expect(answer["onDisk"] == 1)
        // The connection's next request starts only after the first one completed.
        #expect(try client.request("POST", "/upload", body: Data("small".utf8)).status == 200)
        let bodies = seen.bodies.withLock { $0 }
        guard case .file(let path, let size) = try #require(bodies.first) else {
            Issue.record("a big body should be in a file")
            return
        }
        #expect(size == body.count)
        #expect(path.hasPrefix(directory))
        #expect(!FileManager.default.fileExists(atPath: path))
        guard case .memory = bodies[1] else {
            Issue.record("a small body should stay in memory")
            return
        }
    }
}
