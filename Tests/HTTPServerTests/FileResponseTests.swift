import Foundation
import Testing

@testable import HTTPServer

@Suite struct FileResponseTests {
    private let content = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })

    private func server() throws -> (TestServer, cleanup: () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-\(UUID().uuidString).bin").path
        _ = FileManager.default.createFile(atPath: path, contents: content)
        let server = try TestServer { router in
            router.get("/file") { request in
                .file(path: path, contentType: "application/octet-stream", request: request, cacheControl: "private, max-age=60")
            }
            router.get("/tagged") { request in .file(path: path, contentType: "image/jpeg", request: request, etag: "v7") }
            router.get("/missing") { request in .file(path: path + ".gone", contentType: "text/plain", request: request) }
        }
        return (server, { try? FileManager.default.removeItem(atPath: path) })
    }

    @Test func wholeFileWithStrongETagAndConditionalGet() throws {
        let (server, cleanup) = try server()
        defer { cleanup() }
        let full = try server.request("GET", "/file")
        #expect(full.status == 200)
        #expect(full.body == content)
        #expect(full.headers["Cache-Control"] == "private, max-age=60")
        #expect(full.headers["Accept-Ranges"] == "bytes")
        let etag = try #require(full.headers["ETag"])
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))

        let notModified = try server.request("GET", "/file", headers: [("If-None-Match", "\"other\", \(etag)")])
        #expect(notModified.status == 304)
        #expect(notModified.headers["ETag"] == etag)
        #expect(try server.request("GET", "/file", headers: [("If-None-Match", "\"other\"")]).status == 200)

        let head = try server.request("HEAD", "/file")
        #expect(head.headers["Content-Length"] == "1000")
        #expect(try server.request("GET", "/tagged").headers["ETag"] == "\"v7\"")
    }

    @Test(arguments: [
        ("bytes=2-5", 2, 5), ("bytes=990-", 990, 999), ("bytes=-3", 997, 999), ("bytes=995-5000", 995, 999), ("bytes=0-0", 0, 0)
    ])
    func rangesAreServedAs206(header: String, first: Int, last: Int) throws {
        let (server, cleanup) = try server()
        defer { cleanup() }
        let response = try server.request("GET", "/file", headers: [("Range", header)])
        #expect(response.status == 206)
        #expect(response.body == content[first...last])
        #expect(response.headers["Content-Range"] == "bytes \(first)-\(last)/1000")
    }

    @Test(arguments: ["bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=99999999999999999999999-"])
    func unsatisfiableRangesAre416(header: String) throws {
        let (server, cleanup) = try server()
        defer { cleanup() }
        let response = try server.request("GET", "/file", headers: [("Range", header)])
        #expect(response.status == 416)
        #expect(response.headers["Content-Range"] == "bytes */1000")
        #expect(response.errorCode == "range_not_satisfiable", "a JSON error like every refusal")
    }

    @Test(arguments: ["bytes=5-2", "items=0-1", "bytes=a-b", "bytes=0-1,4-5", "bytes=", "bytes=-"])
    func unreadableRangesAreIgnored(header: String) throws {
        let (server, cleanup) = try server()
        defer { cleanup() }
        let response = try server.request("GET", "/file", headers: [("Range", header)])
        #expect(response.status == 200)
        #expect(response.body == content)
    }

    @Test func staleIfRangeGetsTheWholeFile() throws {
        let (server, cleanup) = try server()
        defer { cleanup() }
        let response = try server.request("GET", "/file", headers: [("Range", "bytes=0-1"), ("If-Range", "\"old\"")])
        #expect(response.status == 200)
    }

    @Test func missingFileIs404() throws {
        let (server, cleanup) = try server()
        defer { cleanup() }
        let response = try server.request("GET", "/missing")
        #expect(response.status == 404)
        #expect(response.errorCode == "not_found")
    }
}
