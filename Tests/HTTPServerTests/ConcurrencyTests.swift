import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct ConcurrencyTests {
    /// A handler that blocks until the test releases it.
    private func server(_ gate: Gate, configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        try TestServer(configure: configure) { router in
            router.get("/slow") { _ in
                gate.pass()
                return .json(["slow": true])
            }
            router.get("/fast") { _ in .json(["fast": true]) }
            router.get("/health", nonBlocking: true) { _ in .json(["ok": true]) }
        }
    }

    /// Calls `stop()` on its own thread; the semaphore is signalled when it returns.
    private func stopInBackground(_ server: Server) -> DispatchSemaphore {
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop()
            stopped.signal()
        }
        return stopped
    }

    @Test func nonBlockingRouteAnswersWhileEveryWorkerIsBusy() throws {
        let gate = Gate()
        let server = try server(gate) { $0.workerThreads = 1 }
        let slow = requestInBackground(port: server.port, "/slow")
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        // The only worker is held: a blocking route waits for it, the non-blocking one does not.
        let fast = requestInBackground(port: server.port, "/fast")
        #expect(try server.request("GET", "/health").status == 200)
        #expect(fast.done.wait(timeout: .now() + 0.2) == .timedOut)

        gate.release.signal()
        #expect(slow.done.wait(timeout: .now() + 10) == .success)
        #expect(fast.done.wait(timeout: .now() + 10) == .success)
        #expect(slow.response.value.withLock { $0?.status } == 200)
        #expect(fast.response.value.withLock { $0?.status } == 200)
    }

    /// A handler still running when the grace period ends: `stop()` waits for it (the daemon cannot
    /// stop while a connection is suspended), its answer still goes out, and then the server stops.
    /// Meanwhile a new request on an open connection is told the server is shutting down.
    @Test func stopWaitsPastTheGracePeriodForARunningHandler() throws {
        let gate = Gate()
        let server = try server(gate) { $0.shutdownGracePeriod = 0.05 }
        let open = try server.client()
        #expect(try open.request("GET", "/fast").status == 200)
        let slow = requestInBackground(port: server.port, "/slow")
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        let running = server.server
        let stopped = stopInBackground(running)
        let deadline = Date(timeIntervalSinceNow: 5)
        while !running.workers.isShuttingDown, Date() < deadline { usleep(1000) }
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(slow.done.wait(timeout: .now()) == .timedOut)
        let late = try open.request("GET", "/fast")
        #expect(late.status == 503)
        #expect(late.text.contains("shutting_down"))
        gate.release.signal()
        #expect(slow.done.wait(timeout: .now() + 10) == .success)
        #expect(slow.response.value.withLock { $0?.status } == 200)
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }

    @Test func slowHandlerDoesNotStallOtherConnections() throws {
        let gate = Gate()
        let server = try server(gate)
        let slow = requestInBackground(port: server.port, "/slow")
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        let started = Date()
        for _ in 0..<200 {
            #expect(try server.request("GET", "/fast").status == 200)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        // All fast requests were answered while the slow one is still held.
        #expect(slow.done.wait(timeout: .now()) == .timedOut)

        gate.release.signal()
        #expect(slow.done.wait(timeout: .now() + 10) == .success)
        #expect(slow.response.value.withLock { $0?.status } == 200)
    }

    @Test func stopWaitsForInFlightRequests() throws {
        let gate = Gate()
        let server = try server(gate)
        let port = server.port
        let slow = requestInBackground(port: port, "/slow")
        #expect(gate.entered.wait(timeout: .now() + 5) == .success)

        let running = server.server
        let stopped = stopInBackground(running)
        // Once stop() has closed the listener it must accept nothing new and keep waiting for the held request.
        let deadline = Date(timeIntervalSinceNow: 5)
        while !running.isStopping, Date() < deadline { usleep(1000) }
        #expect(running.isStopping)
        #expect(stopped.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }

        gate.release.signal()
        #expect(slow.done.wait(timeout: .now() + 10) == .success)
        let response = try #require(slow.response.value.withLock { $0 })
        #expect(response.status == 200)
        #expect(response.text == #"{"slow":true}"#)
        #expect(response.headers["Connection"]?.lowercased() == "close")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }

    /// Stopping while clients keep sending on open connections: the event threads are busy when
    /// the listener is taken from them. (With libmicrohttpd 0.9.75's epoll mode this raced and
    /// aborted the process: "Failed to remove listen FD from epoll set".)
    @Test func stoppingUnderLoadIsClean() throws {
        for _ in 0..<200 {
            let server = try TestServer { router in
                router.get("/fast") { _ in .json(["fast": true]) }
                router.get("/health", nonBlocking: true) { _ in .json(["ok": true]) }
            }
            let port = server.port
            let clients = DispatchGroup()
            let answered = Atomic<Int>(0)
            for index in 0..<4 {
                clients.enter()
                Thread.detachNewThread {
                    defer { clients.leave() }
                    guard let client = try? RawHTTPClient(port: port) else { return }
                    while (try? client.request("GET", index.isMultiple(of: 2) ? "/fast" : "/health")) != nil {
                        answered.add(1, ordering: .relaxed)
                    }
                }
            }
            let deadline = Date(timeIntervalSinceNow: 5)
            while answered.load(ordering: .relaxed) < 200, Date() < deadline { usleep(100) }
            server.server.stop()
            #expect(clients.wait(timeout: .now() + 10) == .success)
        }
    }
}
