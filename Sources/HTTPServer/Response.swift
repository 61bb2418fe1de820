import Foundation

/// What a handler answers: status, headers and body.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: ResponseBody
    /// Whether `CompressionMiddleware` may gzip the body; never unless the handler says so.
    public var compression: ResponseCompression = .never

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = .init(), body: ResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body; dates are ISO 8601. If the value cannot be encoded the answer is a 500 error body.
    public static func json<T: Encodable>(
        _ value: T, status: HTTPStatus = .ok, encoder: JSONEncoder = Response.makeJSONEncoder()
    ) -> Response {
        guard let data = try? encoder.encode(value) else {
            return Response(error: ServerErrorBody.internalError)
        }
        return json(encoded: data, status: status)
    }

    /// A body that is JSON already, as UTF-8 bytes.
    public static func json(encoded data: Data, status: HTTPStatus = .ok) -> Response {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .data(data))
    }

    /// The encoder `json(_:status:encoder:)` uses by default: ISO 8601 dates,
    /// slashes left unescaped, keys sorted when asked (stable output for tests and caches).
    public static func makeJSONEncoder(sortedKeys: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = sortedKeys ? [.withoutEscapingSlashes, .sortedKeys] : [.withoutEscapingSlashes]
        return encoder
    }

    /// The JSON rendering of an error: `{"error":{"code":…,"message":…}}` with its status and headers.
    public init(error: any HTTPResponseError) {
        let body = ServerErrorBody(error: .init(code: error.code, message: error.message, field: error.field))
        let data = (try? Response.makeJSONEncoder(sortedKeys: true).encode(body)) ?? Data()
        var headers = error.headers
        headers["Content-Type"] = "application/json; charset=utf-8"
        self.init(status: error.status, headers: headers, body: .data(data))
    }
}
