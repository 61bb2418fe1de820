import Foundation

/// One value of a result row, with its column's type: NULL, text as the server wrote it, or the
/// bytes of a `bytea`.
///
/// Results come in libpq's text format, in which every value is the server's own spelling of it
/// (`t` for true, `42`, `3.5`); `PostgresColumnDecodable` turns that into Swift values. A `bytea`
/// is unescaped into bytes as the row is read.
public struct PostgresValue: Sendable, Hashable {
    enum Content: Sendable, Hashable {
        case null
        case text(String)
        case bytes(Data)
    }

    /// The column's type.
    public let type: PostgresType
    let content: Content

    init(type: PostgresType, content: Content) {
        self.type = type
        self.content = content
    }

    /// Whether the value is SQL NULL.
    public var isNull: Bool { content == .null }

    /// The server's text for the value; nil for NULL and for a `bytea`.
    public var text: String? {
        guard case .text(let text) = content else { return nil }
        return text
    }
}
