import Foundation
import Testing

@testable import HTTPServer

@Suite struct RoutingTests {
    private static func echoParameters(_ request: Request) -> Response {
        .json(request.parameters)
    }

    private func server() throws -> TestServer {
        try TestServer { router in
            router.get("/items/{id}", Self.echoParameters)
            router.get("/items/special") { _ in .json(["special": "yes"]) }
            router.post("/items/{id}") { _ in Response(status: .created) }
            router.get("/media/{photoId}/{size}", Self.echoParameters)
            router.get("/static/{path...}", Self.echoParameters)
            router.get("/query") { request in
                .json([
                    "query": request.query.map { "\($0.key)=\($0.value)" }.sorted(),
                    "a": request.queryValues("a"), "path": [request.path]
                ])
            }
        }
    }

    @Test func pathParametersAreDecodedAndLiteralsWin() throws {
        let server = try server()
        let item = try server.request("GET", "/items/42%20b")
        #expect(item.status == 200)
        #expect(item.text == #"{"id":"42 b"}"#)
        #expect(try server.request("GET", "/items/special").text == #"{"special":"yes"}"#)
        let media = try server.request("GET", "/media/abc/thumb")
        #expect(try JSONDecoder().decode([String: String].self, from: media.body) == ["photoId": "abc", "size": "thumb"])
    }

    /// The path and the query are split on their ASCII delimiters byte by byte: a segment or value
    /// that begins with a combining mark is its own, not joined to the '/', '&' or '=' before it.
    @Test func delimitersBeforeCombiningMarksStillSplit() throws {
        let server = try server()
        #expect(try server.request("GET", "/items/%CC%81x").text == #"{"id":"\#u{301}x"}"#)
        #expect(try server.request("GET", "/media/%EA%B0%80/%CC%81").text.contains(#""size":"\#u{301}""#))
        let response = try server.request("GET", "/query?a=%CC%81&%CC%81=b")
        let decoded = try JSONDecoder().decode([String: [String]].self, from: response.body)
        #expect(decoded["query"] == ["a=\u{301}", "\u{301}=b"])
    }

    @Test func restOfPathMatchesNestedAndEmpty() throws {
        let server = try server()
        #expect(try server.request("GET", "/static/css/app.css").text == #"{"path":"css/app.css"}"#)
        #expect(try server.request("GET", "/static/").text == #"{"path":""}"#)
    }

    /// The router looks up patterns by the path's length; a path longer than every pattern can
    /// still match one ending in `{name...}`, and nothing else.
    @Test func pathsLongerThanEveryPatternReachOnlyTheRestOfPath() throws {
        let server = try server()
        #expect(try server.request("GET", "/static/a/b/c/d/e.css").text == #"{"path":"a/b/c/d/e.css"}"#)
        #expect(try server.request("POST", "/static/a/b/c/d/e.css").status == 405)
        let unknown = try server.request("GET", "/items/1/2/3/4/5")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "not_found")
    }

    @Test func queryIsDecodedAndRepeatsAreKept() throws {
        let server = try server()
        let response = try server.request("GET", "/query?a=1&a=2&b=%E2%9C%93&c=x+y&d&e%3D=f")
        let decoded = try JSONDecoder().decode([String: [String]].self, from: response.body)
        #expect(decoded["a"] == ["1", "2"])
        #expect(decoded["query"] == ["a=2", "b=✓", "c=x y", "d=", "e==f"])
        #expect(decoded["path"] == ["/query"])
    }

    @Test(arguments: ["/items/%zz", "/items/%4", "/items/%00", "/items/%C3%28", "/static/../etc/passwd", "/static/%2e%2e/x"])
    func badPathsAreRefused(_ target: String) throws {
        let response = try server().request("GET", target)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalid_path")
    }

    @Test func badQueryIsRefused() throws {
        let response = try server().request("GET", "/query?a=%G1")
        #expect(response.status == 400)
        #expect(response.errorCode == "invalid_query")
    }

    @Test func unknownPathIsJSON404() throws {
        let response = try server().request("GET", "/nothing/here")
        #expect(response.status == 404)
        #expect(response.errorCode == "not_found")
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
    }

    @Test func wrongMethodIsJSON405WithAllow() throws {
        let response = try server().request("DELETE", "/items/7")
        #expect(response.status == 405)
        #expect(response.errorCode == "method_not_allowed")
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
    }

    @Test func headAnswersGetRoutesWithoutBody() throws {
        let server = try server()
        let get = try server.request("GET", "/items/1")
        let head = try server.request("HEAD", "/items/1")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Length"] == get.headers["Content-Length"])
    }

    /// A method no route takes is refused like any other a resource does not answer: schemathesis
    /// reads a 501 as a server fault.
    @Test(arguments: ["BREW", "TRACE", "QUERY"]) func unknownMethodIs405WithAllow(method: String) throws {
        let server = try server()
        let response = try server.request(method, "/items/1")
        #expect(response.status == 405)
        #expect(response.errorCode == "method_not_allowed")
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
        let nowhere = try server.request(method, "/nothing/here")
        #expect(nowhere.status == 404)
        #expect(nowhere.errorCode == "not_found")
    }

    @Test func routerPrefersLiteralThenParameterThenRest() throws {
        var router = Router()
        let answer: (String) -> Handler = { name in { _ in Response(headers: ["X-Route": name]) } }
        router.get("/a/{rest...}", answer("rest"))
        router.get("/a/{x}", answer("parameter"))
        router.get("/a/b", answer("literal"))
        func routed(_ path: String) throws -> String? {
            guard case .found(let route, _) = router.match(.GET, segments: path.split(separator: "/")) else { return nil }
            return try route.handler(Request(method: .GET, path: path)).headers["X-Route"]
        }
        #expect(try routed("/a/b") == "literal")
        #expect(try routed("/a/c") == "parameter")
        #expect(try routed("/a/c/d") == "rest")
        #expect(try routed("/a") == "rest")
        #expect(try routed("/b") == nil)
    }
}
