import Foundation

/// Sends HTTP requests to servers the caller chose, over libcurl: the Wishlist server for
/// `WishlistClient`, an S3 store for `S3Client`. (`Outbound` is for the open internet, with its
/// address rules.) libcurl is loaded at the first request.
///
/// Each request has its own easy handle, hence its own connection: nothing is kept alive between
/// requests, so a request is never sent on a connection the server has meanwhile closed.
public enum HTTPClient {
    /// Sends `request` and waits for the whole answer on the calling thread.
    public static func perform(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
        if let failure = CurlEasy.loadFailure { throw .libraryUnavailable(failure) }
        return try CurlExchange(request).run()
    }

    /// Sends `request` on a thread of its own (libcurl's easy transfers block until they are done)
    /// and answers when the whole answer is in.
    public static func send(_ request: HTTPClientRequest) async throws(HTTPClientError) -> HTTPClientResponse {
        try await CurlEasy.onItsOwnThread { () throws(HTTPClientError) in try perform(request) }
    }
}
