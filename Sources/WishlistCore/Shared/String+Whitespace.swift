extension String {
    /// The text without white space or line breaks at either end.
    public func trimmingWhitespace() -> String {
        // Most texts have nothing to trim; finding that out by characters costs grapheme breaking
        // from both ends (a tenth of a K-culture spots import). A character is white space when
        // its first scalar is, so the ends' scalars decide, unless the last scalar may extend a
        // character begun by white space: below U+0300 and among precomposed Hangul none can.
        if let first = unicodeScalars.first, let last = unicodeScalars.last,
            !first.properties.isWhitespace, !last.properties.isWhitespace,
            last.value < 0x300 || (0xAC00...0xD7A3).contains(last.value)
        {
            return self
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// Trimmed, with every inner run of white space turned into one space.
    func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
