import CMicroHTTPD
import Foundation

/// Per-request state kept in libmicrohttpd's `con_cls` from the moment the
/// request line is read until the daemon reports the request completed.
final class RequestContext {
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
    private let inFlight: InFlightRequests

    init(rawTarget: String, inFlight: InFlightRequests) {
        self.rawTarget = rawTarget
        self.startNanoseconds = DispatchTime.now().uptimeNanoseconds
        self.inFlight = inFlight
        inFlight.begin()
    }

    deinit {
        temporaryFiles.removeAll()
        inFlight.end()
    }
}
