/// Builds a safe FTS5 MATCH expression from user text: every token is quoted as a string
/// ("..." with inner quotes doubled) so `"`, `*`, `NEAR`, `AND/OR/NOT`, `-`, `:`, `^`, parentheses
/// are just text. Returns nil when the text has no searchable token.
///
/// Bind `description` as a parameter (`... MATCH ?`); never interpolate it into SQL.
public struct FTS5Pattern: Sendable, CustomStringConvertible {
    /// The MATCH string, to be BOUND as a parameter, never interpolated.
    public let description: String

    /// Every whitespace-separated token must occur: `red bik` → `"red"* AND "bik"*`.
    ///
    /// With `prefix` (the default) *every* token is a prefix, not only the last: people type
    /// partial words in any order ("bik red"), and a full word still matches itself.
    /// Tokens without a letter or digit (`*`, `-`, `(`) are dropped: the tokenizer would find
    /// nothing in them, and an empty phrase must not turn the query into "match nothing".
    public init?(matchingAllTokensIn text: String, prefix: Bool = true) {
        let tokens = Self.words(in: text).filter { word in
            word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        guard !tokens.isEmpty else { return nil }
        description = tokens.map { Self.quoted($0) + (prefix ? "*" : "") }.joined(separator: " AND ")
    }

    /// The whole text as one quoted phrase, for trigram tables where it matches as a substring.
    /// Runs of whitespace become one space, as people do not mean them.
    public init?(matchingPhrase text: String) {
        let words = Self.words(in: text)
        guard !words.isEmpty else { return nil }
        description = Self.quoted(words.joined(separator: " "))
    }

    /// Splits on whitespace and control characters (a NUL would end the C string early).
    private static func words(in text: String) -> [String] {
        text.unicodeScalars
            .split { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
            .map { String(String.UnicodeScalarView($0)) }
    }

    /// An FTS5 string: double quotes around, inner double quotes doubled.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
