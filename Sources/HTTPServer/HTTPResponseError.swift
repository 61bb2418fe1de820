/// An error that knows how it looks to a client: rendered as
/// `{"error":{"code": code, "message": message, "field": field}}` with `status` and `headers`.
public protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    var code: String { get }
    var message: String { get }
    var headers: HTTPHeaders { get }
    /// The input field at fault, for errors about one field; rendered as `"field"` when present.
    var field: String? { get }
}

extension HTTPResponseError {
    public var headers: HTTPHeaders { HTTPHeaders() }
    public var field: String? { nil }
}
