import Foundation
import TestSupport
import Testing
import WishlistCore

@testable import WishlistServer

/// The route table (`APIRoute.all`, WishlistCore) is the one place a path is written: it must be
/// what `openapi.json` documents, both ways, with the same parameters; what the router serves,
/// exactly; and the only source of paths for the controllers, the Swift client and the web app.
@Suite struct RouteTableTests {
    /// One operation of `openapi.json` with the names of its path and query parameters.
    struct DocumentedOperation: Equatable {
        let path: Set<String>
        let query: Set<String>
    }

    /// Every operation of the served document, by "METHOD /path" (paths as OpenAPI writes them).
    static func documentedOperations() async throws -> [String: DocumentedOperation] {
        let server = try TestServer()
        let data = try await server.client().send(APIRoute.Server.openAPI).body
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let components = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
        func resolved(_ parameter: Any) throws -> (name: String, place: String) {
            var parameter = try #require(parameter as? [String: Any])
            if let reference = parameter["$ref"] as? String {
                parameter = try #require(components[String(reference.split(separator: "/").last ?? "")], "\(reference)")
            }
            return (try #require(parameter["name"] as? String), try #require(parameter["in"] as? String))
        }
        var operations: [String: DocumentedOperation] = [:]
        for (path, item) in paths {
            let shared = try (item["parameters"] as? [Any] ?? []).map(resolved)
            for (method, operation) in item where method != "parameters" {
                let own = try ((operation as? [String: Any])?["parameters"] as? [Any] ?? []).map(resolved)
                let parameters = shared + own
                operations["\(method.uppercased()) \(path)"] = DocumentedOperation(
                    path: Set(parameters.filter { $0.place == "path" }.map(\.name)),
                    query: Set(parameters.filter { $0.place == "query" }.map(\.name)))
            }
        }
        return operations
    }

    /// `GET /static/{version}/{path}`: a route as `openapi.json` names it (a rest-of-path parameter
    /// is a plain one there).
    static func documentedName(_ route: APIRoute) -> String {
        "\(route.method.rawValue) \(route.template.replacingOccurrences(of: "...}", with: "}"))"
    }

    /// The repository's root, for the checks that read source files.
    static let repository = TestData.folder.deletingLastPathComponent()

    /// The Swift files under `folder` (relative to the repository), with their text.
    static func swiftSources(_ folder: String) throws -> [(name: String, text: String)] {
        let root = repository.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { $0.pathExtension == "swift" }.map {
            (String($0.path.dropFirst(repository.path.count + 1)), try String(contentsOf: $0, encoding: .utf8))
        }
    }

    @Test func everyRouteIsDocumentedWithItsParametersAndNothingElseIs() async throws {
        let documented = try await Self.documentedOperations()
        #expect(Set(APIRoute.all.map(\.description)).count == APIRoute.all.count, "a route is in the table twice")
        for route in APIRoute.all {
            let operation = documented[Self.documentedName(route)]
            #expect(operation != nil, "\(route) is not in openapi.json")
            #expect(operation?.path == Set(route.pathParameters), "\(route): openapi.json's path parameters differ")
            #expect(operation?.query == Set(route.queryParameters), "\(route): openapi.json's query parameters differ")
        }
        let tabled = Set(APIRoute.all.map(Self.documentedName))
        #expect(Set(documented.keys).subtracting(tabled).sorted() == [], "openapi.json has operations the table lacks")
    }

    @Test func theRouterServesExactlyTheTable() throws {
        let served = try RouteAccessTests.routes(of: TestServer()).map { "\($0.method.rawValue) \($0.pattern)" }
        #expect(Set(served).count == served.count)
        let tabled = Set(APIRoute.all.map(\.description))
        #expect(Set(served).subtracting(tabled).sorted() == [], "routes registered outside the table")
        #expect(tabled.subtracting(served).sorted() == [], "routes of the table the server does not register")
    }

    /// A route registered with a path of its own (`routes.get("/api/v1/…")`) rather than a member
    /// of the table fails here even when its path happens to be in the table.
    @Test func controllersRegisterOnlyFromTheTable() throws {
        let sources = try Self.swiftSources("Sources/WishlistServer")
        #expect(sources.count > 20)
        let registration = /\b(routes|router)\s*\.\s*(get|post|put|patch|delete|on)\s*\(/
        for source in sources {
            let registersByPath = source.text.firstMatch(of: registration) != nil
            let writesAPIPath = source.text.contains("\"/api/v1")
            #expect(!registersByPath, "\(source.name) registers a route by path")
            #expect(!writesAPIPath, "\(source.name) writes an /api/v1 path")
        }
    }

    @Test func theSwiftClientWritesNoPath() throws {
        let sources = try Self.swiftSources("Sources/WishlistClient")
        #expect(sources.count > 10)
        for source in sources {
            // Every path of the API begins with "/"; the client's only come from the table.
            let writesPath = source.text.contains("\"/")
            #expect(!writesPath, "\(source.name) writes a path")
        }
    }

    /// The web app names its paths in `js/common/api-routes.js` alone, and each is a route of the table.
    @Test func theWebAppTakesItsPathsFromOneModule() throws {
        let scripts = try WebAssets.bundled().directory.appendingPathComponent("js")
        let files = FileManager.default.enumerator(at: scripts, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let modules = files.filter { $0.pathExtension == "js" }
        #expect(modules.count > 50)
        let table = try #require(modules.first { $0.path.hasSuffix("/js/common/api-routes.js") })
        for module in modules where module != table {
            let writesAPIPath = try String(contentsOf: module, encoding: .utf8).contains("/api/v1")
            #expect(!writesAPIPath, "\(module.lastPathComponent) writes an /api/v1 path")
        }
        let named = try String(contentsOf: table, encoding: .utf8).matches(of: /route\("([A-Z]+)", "([^"]+)"\)/)
            .map { "\($0.output.1) \($0.output.2)" }
        #expect(named.count > 50)
        let tabled = Set(APIRoute.all.map(\.description))
        #expect(named.filter { !tabled.contains($0) } == [], "api-routes.js names routes the table does not have")
    }
}
