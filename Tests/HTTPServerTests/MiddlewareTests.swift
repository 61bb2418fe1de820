import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct MiddlewareTests {
    private final class Trace: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    private struct Tag: Middleware {
        let name: String
        let trace: Trace

        func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
            trace.add("> \(name)")
            defer { trace.add("< \(name)") }
            var response = try next(request)
            response.headers.add("X-Trace", name)
            return response
        }
    }

    private struct RequireKey: Middleware {
        func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
            guard request.headers["X-Key"] == "open sesame" else {
                throw HTTPError(.unauthorized, code: "unauthorized", message: "Sign in first.")
            }
            return try next(request)
        }
    }

    @Test func firstMiddlewareIsOutermost() throws {
        let trace = Trace()
        let server = try TestServer(middleware: [Tag(name: "outer", trace: trace), Tag(name: "inner", trace: trace)]) { router in
            router.get("/hello") { _ in
                trace.add("handler")
                return .json(["hello": "world"])
            }
        }
        let response = try server.request("GET", "/hello")
        #expect(response.status == 200)
        #expect(response.headers.values("X-Trace") == ["inner", "outer"])
        #expect(trace.all == ["> outer", "> inner", "handler", "< inner", "< outer"])
    }

    @Test func middlewareSeesUnroutedRequestsAndMayAnswerAlone() throws {
        let trace = Trace()
        let server = try TestServer(middleware: [Tag(name: "log", trace: trace), RequireKey()]) { router in
            router.get("/secret") { request in .json(["id": request.parameters["id"] ?? "none"]) }
        }
        let refused = try server.request("GET", "/secret")
        #expect(refused.status == 401)
        #expect(refused.errorCode == "unauthorized")
        #expect(try server.request("GET", "/secret", headers: [("X-Key", "open sesame")]).status == 200)
        #expect(try server.request("GET", "/elsewhere", headers: [("X-Key", "open sesame")]).status == 404)
        #expect(trace.all.filter { $0.hasPrefix(">") }.count == 3)
    }
}
