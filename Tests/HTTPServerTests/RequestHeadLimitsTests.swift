import Foundation
import Testing

@testable import HTTPServer

/// Request lines and headers beyond the configured limits are refused with 414 / 431 and a JSON
/// error before any handler runs; requests just inside them are served.
@Suite struct RequestHeadLimitsTests {
    private func server() throws -> TestServer {
        try TestServer { router in
            router.get("/echo/{rest...}") { request in .json(["headers": request.headers.count]) }
            router.get("/echo") { request in .json(["headers": request.headers.count]) }
        }
    }

    private let limits = ServerConfiguration()

    @Test func overlongTargetIs414() throws {
        let server = try server()
        let path = "/echo/" + String(repeating: "a", count: limits.maximumTargetLength)
        let response = try server.request("GET", path)
        #expect(response.status == 414)
        #expect(response.errorCode == "uri_too_long")
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
    }

    @Test func overlongQueryIs414() throws {
        let server = try server()
        let response = try server.request("GET", "/echo?q=" + String(repeating: "%41", count: limits.maximumTargetLength / 3))
        #expect(response.status == 414)
        #expect(response.errorCode == "uri_too_long")
    }

    @Test func targetAtTheLimitIsServed() throws {
        let server = try server()
        let path = "/echo/" + String(repeating: "a", count: limits.maximumTargetLength - "/echo/".count)
        #expect(try server.request("GET", path).status == 200)
    }

    @Test func tooManyHeadersIs431() throws {
        let server = try server()
        // Host and the 100 sent: one over.
        let headers = (1...limits.maximumHeaderCount).map { ("X-Filler-\($0)", "1") }
        let response = try server.request("GET", "/echo", headers: headers)
        #expect(response.status == 431)
        #expect(response.errorCode == "headers_too_large")
        #expect(response.errorMessage?.contains("\(limits.maximumHeaderCount + 1) header lines") == true)
    }

    @Test func headersUpToTheCountAreServed() throws {
        let server = try server()
        let headers = (1..<limits.maximumHeaderCount).map { ("X-Filler-\($0)", "1") }
        let response = try server.request("GET", "/echo", headers: headers)
        #expect(response.status == 200)
        #expect(response.text == #"{"headers":\#(limits.maximumHeaderCount)}"#)
    }

    @Test func oneOversizedHeaderIs431() throws {
        let server = try server()
        let response = try server.request(
            "GET", "/echo", headers: [("Cookie", "a=" + String(repeating: "x", count: limits.maximumHeaderBytes))])
        #expect(response.status == 431)
        #expect(response.errorCode == "headers_too_large")
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
    }

    @Test func headersAddingUpPastTheSizeAre431() throws {
        let server = try server()
        let value = String(repeating: "v", count: 1000)
        let count = limits.maximumHeaderBytes / 1000 + 1
        let response = try server.request("GET", "/echo", headers: (1...count).map { ("X-Big-\($0)", value) })
        #expect(response.status == 431)
        #expect(response.errorCode == "headers_too_large")
    }

    /// A line half again over the limit still gets the JSON answer (the daemon holds it).
    @Test func aHeaderLineWellPastTheLimitGetsTheJSONError() throws {
        let server = try server()
        let response = try server.request(
            "GET", "/echo", headers: [("Cookie", "a=" + String(repeating: "x", count: limits.maximumHeaderBytes * 3 / 2))])
        #expect(response.status == 431)
        #expect(response.errorCode == "headers_too_large")
    }

    /// Past what libmicrohttpd holds for a connection the daemon answers itself: still 431, never a crash.
    @Test func headersBeyondTheConnectionMemoryAreRefusedToo() throws {
        let server = try server()
        let response = try server.request(
            "GET", "/echo", headers: [("Cookie", "a=" + String(repeating: "x", count: Server.connectionMemory))])
        #expect(response.status == 431)
        #expect(try server.request("GET", "/echo").status == 200)
    }

    @Test func limitsAreConfigurable() throws {
        let server = try TestServer(configure: {
            $0.maximumTargetLength = 20
            $0.maximumHeaderCount = 3
        }) { router in
            router.get("/echo") { _ in .json(["ok": true]) }
        }
        #expect(try server.request("GET", "/echo?q=0123456789abc").status == 414)
        #expect(try server.request("GET", "/echo", headers: [("A", "1"), ("B", "2"), ("C", "3")]).status == 431)
        #expect(try server.request("GET", "/echo", headers: [("A", "1"), ("B", "2")]).status == 200)
    }
}
