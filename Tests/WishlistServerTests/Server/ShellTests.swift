import Foundation
import Testing
import WishlistClient
@testable import WishlistServer

/// Health, the OpenAPI document and the web app's files.
@Suite struct ShellTests {
    @Test func healthz() async throws {
        let server = try TestServer()
        #expect(try await server.client().isHealthy())
    }

    @Test func indexFillsInTheVersionedAssetBaseAndIsNotCached() async throws {
        let server = try TestServer()
        let index = try await server.client().send("GET", "/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(index.headers["cache-control"] == "no-cache")
        let html = String(decoding: index.body, as: UTF8.self)
        #expect(!html.contains("__ASSET_BASE__"))
        let base = try #require(html.firstRange(of: /\/static\/[0-9a-f]{12}/)).lowerBound
        let prefix = String(html[base...].prefix(20))

        let etag = try #require(index.headers["etag"])
        let revalidated = try await server.client().send("GET", "/", headers: ["If-None-Match": etag])
        #expect(revalidated.status == 304)

        let manifest = try await server.client().send("GET", "/manifest.webmanifest")
        #expect(manifest.status == 200)
        let manifestJSON = try JSONSerialization.jsonObject(with: manifest.body) as? [String: Any]
        #expect(manifestJSON?["name"] as? String == "Wishlist")

        let script = try await server.client().send("GET", prefix + "/js/shell/main.js")
        #expect(script.status == 200)
        #expect(script.headers["cache-control"]?.contains("immutable") == true)
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
    }

    /// A browser keeps the headers of its copy on a 304, the policy among them: a server started again with
    /// another public url or Giphy origin must send its pages whole, the same one "not modified".
    @Test func aPagesETagChangesWithWhatFillsItAndWithItsPolicy() async throws {
        func indexETag(_ configure: (inout ServerSettings) -> Void) async throws -> String {
            let server = try TestServer(configure: configure)
            return try #require(try await server.client().send("GET", "/").headers["etag"])
        }
        let plain = try await indexETag { _ in }
        #expect(try await indexETag { _ in } == plain)
        let elsewhere = try await indexETag { $0.publicURL = try? PublicURL("https://wishes.example.org") }
        let giphyStandIn: (inout ServerSettings) -> Void = {
            $0.giphyKey = "key"
            $0.giphyURL = URL(string: "http://127.0.0.1:9")!
        }
        let otherStandIn: (inout ServerSettings) -> Void = {
            $0.giphyKey = "key"
            $0.giphyURL = URL(string: "http://127.0.0.1:10")!
        }
        let withStandIn = try await indexETag(giphyStandIn)
        #expect(Set([plain, elsewhere, withStandIn, try await indexETag(otherStandIn)]).count == 4)
        #expect(try await indexETag(giphyStandIn) == withStandIn)
    }

    @Test func serviceWorkerStartsThisVersionWithTheWholeShell() async throws {
        let server = try TestServer()
        let index = String(decoding: try await server.client().send("GET", "/").body, as: UTF8.self)
        let base = String(index[try #require(index.firstRange(of: /\/static\/[0-9a-f]{12}/))])
        let answer = try await server.client().send("GET", "/sw.js")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(answer.headers["cache-control"] == "no-cache")
        let script = String(decoding: answer.body, as: UTF8.self)
        #expect(script.contains("import { startServiceWorker } from \"\(base)/js/offline/service-worker.js\""))
        for path in [
            "\"/\"", "\"/manifest.webmanifest\"", "\"\(base)/css/app.css\"", "\"\(base)/js/shell/main.js\"",
            "\"\(base)/i18n/ko.json\"", "\"\(base)/icons/icon-192.png\"", "\"\(base)/js/offline/service-worker.js\""
        ] {
            #expect(script.contains(path), "\(path) is not in the shell")
        }
        // The CSS sources are served joined, never one by one.
        #expect(!script.contains("tokens.css"))
        let module = try await server.client().send("GET", base + "/js/offline/service-worker.js")
        #expect(module.status == 200)
    }

    @Test func staticFilesCannotEscapeTheWebFolder() async throws {
        let server = try TestServer()
        for path in ["/static/x/../../Package.swift", "/static/x/%2e%2e/%2e%2e/openapi.json", "/static/x/", "/static/x/nope.js"] {
            let answer = try await server.client().send("GET", path)
            #expect(answer.status == 404 || answer.status == 400, "\(path) → \(answer.status)")
        }
    }

    @Test func securityHeadersAreSet() async throws {
        let server = try TestServer()
        let index = try await server.client().send("GET", "/")
        #expect(index.headers["x-content-type-options"] == "nosniff")
        #expect(index.headers["content-security-policy"]?.contains("default-src 'self'") == true)
    }

    @Test func unknownRoutesAndMethodsAreJSONErrors() async throws {
        let server = try TestServer()
        let missing = try await server.client().send("GET", "/api/v1/nothing-here")
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("\"code\""))
        let wrongMethod = try await server.client().send("PUT", "/api/v1/me", body: Data("{}".utf8))
        #expect(wrongMethod.status == 405)
    }
}

@Suite struct VendorAssetTests {
    @Test func leafletIsServedFromTheDebianPackage() async throws {
        let server = try TestServer()
        let script = try await server.client().send("GET", "/vendor/leaflet/leaflet.js")
        #expect(script.status == 200)
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(try await server.client().send("GET", "/vendor/leaflet/MarkerCluster.css").status == 200)
        for path in [
            "/vendor/leaflet/../../../etc/passwd", "/vendor/leaflet/%2e%2e/%2e%2e/etc/passwd", "/vendor/leaflet/", "/vendor/leaflet/nope.js"
        ] {
            let answer = try await server.client().send("GET", path)
            #expect(answer.status == 404 || answer.status == 400, "\(path) → \(answer.status)")
        }
    }
}
