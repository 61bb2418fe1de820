/// An error that knows how it looks to a client: rendered as
/// `{"error":{"code": code, "message": message}}` with `status` and `headers`.
public protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    var code: String { get }
    var message: String { get }
    var headers: HTTPHeaders { get }
}

extension HTTPResponseError {
    public var headers: HTTPHeaders { HTTPHeaders() }
}
