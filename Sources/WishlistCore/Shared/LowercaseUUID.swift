import Foundation

/// Codes a UUID as lower-case text, the API's spelling of ids (Foundation writes upper case).
/// Types with synthesized coding wear it as a property wrapper; a hand-written `encode(to:)`
/// encodes `LowercaseUUID(wrappedValue: id)`; `JSONWriter.uuid(_:)` writes the same bytes.
@propertyWrapper
public struct LowercaseUUID: Codable, Hashable, Sendable {
    public var wrappedValue: UUID

    /// Wraps `wrappedValue`.
    public init(wrappedValue: UUID) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a UUID.")
        }
        wrappedValue = uuid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.uuidString.lowercased())
    }
}

extension LowercaseUUID: JSONWritable {
    public func write(to json: inout JSONWriter) { json.uuid(wrappedValue) }
}
