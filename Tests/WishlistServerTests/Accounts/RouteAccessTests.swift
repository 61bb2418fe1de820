import Foundation
import HTTPServer
import Testing
import WishlistStore

@testable import WishlistServer

/// Walks every route the router has, so an endpoint added later is covered the day it is added:
/// each is declared open to anyone, for the signed-in account or for administrators; every route
/// that is not open refuses a caller without credentials (before it looks at the body) and a cookie
/// write without the CSRF proof; an account with a temporary password is refused everything but
/// the few routes that let it choose a new one; and to an account that is no administrator the
/// administrators' routes answer as if they did not exist.
@Suite struct RouteAccessTests {
    /// The routes anyone may call. Adding one here is a decision, made in review.
    static let openToAnyone: Set<String> = [
        "GET /healthz", "GET /readyz", "GET /api/v1/openapi.json",
        "GET /api/v1/setup", "POST /api/v1/setup", "POST /api/v1/sessions", "DELETE /api/v1/sessions/current",
        "GET /", "GET /index.html", "GET /manifest.webmanifest", "GET /sw.js", "GET /static/{version}/{path...}",
        "GET /vendor/leaflet/{path...}",
        // Sharing in keeps a signed-out share until sign-in instead of refusing it (ShareController).
        "POST /share", "GET /share", "GET /share/continue",
        // A violation report comes from whatever page the browser had open, signed in or not.
        "POST /api/v1/csp-reports",
        // A shared list is read, and its gifts reserved, by anyone holding its link (X7, X8).
        "GET /s/{token}", "GET /s/{token}/media/{photoId}/{size}", "GET /api/v1/shared/{token}",
        "GET /api/v1/shared/{token}/wishes/{id}", "POST /api/v1/shared/{token}/wishes/{id}/reservation",
        "DELETE /api/v1/shared/{token}/wishes/{id}/reservation", "POST /api/v1/shared/{token}/reservations/check"
    ]

    /// What an account signed in with a temporary password may still do (signing out is open to anyone).
    static let usableWithTemporaryPassword: Set<String> = ["GET /api/v1/me", "PUT /api/v1/me/password"]

    static func routes(of server: TestServer) throws -> [(method: HTTPMethod, pattern: String, group: String?)] {
        try WishlistApplication.router(
            settings: server.application.settings, store: server.application.store, photos: server.application.photos,
            links: server.application.links, importedLinkPreviews: server.application.importedLinkPreviews,
            recentSearchRecorder: server.application.recentSearchRecorder, shareViews: server.application.shareViews,
            cspViolations: server.application.cspViolations, webAssets: try .bundled(), databaseWatch: nil
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
        let groups: [String?] = [RouteGroup<Void>.anyoneName, RouteGroup<Account>.signedInName, RouteGroup<Account>.adminName]
        let undeclared = routes.filter { !groups.contains($0.group) }
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
        let signedIn = try Self.routes(of: server).filter { $0.group != RouteGroup<Void>.anyoneName }
        #expect(signedIn.contains { $0.group == RouteGroup<Account>.adminName }, "the administrators' routes are walked too")
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

    /// Bob signs in with a temporary password an administrator gave him: every route but the few
    /// that let him choose a new one answers 403 `password_change_required`, before any body is read.
    @Test func aTemporaryPasswordOpensOnlyTheChangeOfPassword() async throws {
        let server = try TestServer()
        let admin = try await server.signedInAdmin()
        _ = try await server.signedInUser("bob")
        let temporary = try await admin.resetPassword(of: "bob").temporaryPassword
        let bob = server.client()
        try await bob.signIn(username: "bob", password: temporary)
        let garbage = Data("{not json".utf8)
        var usable: Set<String> = []
        for route in try Self.routes(of: server) where route.group != RouteGroup<Void>.anyoneName {
            let name = "\(route.method.rawValue) \(route.pattern)"
            let answer = try await bob.send(
                route.method.rawValue, Self.samplePath(route.pattern), body: route.method == HTTPMethod.GET ? nil : garbage)
            if answer.status == 403, String(decoding: answer.body, as: UTF8.self).contains(#""code":"password_change_required""#) {
                continue
            }
            #expect(answer.status != 403, "\(name): \(answer.status)")
            usable.insert(name)
        }
        #expect(usable == Self.usableWithTemporaryPassword)
    }

    /// To an account that is no administrator, every administrators' route answers what a path that
    /// does not exist answers, before any body is read.
    @Test func theAdministratorsRoutesDoNotExistForOtherAccounts() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let nowhere = try await bob.send("GET", "/api/v1/\(UUID().uuidString.lowercased())")
        #expect(nowhere.status == 404)
        let garbage = Data("{not json".utf8)
        let admin = try Self.routes(of: server).filter { $0.group == RouteGroup<Account>.adminName }
        #expect(!admin.isEmpty)
        for route in admin {
            let answer = try await bob.send(
                route.method.rawValue, Self.samplePath(route.pattern), body: route.method == HTTPMethod.GET ? nil : garbage)
            #expect(answer.status == 404, "\(route.method.rawValue) \(route.pattern)")
            #expect(answer.body == nowhere.body, "\(route.method.rawValue) \(route.pattern)")
        }
    }
}
