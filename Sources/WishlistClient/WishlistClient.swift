import Foundation
import WishlistCore

/// The Swift client of the Wishlist REST API (`/api/v1`). The CLI and the API tests use it; an
/// app on any platform with Foundation could too. It authenticates with an API token, or with
/// the session cookie it keeps after `signIn`/`setUp` (sending the CSRF header the server asks for).
public final class WishlistClient: Sendable {
    /// The server's address, e.g. `https://wishlist.example.com`; paths are resolved against it.
    public let baseURL: URL
    private let token: String?
    private let sessionCookie = Locked<String?>(nil)
    let transport: any WishlistTransport

    static let sessionCookieName = "wishlist_session"

    /// A client of the server at `baseURL`, authenticated with an API token (`wishlist login`
    /// makes one; so does `createToken`), or signed out until `signIn`/`setUp` when `token` is nil.
    /// Its requests travel by `transport`: an app passes `URLSessionTransport()`.
    public init(baseURL: URL, token: String? = nil, transport: any WishlistTransport) {
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
    }

    /// The session cookie's value once signed in; nil otherwise.
    public var sessionToken: String? {
        get { sessionCookie.withLock { $0 } }
        set { sessionCookie.withLock { $0 = newValue } }
    }

    // MARK: Requests

    /// Sends one request as this client is signed in and returns the raw answer, whatever its status.
    /// A write under the API gets an `Idempotency-Key` unless `headers` has one, and is sent again
    /// after a lost answer (`exchangeRepeating`). `csrfHeader: false` leaves out `X-Requested-With` (tests of the CSRF rule use it).
    public func send(
        _ method: String, _ path: String, body: Data? = nil, contentType: String? = "application/json",
        headers: [String: String] = [:], csrfHeader: Bool = true
    ) async throws -> HTTPAnswer {
        let request = try makeRequest(
            method, path, body: body.map { .bytes($0) }, contentType: contentType,
            headers: Self.withIdempotencyKey(headers, method, path), csrfHeader: csrfHeader)
        return remembered(try await exchangeRepeating(request))
    }

    /// A request to `path` as this client is signed in; `headers` are set last, over the others.
    func makeRequest(
        _ method: String, _ path: String, body: WishlistRequest.Body? = nil, contentType: String? = nil,
        headers: [String: String] = [:], csrfHeader: Bool = true
    ) throws -> WishlistRequest {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            throw WishlistClientError.transport("'\(path)' is not a valid path.")
        }
        var fields: [String: String] = [:]
        if body != nil, let contentType { fields["Content-Type"] = contentType }
        if let token {
            fields["Authorization"] = "Bearer \(token)"
        } else if let cookie = sessionToken {
            fields["Cookie"] = "\(Self.sessionCookieName)=\(cookie)"
        }
        if csrfHeader { fields["X-Requested-With"] = "wishlist" }
        for (name, value) in headers {
            fields = fields.filter { $0.key.caseInsensitiveCompare(name) != .orderedSame }
            fields[name] = value
        }
        return WishlistRequest(method: method, url: url, headers: fields, body: body)
    }

    /// Runs one exchange with the transport; failing to reach the server is a transport error
    /// naming it, and a file of this side that could not be used is said as it is.
    func reaching<Result>(_ exchange: () async throws -> Result) async throws -> Result {
        do {
            return try await exchange()
        } catch {
            throw failure(error)
        }
    }

    /// What the caller is told of a transport's `error`: a file of this side as it is, else the
    /// transport error for failing to reach the server, naming it.
    func failure(_ error: any Error) -> any Error {
        if case .localFile = error as? WishlistTransportError { return error }
        return WishlistClientError.transport("Could not reach the server at \(baseURL.absoluteString): \(error)")
    }

    /// `answer`, after remembering the session cookie it sets.
    func remembered(_ answer: HTTPAnswer) -> HTTPAnswer {
        rememberSessionCookie(answer.headers["set-cookie"])
        return answer
    }

    /// Sends a request and decodes a successful JSON answer, or throws the server's error.
    public func request<Answer: Decodable>(
        _ method: String, _ path: String, json body: (some Encodable)? = nil as String?, as type: Answer.Type = Answer.self,
        headers: [String: String] = [:]
    ) async throws -> Answer {
        let answer = try await send(
            method, path, body: try body.map { try JSONCoding.encoder().encode($0) }, headers: headers)
        return try Self.decoded(answer, to: method, path)
    }

    /// The JSON of a successful answer to `method path`, or the server's error thrown.
    static func decoded<Answer: Decodable>(_ answer: HTTPAnswer, to method: String, _ path: String) throws -> Answer {
        try check(answer)
        do {
            let decoded = try JSONCoding.decoder().decode(Answer.self, from: answer.body)
            noteAnswerJSON(answer.body)
            return decoded
        } catch {
            throw WishlistClientError.transport("The server's answer to \(method) \(path) was not understood: \(error)")
        }
    }

    /// Sends a request whose successful answer has no body (204).
    public func requestWithoutAnswer(
        _ method: String, _ path: String, json body: (some Encodable)? = nil as String?
    ) async throws {
        let answer = try await send(method, path, body: try body.map { try JSONCoding.encoder().encode($0) })
        try Self.check(answer)
    }

    // MARK: Requests from the route table

    /// Sends `route` with its path `parameters` and `query` filled in (`APIRoute.path`) and returns
    /// the raw answer, whatever its status.
    public func send(
        _ route: APIRoute, _ parameters: [String: String] = [:], query: [URLQueryItem] = [], body: Data? = nil,
        contentType: String? = "application/json", headers: [String: String] = [:]
    ) async throws -> HTTPAnswer {
        try await send(
            route.method.rawValue, try route.path(parameters, query: query), body: body, contentType: contentType,
            headers: headers)
    }

    /// Sends `route` (its path `parameters` and `query` filled in) and decodes a successful JSON
    /// answer, or throws the server's error.
    public func request<Answer: Decodable>(
        _ route: APIRoute, _ parameters: [String: String] = [:], query: [URLQueryItem] = [],
        json body: (some Encodable)? = nil as String?, as type: Answer.Type = Answer.self, headers: [String: String] = [:]
    ) async throws -> Answer {
        try await request(
            route.method.rawValue, try route.path(parameters, query: query), json: body, as: type, headers: headers)
    }

    /// Sends `route` whose successful answer has no body (204).
    public func requestWithoutAnswer(
        _ route: APIRoute, _ parameters: [String: String] = [:], json body: (some Encodable)? = nil as String?
    ) async throws {
        try await requestWithoutAnswer(route.method.rawValue, try route.path(parameters), json: body)
    }

    /// The path parameters of a route that names a record by `id`.
    static func id(_ id: UUID) -> [String: String] { ["id": id.uuidString.lowercased()] }

    /// Throws the server's error for a non-2xx answer.
    static func check(_ answer: HTTPAnswer) throws {
        guard !(200..<300).contains(answer.status) else { return }
        if let error = ErrorBody.decoded(answer.body) {
            noteErrorField(error.error.field)
            throw WishlistClientError.server(status: answer.status, code: error.error.code, message: error.error.message)
        }
        // Redirections are not followed, which would carry the credentials elsewhere: a server
        // that sends every request on (http to https, a new host) is named, for the person to use.
        if (300..<400).contains(answer.status), let location = answer.headers["location"] {
            throw WishlistClientError.server(
                status: answer.status, code: "redirected",
                message: "The server sends this request on to \(location): use that address as the server.")
        }
        throw WishlistClientError.server(
            status: answer.status, code: "http_\(answer.status)", message: "The server answered with status \(answer.status).")
    }

    /// The API's error answer, `{"error": {code, message, field?}}`.
    struct ErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Detail

        /// The error in `body`, or nil when it is not one.
        static func decoded(_ body: Data) -> ErrorBody? {
            try? JSONDecoder().decode(ErrorBody.self, from: body)
        }
    }

    private func rememberSessionCookie(_ header: String?) {
        guard let header, let pair = header.split(separator: ";").first else { return }
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == Self.sessionCookieName else { return }
        sessionToken = parts[1].isEmpty ? nil : String(parts[1])
    }
}
