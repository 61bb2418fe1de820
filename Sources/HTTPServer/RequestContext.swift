import CMicroHTTPD
import Foundation

/// Per-request state kept in libmicrohttpd's `con_cls` from the moment the
/// request line is read until the daemon reports the request completed.
///
/// Used by one thread at a time: the daemon's event thread, except that
/// `response` is set by `SuspendedConnections` while the connection is
/// suspended, and read after the daemon has resumed it.
final class RequestContext: @unchecked Sendable {
    /// The request target exactly as sent (path and query, still percent-encoded).
    let rawTarget: String
    let startNanoseconds: UInt64
    let temporaryFiles = TemporaryFiles()
    var started = false
    var method: HTTPMethod?
    var target: RequestTarget?
    var match: Router.Match = .notFound
    var sink: BodySink?
    /// Set when the request is refused while its body is still arriving.
    var failure: HTTPError?
    /// Bytes dropped since the body was refused.
    var discarded = 0
    /// The answer of a handler that ran on a worker, waiting to be queued.
    var response: Response?
    private let inFlight: InFlightRequests

    init(rawTarget: String, inFlight: InFlightRequests) {
        self.rawTarget = rawTarget
        self.startNanoseconds = DispatchTime.now().uptimeNanoseconds
        self.inFlight = inFlight
        inFlight.begin()
    }

    /// The daemon is done with the request: its body files go now, not when the last reference
    /// does (a worker may still hold one for a moment after the answer went out).
    func complete() {
        temporaryFiles.removeAll()
        inFlight.end()
    }
}
