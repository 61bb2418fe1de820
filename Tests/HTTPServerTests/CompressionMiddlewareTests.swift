import Foundation
import Synchronization
import Testing
import Zlib

@testable import HTTPServer

@Suite struct CompressionMiddlewareTests {
    /// About 6 KB of HTML.
    static let html = String(repeating: "<li class=\"card\">A gift idea, something lovely</li>\n", count: 120)

    /// A handler's answer: `body` as `type`, with an ETag unless nil.
    static func answer(
        _ body: String, type: String = "text/html; charset=utf-8", etag: String? = "\"v1\"",
        compression: ResponseCompression = .eachTime
    ) -> Response {
        var response = Response(body: .data(Data(body.utf8)))
        response.headers["Content-Type"] = type
        response.headers["ETag"] = etag
        response.compression = compression
        return response
    }

    private func server(file: String? = nil, _ routes: (inout Router) -> Void = { _ in }) throws -> TestServer {
        try TestServer(middleware: [CompressionMiddleware()]) { router in
            router.get("/page") { _ in Self.answer(Self.html) }
            router.post("/page") { _ in Self.answer(Self.html) }
            router.get("/plain") { _ in Self.answer(Self.html, compression: .never) }
            router.get("/small") { _ in Self.answer(String(Self.html.prefix(600))) }
            router.get("/photo") { _ in Self.answer(Self.html, type: "image/jpeg") }
            router.get("/weak") { _ in Self.answer(Self.html, etag: "W/\"v1\"") }
            router.get("/cookie") { _ in
                var response = Self.answer(Self.html)
                response.headers["Set-Cookie"] = "session=secret; HttpOnly"
                return response
            }
            router.get("/varied") { _ in
                var response = Self.answer(Self.html)
                response.headers["Vary"] = "Cookie"
                return response
            }
            if let file {
                router.get("/file") { request in
                    var response = Response.file(path: file, contentType: "text/javascript; charset=utf-8", request: request)
                    response.compression = .once(key: "file")
                    return response
                }
            }
            routes(&router)
        }
    }

    private func gzip(_ headers: [(String, String)] = []) -> [(String, String)] {
        [("Accept-Encoding", "gzip, deflate, br")] + headers
    }

    @Test func compressesAnAllowedTextAnswerForAClientThatAcceptsGzip() throws {
        let server = try server()
        let response = try server.request("GET", "/page", headers: gzip())
        #expect(response.status == 200)
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.headers["ETag"] == "\"v1-gzip\"")
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.body.count < Self.html.utf8.count / 5)
        #expect(response.headers["Content-Length"] == String(response.body.count))
        #expect(try Gunzip.decompressIfNeeded(response.body, limit: 1 << 20) == Data(Self.html.utf8))
    }

    @Test func readsAcceptEncodingAsRFC9110Says() throws {
        let server = try server()
        let cases: [(String?, Bool)] = [
            (nil, false), ("identity", false), ("gzip;q=0", false), ("br, gzip; q=0", false), ("deflate, br", false),
            ("gzip", true), ("GZIP;q=0.5", true), ("x-gzip", true), ("*", true), ("*;q=0", false),
            ("gzip;q=0, *", false), ("identity;q=1, gzip;q=0.001", true), ("gzip;q=abc", false)
        ]
        for (header, compressed) in cases {
            let response = try server.request("GET", "/page", headers: header.map { [("Accept-Encoding", $0)] } ?? [])
            #expect((response.headers["Content-Encoding"] == "gzip") == compressed, "Accept-Encoding: \(header ?? "none")")
            // Whatever was sent, a cache must know that the answer depends on the header.
            #expect(response.headers["Vary"] == "Accept-Encoding")
            if !compressed {
                #expect(response.text == Self.html)
                #expect(response.headers["ETag"] == "\"v1\"")
            }
        }
    }

    @Test func leavesAloneWhatMustNotOrNeedNotBeCompressed() throws {
        let server = try server()
        for path in ["/plain", "/small", "/photo", "/cookie"] {
            let response = try server.request("GET", path, headers: gzip())
            #expect(response.status == 200)
            #expect(response.headers["Content-Encoding"] == nil, "\(path)")
            #expect(response.headers["ETag"] == "\"v1\"", "\(path)")
        }
        // A handler that did not allow it gets no Vary either: its answer never varies.
        #expect(try server.request("GET", "/plain", headers: gzip()).headers["Vary"] == nil)
        #expect(try server.request("GET", "/small", headers: gzip()).headers["Vary"] == "Accept-Encoding")
        // Only a read's answer: a write's may echo what was sent beside what it changed.
        let written = try server.request("POST", "/page", headers: gzip())
        #expect(written.status == 200)
        #expect(written.headers["Content-Encoding"] == nil)
    }

    @Test func addsToAVaryThatIsThereAndKeepsAWeakETagWeak() throws {
        let server = try server()
        let varied = try server.request("GET", "/varied", headers: gzip())
        #expect(varied.headers["Vary"] == "Cookie, Accept-Encoding")
        #expect(varied.headers["Content-Encoding"] == "gzip")
        #expect(try server.request("GET", "/weak", headers: gzip()).headers["ETag"] == "W/\"v1-gzip\"")
    }

    @Test func answersIfNoneMatchOfTheCompressedVariantWith304() throws {
        let server = try server()
        let notModified = try server.request("GET", "/page", headers: gzip([("If-None-Match", "\"v1-gzip\"")]))
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.headers["ETag"] == "\"v1-gzip\"")
        #expect(notModified.headers["Vary"] == "Accept-Encoding")
        #expect(notModified.headers["Content-Encoding"] == nil)
        // The compressed variant's tag does not stand for the plain bytes, nor the plain tag for it.
        let plain = try server.request("GET", "/page", headers: [("If-None-Match", "\"v1-gzip\"")])
        #expect(plain.status == 200)
        #expect(plain.text == Self.html)
        let other = try server.request("GET", "/page", headers: gzip([("If-None-Match", "\"v1\"")]))
        #expect(other.status == 200)
        #expect(other.headers["Content-Encoding"] == "gzip")
    }

    @Test func sendsARangeOfTheFileAsItIsAndTheWholeFileCompressed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString).js").path
        let script = Data(String(repeating: "export const gift = \"something lovely\";\n", count: 100).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: script)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let server = try server(file: path)

        let range = try server.request("GET", "/file", headers: gzip([("Range", "bytes=0-9")]))
        #expect(range.status == 206)
        #expect(range.headers["Content-Encoding"] == nil)
        #expect(range.body == script.prefix(10))

        let whole = try server.request("GET", "/file", headers: gzip())
        #expect(whole.headers["Content-Encoding"] == "gzip")
        #expect(whole.headers["Accept-Ranges"] == nil)
        #expect(try Gunzip.decompressIfNeeded(whole.body, limit: 1 << 20) == script)
        let etag = try #require(whole.headers["ETag"])
        #expect(etag.hasSuffix("-gzip\""))
        #expect(try server.request("GET", "/file", headers: gzip([("If-None-Match", etag)])).status == 304)
    }

    @Test func compressesAOnceAnswerOncePerETag() throws {
        // The handler's bytes change at every call while its ETag says they did not: the copy kept
        // at the first request is what every later one gets, until the ETag changes.
        let calls = Mutex(0)
        let etag = Mutex("\"v1\"")
        let server = try server { router in
            router.get("/kept") { _ in
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                return Self.answer(Self.html + "call \(call)", etag: etag.withLock { $0 }, compression: .once(key: "kept"))
            }
        }
        let first = try server.request("GET", "/kept", headers: gzip())
        let second = try server.request("GET", "/kept", headers: gzip())
        #expect(try Gunzip.decompressIfNeeded(first.body, limit: 1 << 20) == Data((Self.html + "call 1").utf8))
        #expect(second.body == first.body)
        etag.withLock { $0 = "\"v2\"" }
        let changed = try server.request("GET", "/kept", headers: gzip())
        #expect(changed.headers["ETag"] == "\"v2-gzip\"")
        #expect(try Gunzip.decompressIfNeeded(changed.body, limit: 1 << 20) == Data((Self.html + "call 3").utf8))
    }

    @Test func readsContentTypesAndETags() {
        for type in ["text/css", "application/json", "application/manifest+json", "image/svg+xml", "text/javascript; charset=utf-8"] {
            #expect(CompressionMiddleware.isCompressible(type), "\(type)")
        }
        for type in ["image/jpeg", "image/webp", "font/woff2", "application/zip", "application/octet-stream"] {
            #expect(!CompressionMiddleware.isCompressible(type), "\(type)")
        }
        #expect(!CompressionMiddleware.isCompressible(nil))
        #expect(CompressionMiddleware.compressedETag("\"abc\"") == "\"abc-gzip\"")
    }
}
