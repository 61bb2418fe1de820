import Foundation

/// What carries a `WishlistClient`'s requests to the server and its answers back. An app passes
/// `URLSessionTransport` (the `WishlistURLSession` module); the `wishlist` command and the tests
/// pass `CurlTransport` (the `WishlistCurl` module), which loads libcurl only when it is used, so
/// the server's own binary does not map URLSession's libraries.
public protocol WishlistTransport: Sendable {
    /// Sends `request` and answers the server's answer, whatever its status. A 2xx answer's body
    /// goes into `request.successBodyFile` when there is one (replacing a file there, and leaving
    /// the answer's `body` empty); other bodies always come in the answer.
    ///
    /// Throws `WishlistTransportError.connectionLost` when the request may have reached the server
    /// but its answer did not come back (the client then sends it again where that is safe),
    /// `.localFile` when a file of this side could not be used (the caller sees it as it is), and
    /// `.unreachable` (or any other error) when the server could not be reached.
    func send(_ request: WishlistRequest) async throws -> HTTPAnswer
}
