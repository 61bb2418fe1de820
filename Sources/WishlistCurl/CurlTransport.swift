import Foundation
import HTTPClient
import WishlistClient

#if canImport(Glibc)
    import Glibc
#endif

/// A `WishlistTransport` over libcurl (`HTTPClient`), for the `wishlist` command and the tests:
/// libcurl is loaded at the first request, so `wishlist serve`, which makes none, never maps it or
/// its TLS libraries, as it would URLSession's.
public struct CurlTransport: WishlistTransport {
    /// How long an exchange may go on without a byte moving before it fails.
    public let requestTimeout: TimeInterval

    /// A transport whose requests fail after `requestTimeout` seconds without a byte moving.
    public init(requestTimeout: TimeInterval = 60) {
        self.requestTimeout = requestTimeout
    }

    public func send(_ request: WishlistRequest) async throws -> HTTPAnswer {
        var exchange = HTTPClientRequest(
            method: request.method, url: request.url.absoluteString,
            headers: request.headers.map { (name: $0.key, value: $0.value) },
            idleTimeout: .milliseconds(Int(requestTimeout * 1000)))
        switch request.body {
        case nil: break
        case .bytes(let data): exchange.body = .bytes(data)
        case .file(let url): exchange.body = .file(path: url.path)
        }
        guard let destination = request.successBodyFile else { return try await answer(exchange) }
        // The body goes into a file beside the destination, renamed over it only once complete.
        let partial = destination.path + ".part"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.localFailure(destination) }
        exchange.successBodyFile = descriptor
        var closed = false
        defer {
            if !closed { close(descriptor) }
            unlink(partial)
        }
        let answer = try await answer(exchange)
        closed = true
        guard close(descriptor) == 0 else { throw Self.localFailure(destination) }
        if (200..<300).contains(answer.status), rename(partial, destination.path) != 0 { throw Self.localFailure(destination) }
        return answer
    }

    /// The last system call's failure to use the file at `url`.
    private static func localFailure(_ url: URL) -> WishlistTransportError {
        .localFile(path: url.path, reason: String(cString: strerror(errno)))
    }

    /// The server's answer to `exchange`, or the transport's error for its failure.
    private func answer(_ exchange: HTTPClientRequest) async throws -> HTTPAnswer {
        do {
            let response = try await HTTPClient.send(exchange)
            return HTTPAnswer(status: response.status, headers: response.headers, body: response.body)
        } catch .connectionLost(let reason) {
            throw WishlistTransportError.connectionLost(reason)
        } catch .localFile(let path, let reason) {
            throw WishlistTransportError.localFile(path: path, reason: reason)
        } catch {
            throw WishlistTransportError.unreachable(error.description)
        }
    }
}

extension WishlistClient {
    /// A client of the server at `baseURL` over libcurl (`CurlTransport`), with an API token or
    /// signed out until `signIn`/`setUp` when `token` is nil; `requestTimeout` is how long an
    /// answer may keep silent before the request fails.
    public convenience init(baseURL: URL, token: String? = nil, requestTimeout: TimeInterval = 60) {
        self.init(baseURL: baseURL, token: token, transport: CurlTransport(requestTimeout: requestTimeout))
    }
}
