import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that routes requests to handlers
/// through middleware. A few event threads (poll) read requests and write
/// answers; handlers run on worker threads while their connection is
/// suspended, so a slow handler holds up only its own request.
public final class Server: Sendable {
    let router: Router
    let middleware: [any Middleware]
    let configuration: ServerConfiguration
    let inFlight = InFlightRequests()
    let workers: WorkerPool
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
        workers = WorkerPool(maximumThreads: configuration.workerThreads)
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
            // poll, not epoll: with a thread pool, 0.9.75's epoll mode races in MHD_quiesce_daemon
            // and aborts the process (see ConcurrencyTests.stoppingUnderLoadIsClean); poll measured
            // the same here.
            let flags = MHD_USE_POLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            let daemon = wl_start_daemon(
                flags, socket.descriptor,
                serverAccessHandler, serverRequestCompleted, serverRequestStarted,
                Unmanaged.passUnretained(self).toOpaque(),
                UInt32(clamping: configuration.connectionTimeout),
                UInt32(clamping: max(1, configuration.connectionLimit)),
                UInt32(clamping: max(0, configuration.connectionLimitPerAddress)),
                Self.connectionMemory,
                UInt32(clamping: max(1, configuration.eventThreads)))
            guard let daemon else {
                close(socket.descriptor)
                throw .daemonFailed
            }
            state.daemon = daemon
            state.port = socket.port
        }
    }

    /// Bytes libmicrohttpd keeps per connection for the request line, the headers and its I/O
    /// buffers. The daemon answers a head that does not fit with its own 414/431 and an HTML body,
    /// and a single header line may take only about half of this, so it is twice the daemon's
    /// default: a head past `maximumHeaderBytes` then still reaches `Server` and gets a JSON error
    /// unless one line alone is over 32 KB. Pages of it are touched only as a request fills them.
    static let connectionMemory = 64 << 10

    /// The bound port (the chosen one when configured with port 0).
    public var port: UInt16 {
        state.withLock { $0.port }
    }

    /// Stops accepting connections, lets in-flight requests finish (for up to
    /// `shutdownGracePeriod`; requests arriving after that on open
    /// connections get a 503), waits for handlers still running and, once
    /// more for up to the grace period, for their answers to go out, and shuts
    /// the daemon down. Safe to call twice.
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
        // Every handler resumes its connection before it ends, and the daemon must not be
        // stopped while a connection is suspended (it aborts), nor be resumed into once stopped.
        workers.shutdown()
        // The answers of handlers that ran past the grace period are still on their way out.
        _ = inFlight.waitUntilIdle(timeout: configuration.shutdownGracePeriod)
        MHD_stop_daemon(daemon)
    }

    /// True from the moment `stop()` has closed the listening socket.
    var isStopping: Bool { stopping.load(ordering: .acquiring) }
}
