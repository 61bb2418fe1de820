import Foundation
import HTTPServer
import Testing

@testable import WishlistServer

/// The OpenAPI document must describe exactly the routes the server has.
@Suite struct OpenAPITests {
    @Test func documentsEveryRouteAndNothingElse() async throws {
        let server = try TestServer()
        let answer = try await server.client().send("GET", "/api/v1/openapi.json")
        #expect(answer.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let documented = Set(
            paths.flatMap { path, operations in
                operations.keys.filter { $0 != "parameters" }.map { "\($0.uppercased()) \(path)" }
            })

        let router = try WishlistApplication.router(
            settings: server.application.settings, store: server.application.store, photos: server.application.photos,
            links: server.application.links, importedLinkPreviews: server.application.importedLinkPreviews,
            recentSearchRecorder: server.application.recentSearchRecorder, shareViews: server.application.shareViews,
            cspViolations: server.application.cspViolations,
            webAssets: try .bundled(), databaseWatch: nil)
        let served = Set(
            router.routes.map { route in
                "\(route.method.rawValue) \(route.pattern.replacingOccurrences(of: "...}", with: "}"))"
            })
        #expect(served.subtracting(documented).sorted() == [], "routes missing from openapi.json")
        #expect(documented.subtracting(served).sorted() == [], "openapi.json describes routes that do not exist")
    }

    @Test func everyReferenceResolves() async throws {
        let server = try TestServer()
        let data = try await server.client().send("GET", "/api/v1/openapi.json").body
        let text = String(decoding: data, as: UTF8.self)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let components = try #require(document["components"] as? [String: [String: Any]])
        for match in text.matches(of: /"\$ref": "#\/components\/(\w+)\/(\w+)"/) {
            let (kind, name) = (String(match.output.1), String(match.output.2))
            #expect(components[kind]?[name] != nil, "\(kind)/\(name) is referenced but not defined")
        }
    }
}
