import Foundation
import HTTPServer
import WishlistCore

extension Response {
    // Shared and never reconfigured after creation, so every connection thread may use it.
    private static let encoder = JSONCoding.encoder()

    /// A JSON answer in the API's dialect (`JSONCoding`).
    static func api<Value: Encodable>(_ value: Value, status: HTTPStatus = .ok) -> Response {
        .json(value, status: status, encoder: encoder)
    }
}

extension Request {
    private static let decoder = JSONCoding.decoder()

    /// The JSON body in the API's dialect; 415 for another content type, 400 for malformed JSON.
    func apiBody<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decode(type, decoder: Self.decoder)
    }
}
