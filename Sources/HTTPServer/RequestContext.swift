import CMicroHTTPD
import Foundation

/// Per-request state kept in libmicrohttpd's `con_cls` from the moment the
/// request line is read until the daemon reports the request completed.
///
/// Used by one thread at a time: the daemon's event thread, except that a
/// worker sets `response` while the connection is suspended; the daemon reads
/// it after the worker has resumed the connection (the daemon's lock around
/// resuming orders the two).
final class RequestContext: @unchecked Sendable {
    /// The request target exactly as sent (path and query, still percent-encoded).
    let rawTarget: String
    private let connection: OpaquePointer
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
    /// Bytes of a refused body read and dropped before the connection is cut (see `Server.discardAllowance`).
    var discardAllowance = Server.discardAllowance
    /// The answer of a handler that ran on a worker, waiting to be queued.
    var response: Response?
    private let inFlight: InFlightRequests

    init(rawTarget: String, connection: OpaquePointer, inFlight: InFlightRequests) {
        self.rawTarget = rawTarget
        self.connection = connection
        self.startNanoseconds = DispatchTime.now().uptimeNanoseconds
        self.inFlight = inFlight
        inFlight.begin()
    }

    /// Stops the daemon calling for this request until `resume(with:)`. Only from the access handler.
    func suspend() {
        MHD_suspend_connection(connection)
    }

    /// Hands over the answer and lets the daemon call again, which queues it. From any thread.
    func resume(with response: Response) {
        self.response = response
        MHD_resume_connection(connection)
    }

    /// The daemon is done with the request: its body files go now, not when the last reference
    /// does (a worker may still hold one for a moment after the answer went out).
    func complete() {
        temporaryFiles.removeAll()
        inFlight.end()
    }
}
