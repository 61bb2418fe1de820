import Foundation

/// A record of the account whose id starts with a given prefix: `GET /api/v1/ids?prefix=`, which
/// lets the command line take a short id as git does, and shows names beside ids in completion.
public struct IDMatch: Codable, Sendable, Hashable {
    /// The kinds of record a prefix is looked up among.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case wish
        case journalEntry
        case photo
        case recentSearch
        case spot
    }

    public let kind: Kind
    public let id: UUID
    /// What a person knows it by: a wish's or spot's name, an entry's title, a search's words, the
    /// name of the wish a photo is on; nil for a photo on no wish.
    public let name: String?

    /// A record found by its id's prefix.
    public init(kind: Kind, id: UUID, name: String?) {
        self.kind = kind
        self.id = id
        self.name = name
    }

    /// The most matches answered of each kind: enough to list the candidates of an ambiguous
    /// prefix, or a screenful of completions.
    public static let limitPerKind = 20

    /// `text` as a prefix of a lower-case id: 1 to 36 of its characters (hexadecimal digits and
    /// dashes), any case; else a validation error about the `prefix` parameter.
    public static func prefix(parameter text: String?) throws(ValidationError) -> String {
        let prefix = (text ?? "").lowercased()
        guard (1...36).contains(prefix.count), prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw ValidationError(
                field: "prefix", code: "invalid_id_prefix",
                message: "prefix must be the start of an id: 1 to 36 hexadecimal digits and dashes.")
        }
        return prefix
    }

    /// The `type` parameter: one kind, or every kind when absent.
    public static func kinds(parameter text: String?) throws(ValidationError) -> [Kind] {
        guard let text else { return Kind.allCases }
        guard let kind = Kind(rawValue: text) else {
            throw ValidationError(
                field: "type", code: "invalid_id_type",
                message: "type must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return [kind]
    }
}
