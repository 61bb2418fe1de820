import Foundation
import Synchronization
import Testing
@testable import HTTPServer

@Suite struct ConcurrencyTests {
    /// A handler that blocks until the test releases it.
    private final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        func pass() {
            entered.signal()
            _ = release.wait(timeout: .now() + 10)
        }
    }

    private final class Box<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
    }

    private func server(_ gate: Gate) throws -> TestServer {
        try TestServer { router in
            router.get("/slow") { _ in
                gate.pass()
                return .json(["slow": true])
            }
            router.get("/fast") { _ in .json(["fast": true]) }
        }
    }

    @Test func slowHandlerDoesNotStallOtherConnections() throws {
        let gate = Gate()
        let server = try server(gate)
        let slowAnswer = Box<Int>()
        let slowDone = DispatchSemaphore(value: 0)
        let port = server.port
        Thread.detachNewThread {
            let status = try? RawHTTPClient(port: port).request("GET", "/slow").status
            slowAnswer.value.withLock { $0 = status }
            slowDone.signal()
        }
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        let started = Date()
        for _ in 0..<20 {
            #expect(try server.request("GET", "/fast").status == 200)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        // All fast requests were answered while the slow one is still held.
        #expect(slowDone.wait(timeout: .now()) == .timedOut)

        gate.release.signal()
        #expect(slowDone.wait(timeout: .now() + 10) == .success)
        #expect(slowAnswer.value.withLock { $0 } == 200)
    }

    @Test func stopWaitsForInFlightRequests() throws {
        let gate = Gate()
        let server = try server(gate)
        let port = server.port
        let answer = Box<TestResponse>()
        let answered = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let response = try? RawHTTPClient(port: port).request("GET", "/slow")
            answer.value.withLock { $0 = response }
            answered.signal()
        }
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        let stopped = DispatchSemaphore(value: 0)
        let running = server.server
        Thread.detachNewThread {
            running.stop()
            stopped.signal()
        }
        // Once stop() has closed the listener it must accept nothing new and keep waiting for the held request.
        let deadline = Date(timeIntervalSinceNow: 5)
        while !running.isStopping, Date() < deadline { usleep(1000) }
        #expect(running.isStopping)
        #expect(stopped.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }

        gate.release.signal()
        #expect(answered.wait(timeout: .now() + 10) == .success)
        let response = try #require(answer.value.withLock { $0 })
        #expect(response.status == 200)
        #expect(response.text == #"{"slow":true}"#)
        #expect(response.headers["Connection"]?.lowercased() == "close")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }
}
