import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that routes requests to handlers
/// through middleware. Each connection is served by its own thread, so a slow
/// handler holds up only its own connection.
public final class Server: Sendable {
    let router: Router
    let middleware: [any Middleware]
    let configuration: ServerConfiguration
    let inFlight = InFlightRequests()
    /// Set by `stop()`: answers then carry `Connection: close` so keep-alive clients move on.
    let stopping = Atomic<Bool>(false)
    private let state = Mutex<State>(State())

    /// The running daemon; the pointer is only used under the lock.
    private struct State: @unchecked Sendable {
        var daemon: OpaquePointer?
        var port: UInt16 = 0
    }

    public init(router: Router, middleware: [any Middleware] = [], configuration: ServerConfiguration) {
        self.router = router
        self.middleware = middleware
        self.configuration = configuration
    }

    deinit {
        stop()
    }

    /// Binds and starts serving. Throws `ServerError.addressInUse` when the port is taken.
    public func start() throws {
        try state.withLock { state throws(ServerError) in
            guard state.daemon == nil else { throw .alreadyStarted }
            let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
            stopping.store(false, ordering: .relaxed)
            let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
                | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
            let daemon = wl_start_daemon(
                flags, socket.descriptor,
                serverAccessHandler, serverRequestCompleted, serverRequestStarted,
                Unmanaged.passUnretained(self).toOpaque(),
                UInt32(clamping: configuration.connectionTimeout),
                UInt32(clamping: max(1, configuration.threadCount)),
                32 << 10)
            guard let daemon else {
                close(socket.descriptor)
                throw .daemonFailed
            }
            state.daemon = daemon
            state.port = socket.port
        }
    }

    /// The bound port (the chosen one when configured with port 0).
    public var port: UInt16 {
        state.withLock { $0.port }
    }

    /// Stops accepting connections, lets in-flight requests finish (up to
    /// `shutdownGracePeriod`), then shuts the daemon down. Safe to call twice.
    public func stop() {
        let daemon = state.withLock { state -> OpaquePointer? in
            defer { state.daemon = nil }
            return state.daemon
        }
        guard let daemon else { return }
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
        stopping.store(true, ordering: .releasing)
        if !inFlight.waitUntilIdle(timeout: configuration.shutdownGracePeriod) {
            configuration.logger?("shutdown: \(inFlight.current) request(s) still running after the grace period")
        }
        MHD_stop_daemon(daemon)
    }

    /// Blocks until SIGINT or SIGTERM, then stops. Call after `start()`; close the database afterwards.
    public func runUntilTerminated() {
        let received = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return source
        }
        received.wait()
        sources.forEach { $0.cancel() }
        stop()
    }

    /// True from the moment `stop()` has closed the listening socket.
    var isStopping: Bool { stopping.load(ordering: .acquiring) }
}
