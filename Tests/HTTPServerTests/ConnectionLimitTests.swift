import Foundation
import Testing

@testable import HTTPServer

/// `connectionLimitPerAddress`: one address holding its allowance of connections (idle or slow) has
/// its next one closed at once, across the daemon's event threads, and gets one again as soon as
/// it lets one go. `connectionLimit`: past it, a connection waits unserved until one closes.
@Suite struct ConnectionLimitTests {
    private func server(perAddress: Int = 0, total: Int = ServerConfiguration().connectionLimit) throws -> TestServer {
        try TestServer(configure: {
            $0.connectionLimitPerAddress = perAddress
            $0.connectionLimit = total
            $0.eventThreads = 2
        }) { router in
            router.get("/hello") { _ in .json(["hello": "world"]) }
        }
    }

    /// A connection the daemon has accepted and counted (it has answered one request on it),
    /// now holding half a request head, as a slow client would. Opening several without the
    /// answer would leave them in the kernel's backlog, where two event threads may accept them
    /// in any order, and the one refused could be a held one rather than the next.
    private func heldConnection(to server: TestServer) throws -> RawHTTPClient {
        let client = try server.client()
        #expect(try client.request("GET", "/hello").status == 200)
        try client.send("GET /hello HTTP/1.1\r\n")
        return client
    }

    @Test func connectionsBeyondTheAddressLimitAreClosed() throws {
        let server = try server(perAddress: 3)
        let held = try (0..<3).map { _ in try heldConnection(to: server) }
        #expect(try server.client().isClosedByServer())
        for client in held {
            try client.send("Host: localhost\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func aConnectionLetGoIsGivenToTheNext() throws {
        let server = try server(perAddress: 2)
        var held = try (0..<2).map { _ in try heldConnection(to: server) }
        #expect(try server.client().isClosedByServer())
        held.removeLast()
        // The daemon counts the closed connection out once it has seen it close; until then a new
        // one may still be refused, so try again until one is served.
        let deadline = ContinuousClock.now + .seconds(10)
        var served = false
        while !served, ContinuousClock.now < deadline {
            served = (try? server.request("GET", "/hello").status) == 200
        }
        #expect(served)
        #expect(held.count == 1)
    }

    @Test func noLimitByDefault() throws {
        #expect(ServerConfiguration().connectionLimitPerAddress == 0)
        let server = try server(perAddress: 0)
        let held = try (0..<20).map { _ in try server.client() }
        for client in held { try client.send("GET /hello HTTP/1.1\r\n") }
        #expect(try server.request("GET", "/hello").status == 200)
    }

    @Test func aConnectionBeyondTheTotalLimitWaitsUntilOneCloses() throws {
        let server = try server(total: 4)
        var held = try (0..<4).map { _ in try heldConnection(to: server) }
        // The kernel completes the fifth connection; the daemon leaves it unaccepted, unread.
        let waiting = try server.client()
        try waiting.send("GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(!waiting.hearsFromServer(within: 500))
        held.removeFirst()
        #expect(try waiting.readResponse().status == 200)
        #expect(held.count == 3)
    }
}
