/// A ready-made `HTTPResponseError` for handlers that need no error type of their own.
public struct HTTPError: HTTPResponseError, Equatable, CustomStringConvertible {
    public let status: HTTPStatus
    public let code: String
    public let message: String
    public let headers: HTTPHeaders
    public let field: String?

    public init(
        _ status: HTTPStatus, code: String, message: String, field: String? = nil, headers: HTTPHeaders = .init()
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.message == rhs.message
    }

    public var description: String { "\(status.code) \(code): \(message)" }
}
