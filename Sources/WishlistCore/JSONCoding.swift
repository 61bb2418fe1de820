import Foundation

/// The one JSON dialect of the API, shared by server and client: camelCase keys as the types name
/// them, UTC dates in ISO 8601 with `Z` and milliseconds (`2026-11-29T13:33:49.123Z`).
public enum JSONCoding {
    private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutMilliseconds = Date.ISO8601FormatStyle()

    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date like 2026-11-29T13:33:49Z.")
            }
            return date
        }
        return decoder
    }

    /// `date` as the API writes it.
    public static func format(_ date: Date) -> String {
        withMilliseconds.format(date)
    }

    /// An ISO 8601 UTC date with or without fractional seconds, or nil.
    public static func parse(_ text: String) -> Date? {
        (try? withMilliseconds.parse(text)) ?? (try? withoutMilliseconds.parse(text))
    }
}
