import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct RouteGroupTests {
    /// A group that lets in only requests naming a user, as a sign-in would.
    static let named = RouteGroup<String>("named") { request in
        guard let name = request.headers["X-User"] else {
            throw HTTPError(.unauthorized, code: "unauthenticated", message: "Say who you are.")
        }
        return name
    }

    @Test func theGroupsStepRunsFirstAndHandsItsFindingToTheHandler() throws {
        let handled = Mutex(0)
        let server = try TestServer { router in
            router.group(Self.named) { routes in
                routes.post("/notes") { request, name in
                    handled.withLock { $0 += 1 }
                    let note = try request.decode([String: String].self)
                    return .json(["by": name, "note": note["text"] ?? ""], status: .created)
                }
            }
            router.get("/open") { _ in .json(["open": "yes"]) }
        }
        let stranger = try server.request("POST", "/notes", body: Data("{broken".utf8))
        #expect(stranger.status == 401)
        #expect(handled.withLock { $0 } == 0, "the handler must not run for a stranger")
        let known = try server.request(
            "POST", "/notes", headers: [("X-User", "ann"), ("Content-Type", "application/json")],
            body: Data(#"{"text":"hi"}"#.utf8))
        #expect(known.status == 201)
        #expect(try JSONDecoder().decode([String: String].self, from: known.body) == ["by": "ann", "note": "hi"])
        #expect(try server.request("GET", "/open").status == 200)
    }

    @Test func routesRememberTheirGroup() {
        var router = Router()
        router.group(Self.named) { routes in
            routes.get("/a") { _, _ in Response(status: .ok) }
            routes.delete("/a") { _, _ in Response(status: .noContent) }
        }
        router.get("/b") { _ in Response(status: .ok) }
        let groups = router.routes.map { "\($0.method.rawValue) \($0.pattern) \($0.group ?? "-")" }.sorted()
        #expect(groups == ["DELETE /a named", "GET /a named", "GET /b -"])
    }
}
