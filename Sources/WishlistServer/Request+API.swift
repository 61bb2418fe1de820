import Foundation
import HTTPServer
import WishlistCore

extension Request {
    private static let decoder = JSONCoding.decoder()

    /// The JSON body in the API's dialect; 415 for another content type, 400 for malformed JSON.
    func apiBody<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decode(type, decoder: Self.decoder)
    }

    /// The `{id}` of the path; nil when it is not a UUID, which each controller answers as it
    /// answers an id the account does not have.
    var idParameter: UUID? {
        parameters["id"].flatMap(UUID.init(uuidString:))
    }
}
