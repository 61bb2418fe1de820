import Foundation
import Synchronization
import Testing
import WishlistClient

@testable import WishlistServer

/// The headers that keep pages from running what people typed (X1), the violation reports the
/// pages send, and `--public-url`.
@Suite struct PageSecurityTests {
    @Test func pagesGetAStrictPolicyWithoutInlineScriptsOrStyles() async throws {
        let server = try TestServer()
        for path in ["/", "/index.html"] {
            let page = try await server.client().send("GET", path)
            let policy = try #require(page.headers["content-security-policy"])
            let directives = Dictionary(
                uniqueKeysWithValues: policy.split(separator: ";").map { directive in
                    let words = directive.split(separator: " ").map(String.init)
                    return (words[0], Array(words.dropFirst()))
                })
            #expect(directives["default-src"] == ["'self'"])
            #expect(directives["script-src"] == nil, "scripts fall back to default-src 'self'")
            // Beside our files, only the exact text of the inline stylesheets the server hashed (the shared list's).
            #expect(directives["style-src"]?.first == "'self'")
            #expect(directives["style-src"]?.dropFirst().map { $0.hasPrefix("'sha256-") } == [true])
            #expect(directives["object-src"] == ["'none'"])
            #expect(directives["frame-ancestors"] == ["'none'"])
            #expect(directives["report-uri"] == ["/api/v1/csp-reports"])
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(page.headers["cross-origin-opener-policy"] == "same-origin")
            #expect(page.headers["referrer-policy"] == "same-origin")
            #expect(page.headers["x-content-type-options"] == "nosniff")
            #expect(page.headers["strict-transport-security"] == nil, "plain http keeps working without --public-url")
        }
        // Refusals too: a 401 and a 404 are answers like any other.
        for path in ["/api/v1/me", "/api/v1/nothing-here"] {
            let api = try await server.client().send("GET", path)
            #expect(api.status >= 400)
            #expect(api.headers["x-content-type-options"] == "nosniff", "\(path)")
            #expect(api.headers["content-security-policy"] == nil)
        }
    }

    @Test func theShareTargetsOwnPageHasNoInlineStyle() async throws {
        let server = try TestServer()
        let page = try await server.client().send(
            "POST", "/share", body: Data("--b--\r\n".utf8), contentType: "multipart/form-data; boundary=b")
        #expect(page.status == 400)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["content-security-policy"] != nil)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(!html.contains("style=") && !html.contains("<style"))
        // Styled by the app's own stylesheet instead (tokens and all, joined), which loads.
        let stylesheets = html.matches(of: /href="(\/static\/[0-9a-f]{12}\/css\/[a-z]+\.css)"/).map { String($0.output.1) }
        #expect(stylesheets.count == 1)
        for stylesheet in stylesheets {
            #expect(try await server.client().send("GET", stylesheet).status == 200, "\(stylesheet)")
        }
    }

    static func report(_ directive: String, blocked: String = "inline") -> Data {
        Data(
            #"{"csp-report":{"document-uri":"http://127.0.0.1/#/wishes","effective-directive":"\#(directive)","violated-directive":"\#(directive)","blocked-uri":"\#(blocked)","original-policy":"default-src 'self'"}}"#
                .utf8)
    }

    @Test func violationReportsAreCountedByDirectiveWithoutSigningIn() async throws {
        let server = try TestServer()
        let anyone = server.client()
        for directive in ["script-src-elem", "script-src-attr", "style-src-attr"] {
            let answer = try await anyone.send(
                "POST", "/api/v1/csp-reports", body: Self.report(directive), contentType: "application/csp-report")
            #expect(answer.status == 204)
        }
        let counter = server.application.cspViolations
        #expect(counter.count(of: "script-src") == 2)
        #expect(counter.count(of: "style-src") == 1)
        #expect(counter.counts["script-src-attr"] == 1)
    }

    @Test func badReportsAre4xxAndCountNothing() async throws {
        let server = try TestServer()
        let anyone = server.client()
        let cases: [(Data, String, Int)] = [
            (Self.report("script-src-elem"), "text/plain", 415),
            (Data("not json".utf8), "application/csp-report", 400),
            (Data(#"{"csp-report":{"blocked-uri":"inline"}}"#.utf8), "application/csp-report", 400),
            (Data(#"{"something":"else"}"#.utf8), "application/json", 400),
            (Data(count: CSPReportsController.bodyLimit + 1), "application/csp-report", 413)
        ]
        for (body, type, status) in cases {
            let answer = try await anyone.send("POST", "/api/v1/csp-reports", body: body, contentType: type)
            #expect(answer.status == status, "\(type) \(body.prefix(40)) → \(answer.status)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains(#""code""#))
        }
        #expect(server.application.cspViolations.counts.isEmpty)
    }

    @Test func oddDirectiveNamesCannotGrowTheTable() {
        let counter = CSPViolationCounter(logger: nil, clock: { Date() })
        for index in 0..<500 { counter.record(directive: "made-up-\(index)x\u{7}", blocked: "", document: "") }
        counter.record(directive: String(repeating: "a", count: 500), blocked: "", document: "")
        #expect(counter.counts == ["other": 501])
    }

    @Test func reportsAreLoggedAtMostTenTimesAMinute() {
        let lines = LogLines()
        let clock = TestClock()
        let counter = CSPViolationCounter(logger: { lines.append($0) }, clock: { clock.now })
        for _ in 0..<50 { counter.record(directive: "script-src-elem", blocked: "inline\nforged line", document: "x") }
        #expect(lines.all.count == CSPViolationCounter.logLinesPerMinute)
        #expect(lines.all.allSatisfy { !$0.contains("\n") })
        clock.advance(by: 60)
        counter.record(directive: "script-src-elem", blocked: "inline", document: "x")
        #expect(lines.all.count == CSPViolationCounter.logLinesPerMinute + 1)
        #expect(counter.counts["script-src-elem"] == 51)
    }

    // MARK: --public-url

    @Test func publicURLsAreValidated() throws {
        #expect(try PublicURL("https://Wishes.Example.org").origin == "https://wishes.example.org")
        #expect(try PublicURL("https://wishes.example.org/").origin == "https://wishes.example.org")
        #expect(try PublicURL("http://192.168.1.5:8080").origin == "http://192.168.1.5:8080")
        #expect(try PublicURL("https://wishes.example.org").isHTTPS)
        #expect(try !PublicURL("http://localhost:8080").isHTTPS)
        for bad in [
            "wishes.example.org", "ftp://wishes.example.org", "https://", "https://wishes.example.org/app",
            "https://wishes.example.org/?x=1", "https://wishes.example.org/#top", "https://me:pw@wishes.example.org",
            "javascript:alert(1)", ""
        ] {
            #expect(throws: PublicURLError.self, "\(bad)") { try PublicURL(bad) }
        }
    }

    @Test func behindHTTPSCookiesAreSecureAndHSTSIsSent() async throws {
        let server = try TestServer { $0.publicURL = try? PublicURL("https://wishes.example.org") }
        let client = server.client()
        let setUp = try await client.send(
            "POST", "/api/v1/setup", body: Data(#"{"username":"alice","password":"correct horse battery"}"#.utf8))
        #expect(setUp.status == 201)
        let cookie = try #require(setUp.headers["set-cookie"])
        #expect(cookie.hasSuffix("; Secure"))
        #expect(setUp.headers["strict-transport-security"] == "max-age=31536000")
        let page = try await client.send("GET", "/")
        #expect(page.headers["strict-transport-security"] == "max-age=31536000")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains(#"<meta name="wishlist-public-url" content="https://wishes.example.org">"#))
    }

    @Test func withoutAPublicURLThePageUsesItsOwnOrigin() async throws {
        let server = try TestServer()
        let setUp = try await server.client().send(
            "POST", "/api/v1/setup", body: Data(#"{"username":"alice","password":"correct horse battery"}"#.utf8))
        #expect(setUp.headers["set-cookie"]?.contains("Secure") == false)
        let html = String(decoding: try await server.client().send("GET", "/").body, as: UTF8.self)
        #expect(html.contains(#"<meta name="wishlist-public-url" content="">"#))
        #expect(!html.contains("__PUBLIC_URL__"))
    }

    @Test func aPlainHTTPPublicURLSendsNoHSTS() async throws {
        let server = try TestServer { $0.publicURL = try? PublicURL("http://wishes.lan:8080") }
        let page = try await server.client().send("GET", "/")
        #expect(page.headers["strict-transport-security"] == nil)
        #expect(String(decoding: page.body, as: UTF8.self).contains(#"content="http://wishes.lan:8080""#))
    }
}

/// Log lines kept for a test to read.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
