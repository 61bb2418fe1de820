import Foundation
import HTTPServer

/// Serves `openapi.json`, the OpenAPI 3.1 description of every endpoint (kept complete by a test
/// that compares it with the router).
enum OpenAPIDocument {
    static func load() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }

    static func register(in router: inout Router) {
        router.get("/api/v1/openapi.json") { _ in
            var headers = HTTPHeaders()
            headers["Content-Type"] = "application/json"
            return Response(status: .ok, headers: headers, body: .data(try load()))
        }
    }
}
