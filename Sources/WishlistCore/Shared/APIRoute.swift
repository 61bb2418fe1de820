import Foundation

/// One operation of the server's HTTP API: a method, a path template such as
/// `/api/v1/wishes/{id}` (a last segment `{name...}` takes the rest of the path, several
/// segments) and the names of the query parameters it reads.
///
/// Every route is a member of the table in `APIRoute+Table.swift` (`APIRoute.Wishes.update`…):
/// the server registers its handlers from it, the Swift client builds its requests from it, and
/// `RouteTableTests` holds it equal to `openapi.json` and to the server's router.
public struct APIRoute: Sendable, Hashable, CustomStringConvertible {
    /// The methods the API uses, spelled as on the wire.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The HTTP methods the API uses.
    public enum Method: String, Sendable, CaseIterable {
        case GET, POST, PUT, PATCH, DELETE
    }

    /// One segment of the template.
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        /// `{name...}`: the rest of the path.
        case rest(String)
    }

    /// Where the REST API's paths start (the rest is the web app, media and health).
    public static let apiPrefix = "/api/v1/"

    public let method: Method
    /// The path as the router reads it, e.g. `/api/v1/wishes/{id}` or `/static/{version}/{path...}`.
    public let template: String
    /// The query parameters the route reads, in the order `openapi.json` lists them.
    public let queryParameters: [String]
    let segments: [Segment]

    /// A route of the table; the template is written by programmers, so a malformed one stops the
    /// program the first time the table is read.
    init(_ method: Method, _ template: String, query: [String] = []) {
        precondition(template.hasPrefix("/"), "a route's template starts with '/': \(template)")
        let parts = template.split(separator: "/", omittingEmptySubsequences: true)
        segments = parts.enumerated().map { index, part in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(String(part)) }
            let name = String(part.dropFirst().dropLast())
            if name.hasSuffix("...") {
                precondition(index == parts.count - 1, "'{name...}' must be the last segment of \(template)")
                return .rest(String(name.dropLast(3)))
            }
            precondition(!name.isEmpty, "empty parameter name in \(template)")
            return .parameter(name)
        }
        self.method = method
        self.template = template
        queryParameters = query
    }

    /// The names of the path's parameters, in the order they appear.
    public var pathParameters: [String] {
        segments.compactMap { segment in
            switch segment {
            case .literal: nil
            case .parameter(let name), .rest(let name): name
            }
        }
    }

    /// `GET /api/v1/wishes/{id}`.
    public var description: String { "\(method.rawValue) \(template)" }

    /// The path of one request: each `{name}` replaced by `parameters[name]` percent-encoded as one
    /// segment (a `{name...}` value may hold several, split at `/`), then the query `items`. A
    /// parameter missing or unknown, a query item the route does not read, and a value that could
    /// not stay the segment it fills (empty, `.`, `..`, or a `/` in a one-segment parameter: the
    /// server decodes `%2F` before it splits the path) are refused rather than sent somewhere else.
    public func path(_ parameters: [String: String] = [:], query items: [URLQueryItem] = []) throws(ValidationError) -> String {
        if let unknown = Set(parameters.keys).subtracting(pathParameters).sorted().first {
            throw ValidationError(field: unknown, code: "unknown_parameter", message: "\(self) has no path parameter '\(unknown)'.")
        }
        if let unknown = items.first(where: { !queryParameters.contains($0.name) }) {
            throw ValidationError(
                field: unknown.name, code: "unknown_parameter", message: "\(self) reads no query parameter '\(unknown.name)'.")
        }
        var path = ""
        for segment in segments {
            switch segment {
            case .literal(let text):
                path += "/" + text
            case .parameter(let name):
                let value = try value(of: name, in: parameters)
                guard !value.utf8.contains(UInt8(ascii: "/")) else { throw Self.unusable(name, value) }
                path += "/" + (try Self.encodedSegment(value, name))
            case .rest(let name):
                let value = try value(of: name, in: parameters)
                for part in value.split(separator: "/", omittingEmptySubsequences: false) {
                    path += "/" + (try Self.encodedSegment(String(part), name))
                }
            }
        }
        return Self.adding(items, to: path.isEmpty ? "/" : path)
    }

    /// `path?query`, every value percent-encoded (`+` and `&` too, which URLComponents leaves).
    public static func adding(_ items: [URLQueryItem], to path: String) -> String {
        guard !items.isEmpty else { return path }
        let query = items.map { item in "\(item.name)=\(PercentEncoding.queryValue.encode(item.value ?? ""))" }
        return path + "?" + query.joined(separator: "&")
    }

    private func value(of name: String, in parameters: [String: String]) throws(ValidationError) -> String {
        guard let value = parameters[name] else {
            throw ValidationError(field: name, code: "missing_parameter", message: "\(self) needs its '\(name)'.")
        }
        return value
    }

    private static func encodedSegment(_ value: String, _ name: String) throws(ValidationError) -> String {
        guard !value.isEmpty, value != ".", value != ".." else { throw unusable(name, value) }
        return PercentEncoding.pathSegment.encode(value)
    }

    private static func unusable(_ name: String, _ value: String) -> ValidationError {
        ValidationError(
            field: name, code: "invalid_path_parameter",
            message: "'\(value)' cannot be the \(name) in a path: it must not be empty, '.', '..' or hold a '/'.")
    }
}
