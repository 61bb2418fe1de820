import Foundation

/// The answer to an `HTTPClientRequest`.
public struct HTTPClientResponse: Sendable {
    public var status: Int
    /// By lower-case name; a header sent several times has its values joined with ", ", as HTTP
    /// allows for lists (`Set-Cookie` too: read its first cookie).
    public var headers: [String: String]
    /// The body, unless a success's went into the request's `successBodyFile`.
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
