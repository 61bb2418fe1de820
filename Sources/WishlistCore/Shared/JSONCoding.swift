import Foundation

/// The one JSON dialect of the API, shared by server and client: camelCase keys as the types name
/// them, UTC dates in ISO 8601 with `Z` and milliseconds (`2026-11-29T13:33:49.123Z`, see
/// `Date.iso8601String`).
public enum JSONCoding {
    /// An encoder for the API's JSON: keys sorted, slashes unescaped, dates as ISO 8601 in UTC.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.iso8601String)
        }
        return encoder
    }

    /// A decoder for the API's JSON, its dates with or without fractional seconds.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = Date(iso8601String: try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date like 2026-11-29T13:33:49Z.")
            }
            return date
        }
        return decoder
    }
}
