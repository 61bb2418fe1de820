import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// A route's quick answer: given on the event thread when the group knows the caller from memory
/// and the route has an answer ready; anything else runs the handler on a worker.
@Suite struct QuickAnswerTests {
    /// Knows only callers naming themselves in `X-Known`; the full step takes `X-User` too.
    static let callers = RouteGroup<String>(
        "callers", known: { $0.headers["X-Known"] },
        context: { request in
            guard let name = request.headers["X-Known"] ?? request.headers["X-User"] else {
                throw HTTPError(.unauthorized, code: "unauthenticated", message: "Say who you are.")
            }
            return name
        })

    /// Adds a header to every answer, to show the middleware run for quick answers too.
    struct Stamp: Middleware {
        func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
            var response = try next(request)
            response.headers["X-Stamped"] = "yes"
            return response
        }
    }

    /// The callers whose requests reached the handler.
    final class Handled: Sendable {
        let names = Mutex<[String]>([])
    }

    /// A body larger than a socket's buffer, so that it is sent over several writes.
    static let kept = ResponseBytes(Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }))

    /// One worker, held by `/slow` until the gate opens; `/notes` has a quick answer for ann only.
    func server(_ gate: Gate, handled: Handled) throws -> TestServer {
        try TestServer(middleware: [Stamp()], configure: { $0.workerThreads = 1 }) { router in
            router.get("/slow") { _ in
                gate.pass()
                return .json(["slow": true])
            }
            router.group(Self.callers) { routes in
                routes.on(.GET, "/notes", quick: { _, known in known() == "ann" ? Response(body: .bytes(Self.kept)) : nil }) {
                    _, name in
                    handled.names.withLock { $0.append(name) }
                    return .json(["by": name])
                }
            }
        }
    }

    @Test func aQuickAnswerGoesOutWhileEveryWorkerIsBusy() throws {
        let gate = Gate()
        let handled = Handled()
        let server = try server(gate, handled: handled)
        let slow = requestInBackground(port: server.port, "/slow")
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        // The only worker is held: ann's kept answer goes out all the same, sent whole, twice.
        for _ in 0..<2 {
            let answer = try server.request("GET", "/notes", headers: [("X-Known", "ann")])
            #expect(answer.status == 200)
            #expect(answer.body == Self.kept.data)
            #expect(answer.headers["X-Stamped"] == "yes")
        }
        // Bob is known but has no answer ready, Cy is not known: both wait for the worker.
        let bob = requestInBackground(port: server.port, "/notes", headers: [("X-Known", "bob")])
        let cy = requestInBackground(port: server.port, "/notes", headers: [("X-User", "cy")])
        #expect(bob.done.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(cy.done.wait(timeout: .now() + 0.01) == .timedOut)

        gate.release.signal()
        #expect(slow.done.wait(timeout: .now() + 10) == .success)
        #expect(bob.done.wait(timeout: .now() + 10) == .success)
        #expect(cy.done.wait(timeout: .now() + 10) == .success)
        #expect(bob.response.value.withLock { $0?.text } == #"{"by":"bob"}"#)
        #expect(cy.response.value.withLock { $0?.text } == #"{"by":"cy"}"#)
        #expect(handled.names.withLock { $0.sorted() } == ["bob", "cy"], "ann's requests never reached the handler")
    }

    @Test func aStrangerGetsTheGroupsRefusalNotTheQuickAnswer() throws {
        let handled = Handled()
        let server = try server(Gate(), handled: handled)
        let stranger = try server.request("GET", "/notes")
        #expect(stranger.status == 401)
        #expect(stranger.errorCode == "unauthenticated")
        #expect(handled.names.withLock { $0.isEmpty })
    }

    @Test func sharedBytesGoToManyConnectionsAtOnceUnchanged() throws {
        let server = try TestServer { router in
            router.on(.GET, "/kept", quick: { _ in Response(body: .bytes(Self.kept)) }) { _ in Response(status: .noContent) }
        }
        let port = server.port
        let intact = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let client = try? RawHTTPClient(port: port) else { return }
            for _ in 0..<5 {
                if let answer = try? client.request("GET", "/kept"), answer.status == 200, answer.body == Self.kept.data {
                    intact.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(intact.load(ordering: .relaxed) == 40)
        // HEAD: the headers only, with the body's length.
        let head = try server.request("HEAD", "/kept")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Length"] == "\(Self.kept.count)")
    }
}
