import Foundation

extension KeyedDecodingContainer {
    /// Decodes an ISO 8601 string whatever date strategy the decoder was given.
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = Date(iso8601String: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected an ISO 8601 date such as 2026-11-29T13:37:15.123Z.")
        }
        return date
    }

    func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeTimestamp(forKey: key)
    }
}
