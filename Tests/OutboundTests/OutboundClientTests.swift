import Foundation
import TestSupport
import Testing

@testable import Outbound

@Suite struct OutboundClientTests {
    static func client(
        allowPrivate: Bool = false, exempt: [LoopbackHTTPServer] = [], timeout: Duration = .seconds(10), maximumBytes: Int = 5 << 20
    ) -> OutboundClient {
        var configuration = OutboundClient.Configuration()
        configuration.allowPrivateAddresses = allowPrivate
        configuration.exemptEndpoints = Set(exempt.map { "127.0.0.1:\($0.port)" })
        configuration.timeout = timeout
        configuration.maximumBytes = maximumBytes
        return OutboundClient(configuration: configuration)
    }

    /// The error a GET ended with; nil when it succeeded.
    static func failure(
        of client: OutboundClient, _ url: URL, cancellation: OutboundCancellation? = nil
    ) async -> OutboundError? {
        do {
            _ = try await client.get(url, accept: "*/*", cancellation: cancellation)
            return nil
        } catch {
            return error
        }
    }

    @Test func fetchesAPageAndFollowsRedirects() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .redirect(to: "/new?x=1") : .html("<p>hello</p>", contentType: "text/html; charset=EUC-KR")
        }
        defer { server.stop() }
        let response = try await Self.client(allowPrivate: true).get(server.url("/old"), accept: "text/html")
        #expect(response.status == 200)
        #expect(response.url == server.url("/new?x=1"))
        #expect(response.mediaType == "text/html")
        #expect(response.charset == "EUC-KR")
        #expect(String(decoding: response.body, as: UTF8.self) == "<p>hello</p>")
        #expect(server.requests.last?.headers["accept"] == "text/html")
        #expect(server.requests.last?.headers["user-agent"]?.hasPrefix("Wishlist/") == true)
    }

    @Test func anHTTPErrorIsAnAnswer() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 404, body: "{}") }
        defer { server.stop() }
        #expect(try await Self.client(allowPrivate: true).get(server.url("/"), accept: "*/*").status == 404)
    }

    /// Each of these reaches the test server on 127.0.0.1 (or ::1) when the rules are lifted.
    @Test(arguments: ["127.0.0.1", "2130706433", "0x7f.1", "0x7f000001", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]", "localhost", "[::1]"])
    func refusesLoopbackHoweverItIsSpelled(_ host: String) async throws {
        let server = try LoopbackHTTPServer { _ in .html("secret") }
        defer { server.stop() }
        let url = try #require(URL(string: "http://\(host):\(server.port)/admin"))
        let error = await Self.failure(of: Self.client(), url)
        guard case .forbiddenAddress = error else {
            Issue.record("\(host): \(String(describing: error))")
            return
        }
        #expect(server.connectionCount == 0)
    }

    @Test func refusesARedirectFromAnAllowedHostToAForbiddenOne() async throws {
        let inside = try LoopbackHTTPServer { _ in .html("metadata") }
        defer { inside.stop() }
        let outside = try LoopbackHTTPServer { _ in .redirect(to: "http://127.0.0.1:\(inside.port)/latest/meta-data") }
        defer { outside.stop() }
        let error = await Self.failure(of: Self.client(exempt: [outside]), outside.url("/"))
        #expect(error == .forbiddenAddress(host: "127.0.0.1", reason: "loopback address"))
        #expect(outside.connectionCount == 1)
        #expect(inside.connectionCount == 0)
    }

    @Test func theRulesCanBeLifted() async throws {
        let server = try LoopbackHTTPServer { _ in .html("home lab") }
        defer { server.stop() }
        let url = try #require(URL(string: "http://localhost:\(server.port)/"))
        #expect(try await Self.client(allowPrivate: true).get(url, accept: "*/*").status == 200)
    }

    @Test(arguments: ["ftp://127.0.0.1/file", "file:///etc/passwd", "gopher://example.org/", "/relative/path", "dict://example.org:11211/"])
    func refusesOtherSchemes(_ text: String) async throws {
        let url = try #require(URL(string: text))
        await #expect(throws: OutboundError.unsupportedURL(url.absoluteString)) {
            try await Self.client(allowPrivate: true).get(url, accept: "*/*")
        }
    }

    @Test func refusesARedirectToAnotherScheme() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: "file:///etc/passwd") }
        defer { server.stop() }
        await #expect(throws: OutboundError.unsupportedURL(server.url("/").absoluteString)) {
            try await Self.client(allowPrivate: true).get(server.url("/"), accept: "*/*")
        }
    }

    @Test func stopsAfterFiveRedirects() async throws {
        let server = try LoopbackHTTPServer { request in
            .redirect(to: "/\((Int(request.path.dropFirst()) ?? 0) + 1)")
        }
        defer { server.stop() }
        await #expect(throws: OutboundError.tooManyRedirects) {
            try await Self.client(allowPrivate: true).get(server.url("/0"), accept: "*/*")
        }
        #expect(server.requests.count == 6)
    }

    @Test func refusesAnAnnouncedLargeBody() async throws {
        let server = try LoopbackHTTPServer { _ in .answer(status: 200, headers: [:], body: [UInt8](repeating: 65, count: 6 << 20)) }
        defer { server.stop() }
        await #expect(throws: OutboundError.tooLarge(limitBytes: 5 << 20)) {
            try await Self.client(allowPrivate: true).get(server.url("/"), accept: "*/*")
        }
    }

    @Test func stopsReadingABodyThatGrowsTooLarge() async throws {
        let server = try LoopbackHTTPServer { _ in .unsized(headers: [:], body: [UInt8](repeating: 65, count: 300_000)) }
        defer { server.stop() }
        await #expect(throws: OutboundError.tooLarge(limitBytes: 100_000)) {
            try await Self.client(allowPrivate: true, maximumBytes: 100_000).get(server.url("/"), accept: "*/*")
        }
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .stall }
        defer { server.stop() }
        let error = await Self.failure(of: Self.client(allowPrivate: true, timeout: .milliseconds(500)), server.url("/"))
        #expect(error == .timedOut(seconds: 0.5))
        // libcurl's own timer closed the connection, timed where no busy task pool can delay it.
        let stalled = try #require(server.firstStallDuration())
        #expect(stalled < .seconds(3))
    }

    @Test func aCancelledRequestGivesUpWithinASecondOrSo() async throws {
        let cancellation = OutboundCancellation()
        // The page is asked for, then cancelled while the server says nothing.
        let server = try LoopbackHTTPServer { _ in
            cancellation.cancel()
            return .stall
        }
        defer { server.stop() }
        let error = await Self.failure(
            of: Self.client(allowPrivate: true, timeout: .seconds(30)), server.url("/"), cancellation: cancellation)
        #expect(error == .cancelled)
        // libcurl asks about once a second while nothing comes; timed on the server's thread.
        let stalled = try #require(server.firstStallDuration())
        #expect(stalled < .seconds(5), "the 30 s timeout, not the cancellation, ended the request")
    }

    @Test func aRequestCancelledBeforeItStartsConnectsNowhere() async throws {
        let server = try LoopbackHTTPServer { _ in .html("<title>never</title>") }
        defer { server.stop() }
        let cancellation = OutboundCancellation()
        cancellation.cancel()
        #expect(await Self.failure(of: Self.client(allowPrivate: true), server.url("/"), cancellation: cancellation) == .cancelled)
        #expect(server.connectionCount == 0)
        // Without the cancelled one, the same client fetches the page.
        #expect(await Self.failure(of: Self.client(allowPrivate: true), server.url("/")) == nil)
    }

    /// What a request cancelled while it waits for its host's turn meets: the transfer starts
    /// already cancelled, and libcurl's first progress call ends it.
    @Test func aTransferThatStartsCancelledEndsAtOnce() throws {
        let server = try LoopbackHTTPServer { _ in .stall }
        defer { server.stop() }
        let cancellation = OutboundCancellation()
        cancellation.cancel()
        let limits = CurlTransfer.Limits(
            timeout: .seconds(30), maximumBytes: 1 << 20, maximumRedirects: 5, allowPrivateAddresses: true,
            exemptEndpoints: [], userAgent: "test")
        #expect(throws: OutboundError.cancelled) {
            try CurlTransfer.get(server.url("/"), headers: [], limits: limits, cancellation: cancellation)
        }
        #expect(server.connectionCount == 0)
    }

    @Test func aClosedPortFailsToConnect() async throws {
        let server = try LoopbackHTTPServer { _ in .html("") }
        server.stop()
        await #expect(throws: OutboundError.self) {
            try await Self.client(allowPrivate: true).get(server.url("/"), accept: "*/*")
        }
    }
}
