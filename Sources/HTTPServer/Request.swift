import Foundation

/// One HTTP request as the handlers see it, with its body already received.
public final class Request: Sendable {
    public let method: HTTPMethod
    /// Percent-decoded, without the query.
    public let path: String
    /// Last value wins; `queryValues(_:)` gives every value of a repeated name.
    public let query: [String: String]
    public let headers: HTTPHeaders
    /// The client's IP address as text.
    public let remoteAddress: String
    /// Values of the route pattern's `{name}` segments.
    public let parameters: [String: String]
    public let body: RequestBody

    let queryItems: [(name: String, value: String)]
    let temporaryFiles: TemporaryFiles
    let temporaryDirectory: String
    let memoryBodyThreshold: Int

    /// Builds a request by hand, e.g. to test a handler without a server.
    public convenience init(
        method: HTTPMethod,
        path: String,
        queryItems: [(name: String, value: String)] = [],
        headers: HTTPHeaders = .init(),
        remoteAddress: String = "127.0.0.1",
        parameters: [String: String] = [:],
        body: RequestBody = .empty
    ) {
        self.init(
            method: method, path: path, queryItems: queryItems, headers: headers, remoteAddress: remoteAddress,
            parameters: parameters, body: body, temporaryFiles: TemporaryFiles(),
            temporaryDirectory: NSTemporaryDirectory(), memoryBodyThreshold: 256 << 10)
    }

    init(
        method: HTTPMethod,
        path: String,
        queryItems: [(name: String, value: String)],
        headers: HTTPHeaders,
        remoteAddress: String,
        parameters: [String: String],
        body: RequestBody,
        temporaryFiles: TemporaryFiles,
        temporaryDirectory: String,
        memoryBodyThreshold: Int
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.query = Dictionary(queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        self.headers = headers
        self.remoteAddress = remoteAddress
        self.parameters = parameters
        self.body = body
        self.temporaryFiles = temporaryFiles
        self.temporaryDirectory = temporaryDirectory
        self.memoryBodyThreshold = memoryBodyThreshold
    }

    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// Cookies from every `Cookie` header; the first of a repeated name wins, as browsers send the most specific first.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for header in headers.values("Cookie") {
            for pair in header.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingWhitespace()
                var value = pair[pair.index(after: equals)...].trimmingWhitespace()
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                if !name.isEmpty, result[name] == nil { result[name] = value }
            }
        }
        return result
    }

    /// The media type of the body without parameters, lower-cased (e.g. `application/json`).
    public var mediaType: String? {
        guard let contentType = headers["Content-Type"] else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingWhitespace().lowercased()
    }
}
