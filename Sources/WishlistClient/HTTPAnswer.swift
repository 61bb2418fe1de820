import Foundation

/// A raw answer from the server: status, headers (names in lower case) and body.
public struct HTTPAnswer: Sendable {
    /// The HTTP status code, e.g. 200 or 404.
    public let status: Int
    /// The answer's headers, by lower-case name.
    public let headers: [String: String]
    /// The body exactly as the server sent it.
    public let body: Data

    /// An answer with these parts, e.g. a stand-in for the server in an app's tests.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
