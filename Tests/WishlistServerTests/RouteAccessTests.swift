import Foundation
import HTTPServer
import Testing
@testable import WishlistServer
import WishlistStore

/// Walks every route the router has, so an endpoint added later is covered the day it is added:
/// each is declared open to anyone or for the signed-in account, and every signed-in one refuses
/// a caller without credentials (before it looks at the body) and a cookie write without the
/// CSRF proof.
@Suite struct RouteAccessTests {
    /// The routes anyone may call. Adding one here is a decision, made in review.
    static let openToAnyone: Set<String> = [
        "GET /healthz", "GET /api/v1/openapi.json",
        "GET /api/v1/setup", "POST /api/v1/setup", "POST /api/v1/sessions", "DELETE /api/v1/sessions/current",
        "GET /", "GET /index.html", "GET /manifest.webmanifest", "GET /static/{version}/{path...}",
        "GET /vendor/leaflet/{path...}",
        // Sharing in keeps a signed-out share until sign-in instead of refusing it (ShareController).
        "POST /share", "GET /share", "GET /share/continue",
        // A violation report comes from whatever page the browser had open, signed in or not.
        "POST /api/v1/csp-reports",
    ]

    static func routes(of server: TestServer) throws -> [(method: HTTPMethod, pattern: String, group: String?)] {
        try WishlistApplication.router(
            settings: server.application.settings, store: server.application.store, photos: server.application.photos,
            links: server.application.links, importedLinkPreviews: server.application.importedLinkPreviews, recentSearchRecorder: server.application.recentSearchRecorder,
            cspViolations: server.application.cspViolations
        ).routes
    }

    /// A concrete path for a pattern: ids that exist nowhere, a real size, any rest-of-path.
    static func samplePath(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            switch segment {
            case "{size}": "thumb"
            case _ where segment.hasSuffix("...}"): "x"
            case _ where segment.hasPrefix("{"): UUID().uuidString.lowercased()
            default: String(segment)
            }
        }.joined(separator: "/")
    }

    @Test func everyRouteIsDeclaredOpenOrSignedIn() throws {
        let server = try TestServer()
        let routes = try Self.routes(of: server)
        let undeclared = routes.filter { ![RouteGroup<Void>.anyoneName, RouteGroup<Account>.signedInName].contains($0.group) }
        #expect(undeclared.map { "\($0.method.rawValue) \($0.pattern)" } == [])
        let open = Set(routes.filter { $0.group == RouteGroup<Void>.anyoneName }.map { "\($0.method.rawValue) \($0.pattern)" })
        #expect(open == Self.openToAnyone)
        #expect(routes.count > Self.openToAnyone.count + 20, "the walk must see the API's routes")
    }

    @Test func everySignedInRouteRefusesStrangersBeforeReadingTheBody() async throws {
        let server = try TestServer()
        let admin = try await server.signedInAdmin()
        let anonymous = server.client()
        let impostor = server.client(token: "not-a-token")
        // Malformed JSON: a route that read its body first would answer 400 instead of 401.
        let garbage = Data("{not json".utf8)
        let signedIn = try Self.routes(of: server).filter { $0.group == RouteGroup<Account>.signedInName }
        for route in signedIn {
            let path = Self.samplePath(route.pattern)
            let name = "\(route.method.rawValue) \(route.pattern)"
            let body = route.method == HTTPMethod.GET ? nil : garbage
            let stranger = try await anonymous.send(route.method.rawValue, path, body: body)
            #expect(stranger.status == 401, "\(name) without credentials")
            #expect(String(decoding: stranger.body, as: UTF8.self).contains(#""code":"unauthenticated""#), "\(name)")
            #expect(try await impostor.send(route.method.rawValue, path, body: body).status == 401, "\(name) with a bad token")
            if route.method != HTTPMethod.GET {
                let forged = try await admin.send(route.method.rawValue, path, body: body, csrfHeader: false)
                #expect(forged.status == 403, "\(name) by cookie without the CSRF proof")
                #expect(String(decoding: forged.body, as: UTF8.self).contains("csrf_check_failed"), "\(name)")
            }
        }
    }
}
