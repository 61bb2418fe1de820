import Foundation
import HTTPServer
import WishlistCore

extension Response {
    // Shared and never reconfigured after creation, so every worker thread may use it.
    private static let encoder = JSONCoding.encoder()

    /// A JSON answer in the API's dialect (`JSONCoding`).
    static func api<Value: Encodable>(_ value: Value, status: HTTPStatus = .ok) -> Response {
        .json(value, status: status, encoder: encoder)
    }

    /// The same answer for the values that write their own JSON (wishes, pages, searches): the
    /// same bytes in a fraction of the encoder's time. A value the writer refuses (a NaN) goes to
    /// the encoder, which refuses it too, so the answer is the encoder's 500 either way.
    static func api<Value: Encodable & JSONWritable>(_ value: Value, status: HTTPStatus = .ok) -> Response {
        guard let bytes = try? JSONWriter.bytes(of: value) else {
            return .json(value, status: status, encoder: encoder)
        }
        return .json(encoded: Data(bytes), status: status)
    }

    /// A versioned record (a wish, a journal entry) with its version as the `ETag`, which clients
    /// send back in `If-Match`.
    static func api<Value: Encodable & JSONWritable>(_ value: Value, version: Int, status: HTTPStatus = .ok) -> Response {
        var response = api(value, status: status)
        response.headers["ETag"] = "\"\(version)\""
        return response
    }
}
