import Foundation

/// How a `Server` listens and what it accepts.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0 picks a free port; read it back from `Server.port`.
    public var port: UInt16 = 8080
    /// Bodies beyond this are refused with 413 `content_too_large` unless the route sets its own limit.
    public var defaultBodyLimit: Int = 1 << 20
    /// Bodies beyond this are streamed to a temporary file as they arrive.
    public var memoryBodyThreshold: Int = 256 << 10
    public var temporaryDirectory: String = NSTemporaryDirectory()
    /// Most threads serving connections at once. Every connection has its own
    /// thread (a slow handler then holds up only its own connection), so this
    /// is also the most connections open at once; more are refused until one closes.
    public var threadCount: Int = 256
    /// Seconds an idle connection is kept open.
    public var connectionTimeout: Int = 60
    /// How long `stop()` waits for in-flight requests, in seconds.
    public var shutdownGracePeriod: Double = 30
    /// Receives one line per request (`METHOD path status 12.3ms`) and unexpected errors.
    public var logger: (@Sendable (String) -> Void)? = { print($0) }

    public init() {}
}
