import Foundation

/// One request as a `WishlistClient` hands it to its `WishlistTransport`: everything about it is
/// decided (address, headers with credentials, body).
public struct WishlistRequest: Sendable {
    /// Where a request's body comes from.
    public enum Body: Sendable, Equatable {
        /// These bytes.
        case bytes(Data)
        /// The file at this address, read as it is sent (an archive may be large).
        case file(URL)
    }

    /// The HTTP method, e.g. `GET`.
    public var method: String
    /// The absolute address.
    public var url: URL
    /// The request's headers, by name.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Body?
    /// Where a 2xx answer's body is saved, instead of being kept in memory; nil keeps it in the answer.
    public var successBodyFile: URL?

    /// A request with these parts.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Body? = nil, successBodyFile: URL? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.successBodyFile = successBodyFile
    }

    /// The value of the header `name`, whatever its case; nil when absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
