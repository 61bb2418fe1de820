import Foundation

@testable import HTTPServer

/// Starts a server on a free loopback port for one test and stops it afterwards.
final class TestServer {
    let server: Server
    var port: UInt16 { server.port }

    init(
        middleware: [any Middleware] = [], configure: (inout ServerConfiguration) -> Void = { _ in },
        routes: (inout Router) -> Void
    ) throws {
        var router = Router()
        routes(&router)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.logger = nil
        configure(&configuration)
        server = Server(router: router, middleware: middleware, configuration: configuration)
        try server.start()
    }

    deinit { server.stop() }

    func client() throws -> RawHTTPClient { try RawHTTPClient(port: port) }

    /// One request on a fresh connection.
    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: Data? = nil) throws -> TestResponse {
        try client().request(method, target, headers: headers, body: body)
    }
}
