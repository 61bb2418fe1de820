import Foundation

/// The `tags` column of `wishes`: the wish's tags in order, as a JSON array of strings.
enum TagsColumn {
    static func text(of tags: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
    }

    /// The tags in a column's text; nil when it is not a JSON array of strings.
    ///
    /// Text without a backslash or a control character (nearly every wish's) has no escapes, so each
    /// of its quotes opens or closes a tag and it is split at them. `JSONDecoder` reads the rest: on
    /// every row it cost a tenth of a search of 50 wishes.
    static func tags(in text: String) -> [String]? {
        var text = text
        if let tags = text.withUTF8(tagsWithoutEscapes) { return tags }
        return try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    /// `[]` or `["a","b",…]` exactly as the encoder writes it, or nil to leave the text to the decoder.
    private static func tagsWithoutEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard !utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else { return nil }
        // Between the quotes, in turn: `[`, a tag, `,`, a tag, …, `]` — or `[]` alone.
        let parts = utf8.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
        guard parts.count > 1 else { return parts[0].elementsEqual("[]".utf8) ? [] : nil }
        guard parts.count % 2 == 1, parts[0].elementsEqual("[".utf8), parts[parts.count - 1].elementsEqual("]".utf8),
            stride(from: 2, to: parts.count - 1, by: 2).allSatisfy({ parts[$0].elementsEqual(",".utf8) })
        else { return nil }
        return stride(from: 1, to: parts.count, by: 2).map { String(decoding: parts[$0], as: UTF8.self) }
    }
}
