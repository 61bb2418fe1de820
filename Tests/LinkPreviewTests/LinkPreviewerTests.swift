import Foundation
import LinkPreview
import TestSupport
import Testing

@testable import Outbound

@Suite struct LinkPreviewerTests {
    static func previewer(
        allowPrivate: Bool = true, exempt: [LoopbackHTTPServer] = [], timeout: Duration = .seconds(10),
        maximumBytes: Int = 5 << 20, clock: ManualClock = ManualClock()
    ) -> LinkPreviewer {
        var configuration = OutboundClient.Configuration()
        configuration.allowPrivateAddresses = allowPrivate
        configuration.exemptEndpoints = Set(exempt.map { "127.0.0.1:\($0.port)" })
        configuration.timeout = timeout
        configuration.maximumBytes = maximumBytes
        configuration.minimumIntervalPerHost = .zero
        return LinkPreviewer(client: OutboundClient(configuration: configuration), lifetime: .seconds(86_400), capacity: 16, clock: clock)
    }

    static func failure(_ previewer: LinkPreviewer, _ url: URL) async -> LinkPreviewError? {
        do {
            _ = try await previewer.preview(of: url)
            return nil
        } catch {
            return error
        }
    }

    static let product = """
        <!doctype html><html lang="ko-KR"><head><base href="/static/">
        <title>  Travel   bag | Shop </title>
        <link rel="canonical" href="https://shop.example/p/1"><link rel="icon" href="favicon.png">
        <meta property="og:site_name" content="Shop"><meta name="twitter:description" content="A bag that goes everywhere.">
        <meta property="product:price:amount" content="89,000"><meta property="product:price:currency" content="KRW">
        </head><body><img src="pixel.gif" width="1" height="1"><img src="bag large.jpg"></body></html>
        """

    @Test func readsAPageWithItsFallbacksAndRelativeURLs() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/p/1" ? .redirect(to: "/products/1") : .html(Self.product)
        }
        defer { server.stop() }
        let preview = try await Self.previewer().preview(of: server.url("/p/1"))
        #expect(preview.url == server.url("/p/1"))
        #expect(preview.canonicalURL.absoluteString == "https://shop.example/p/1")
        #expect(preview.title == "Travel bag | Shop")
        #expect(preview.description == "A bag that goes everywhere.")
        #expect(preview.image == server.url("/static/bag%20large.jpg"))
        #expect(preview.favicon == server.url("/static/favicon.png"))
        #expect(preview.siteName == "Shop")
        #expect(preview.language == "ko-KR")
        #expect(preview.price == PreviewPrice(amount: 89000, currency: "KRW"))
    }

    @Test func aPlayableVideosPosterComesFirstAndOrnamentsNever() async throws {
        let pages = [
            // A video to play stands for its page, over the share card.
            "/video": """
            <meta property="og:image" content="/card.jpg"><body><video autoplay muted loop poster="/background.jpg"></video>
            <video poster="/poster.jpg" src="/talk.mp4" controls></video></body>
            """,
            // Only a background video: the declared card.
            "/background": #"<meta property="og:image" content="/card.jpg"><video autoplay loop muted poster="/loop.jpg"></video>"#,
            // Nothing declared: the first image that is content, not an icon hidden from screen readers.
            "/images": """
            <body><img aria-hidden="true" src="/more.gif"><img role="presentation" src="/rule.png">
            <img src="/teaser.png" width="120" height="90" alt="Panoramas"></body>
            """
        ]
        let server = try LoopbackHTTPServer { request in .html(pages[request.path] ?? "") }
        defer { server.stop() }
        let previewer = Self.previewer()
        #expect(try await previewer.preview(of: server.url("/video")).image == server.url("/poster.jpg"))
        #expect(try await previewer.preview(of: server.url("/background")).image == server.url("/card.jpg"))
        #expect(try await previewer.preview(of: server.url("/images")).image == server.url("/teaser.png"))
    }

    @Test func aSecondAskWithinADayMakesNoRequest() async throws {
        let server = try LoopbackHTTPServer { _ in .html(Self.product) }
        defer { server.stop() }
        let clock = ManualClock()
        let previewer = Self.previewer(clock: clock)
        let first = try await previewer.preview(of: server.url("/a"))
        let second = try await previewer.preview(of: server.url("/a"))
        #expect(first == second)
        #expect(server.requests.count == 1)
        try await clock.sleep(until: clock.now.advanced(by: .seconds(86_401)), tolerance: nil)
        _ = try await previewer.preview(of: server.url("/a"))
        #expect(server.requests.count == 2)
    }

    @Test func anImageLinkIsAnImagePreview() async throws {
        let server = try LoopbackHTTPServer { _ in .answer(status: 200, headers: ["Content-Type": "image/jpeg"], body: [0xFF, 0xD8, 0xFF]) }
        defer { server.stop() }
        let preview = try await Self.previewer().preview(of: server.url("/photo.jpg"))
        #expect(preview.image == server.url("/photo.jpg"))
        #expect(preview.title == nil)
    }

    @Test func otherContentIsNotHTML() async throws {
        let server = try LoopbackHTTPServer { _ in
            .answer(status: 200, headers: ["Content-Type": "application/pdf"], body: Array("%PDF-1.7".utf8))
        }
        defer { server.stop() }
        #expect(await Self.failure(Self.previewer(), server.url("/doc.pdf")) == .notHTML(contentType: "application/pdf"))
    }

    @Test func anErrorStatusIsUnreachableWithTheStatus() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 404, body: "{}") }
        defer { server.stop() }
        #expect(await Self.failure(Self.previewer(), server.url("/gone")) == .unreachable("the page answered HTTP 404"))
    }

    @Test func aSlowPageTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .stall }
        defer { server.stop() }
        let error = await Self.failure(Self.previewer(timeout: .milliseconds(300)), server.url("/slow"))
        #expect(error == .unreachable(OutboundError.timedOut(seconds: 0.3).description))
    }

    @Test func aHugePageIsRefused() async throws {
        let server = try LoopbackHTTPServer { _ in
            .unsized(headers: ["Content-Type": "text/html"], body: [UInt8](repeating: 32, count: 200_000))
        }
        defer { server.stop() }
        let error = await Self.failure(Self.previewer(maximumBytes: 100_000), server.url("/huge"))
        #expect(error == .unreachable(OutboundError.tooLarge(limitBytes: 100_000).description))
    }

    @Test(arguments: ["127.0.0.1", "localhost", "2130706433", "[::ffff:127.0.0.1]"])
    func aPrivateAddressIsForbiddenAndNeverContacted(_ host: String) async throws {
        let server = try LoopbackHTTPServer { _ in .html(Self.product) }
        defer { server.stop() }
        let url = try #require(URL(string: "http://\(host):\(server.port)/"))
        guard case .forbiddenAddress = await Self.failure(Self.previewer(allowPrivate: false), url) else {
            Issue.record("\(host) was not refused")
            return
        }
        #expect(server.connectionCount == 0)
    }

    @Test func aRedirectToAPrivateAddressIsForbidden() async throws {
        let inside = try LoopbackHTTPServer { _ in .html(Self.product) }
        defer { inside.stop() }
        let outside = try LoopbackHTTPServer { _ in .redirect(to: "http://localhost:\(inside.port)/") }
        defer { outside.stop() }
        guard case .forbiddenAddress = await Self.failure(Self.previewer(allowPrivate: false, exempt: [outside]), outside.url("/")) else {
            Issue.record("the redirect was followed")
            return
        }
        #expect(inside.connectionCount == 0)
    }

    @Test(arguments: ["ftp://example.org/", "file:///etc/passwd", "javascript:alert(1)", "example.org"])
    func onlyHTTPLinks(_ text: String) async throws {
        let url = try #require(URL(string: text))
        #expect(await Self.failure(Self.previewer(), url) == .invalidURL(url.absoluteString))
    }
}

extension LinkPreviewerTests {
    @Test func aRefetchAsksThePageAgainAndRefreshesTheCache() async throws {
        let server = try LoopbackHTTPServer { _ in .html(Self.product) }
        defer { server.stop() }
        let previewer = Self.previewer()
        _ = try await previewer.preview(of: server.url("/a"))
        _ = try await previewer.preview(of: server.url("/a"), refetch: true)
        _ = try await previewer.preview(of: server.url("/a"))
        #expect(server.requests.count == 2)
    }
}
