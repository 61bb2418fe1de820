import Foundation
import HTTPServer
import WishlistCore

/// Serves `openapi.json`, the OpenAPI 3.1 description of every endpoint (kept complete by a test
/// that compares it with the router).
enum OpenAPIDocument {
    /// Served from the resource file as it is (with an ETag), never read into memory per request.
    static func register(in router: inout Router) throws {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        router.group(.anyone) { routes in
            routes.add(APIRoute.Server.openAPI) { request in
                var response = Response.file(path: url.path, contentType: "application/json", request: request, cacheControl: "no-cache")
                // The same for everyone and about 200 KB: compressed once, kept.
                response.compression = .once(key: url.path)
                return response
            }
        }
    }
}
