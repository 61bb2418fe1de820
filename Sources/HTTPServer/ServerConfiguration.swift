import Foundation

/// How a `Server` listens and what it accepts.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0 picks a free port; read it back from `Server.port`.
    public var port: UInt16 = 8080
    /// Bodies beyond this are refused with 413 `content_too_large` unless the route sets its own limit.
    public var defaultBodyLimit: Int = 1 << 20
    /// A longer request target (path and query, as sent) is refused with 414 `uri_too_long`.
    public var maximumTargetLength: Int = 8 << 10
    /// Requests whose header lines (names and values) add up to more bytes than this, or that
    /// have more header lines than `maximumHeaderCount`, are refused with 431 `headers_too_large`.
    /// Both stay well inside what libmicrohttpd keeps per connection (`Server.connectionMemory`);
    /// a head beyond that the daemon answers itself, with the same status but an HTML body.
    public var maximumHeaderBytes: Int = 16 << 10
    public var maximumHeaderCount: Int = 100
    /// Bodies beyond this are streamed to a temporary file as they arrive.
    public var memoryBodyThreshold: Int = 256 << 10
    public var temporaryDirectory: String = NSTemporaryDirectory()
    /// Threads reading requests and writing answers with poll(2), each serving
    /// many connections. One per core: they never wait on anything but the network.
    public var eventThreads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Most handlers running at once, each on its own worker thread (a slow
    /// handler then holds up only its own request); more wait for a free worker.
    public var workerThreads: Int = 64
    /// Most connections open at once; more are refused until one closes.
    public var connectionLimit: Int = 1024
    /// Most connections open at once from one IP address, 0 for no limit (the default: behind a
    /// reverse proxy every client comes from the proxy's address). More from that address are
    /// closed as they arrive, so one client holding many idle connections cannot use up
    /// `connectionLimit` for everyone.
    public var connectionLimitPerAddress: Int = 0
    /// The addresses of reverse proxies in front of the server (a load balancer): a request from
    /// one of them is taken to come from the address its `X-Forwarded-For` names (`ClientAddress`),
    /// so that what counts per address (sign-ins, views of shared lists) counts each client. Empty
    /// (the default): the header is ignored, since any client may send it.
    public var trustedProxies: Set<String> = []
    /// Seconds an idle connection is kept open.
    public var connectionTimeout: Int = 60
    /// How long `stop()` waits for in-flight requests, in seconds.
    public var shutdownGracePeriod: Double = 30
    /// Receives one line per request (`METHOD path status 12.3ms`) and unexpected errors.
    public var logger: (@Sendable (String) -> Void)? = { print($0) }
    /// Paths that start with one of these are logged as the prefix and `…`, without method or
    /// status: the rest of such a path is a secret (a shared list's token), and what was done
    /// there is nobody's business who reads the log (a gift reserved).
    public var privatePathPrefixes: [String] = []

    public init() {}
}
