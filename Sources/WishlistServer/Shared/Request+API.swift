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

    /// The version in `If-Match: "3"` (also `W/"3"`), the record's `ETag` as the client saw it;
    /// nil when absent or `*`.
    func expectedVersion() throws -> Int? {
        guard let header = headers["If-Match"]?.trimmingCharacters(in: .whitespaces), header != "*" else {
            return nil
        }
        let unquoted = header.replacingOccurrences(of: "W/", with: "").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard let version = Int(unquoted) else {
            throw HTTPError(
                .badRequest, code: "invalid_if_match",
                message: "If-Match must hold the version from the record's ETag, like \"3\".")
        }
        return version
    }
}
