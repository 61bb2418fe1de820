import Testing
import WishlistCore

@Suite struct StringWhitespaceTests {
    /// Trimming by characters, as `trimmingWhitespace` promises, without its shortcut.
    private static func trimmedByCharacters(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    @Test(arguments: [
        "", " ", "\u{3000}", "a", " a ", "\t가방\n", "\u{3000}가방\u{3000}", "가방", "café", "cafe\u{301}",
        // White space with a combining mark is one character, and white space: trimmed whole.
        " \u{301}", "abc \u{301}", "\u{301}abc", "a\u{A0}", "\r\nline\r\n", "이태원 클라쓰"
    ])
    func trimsWholeCharactersOfWhiteSpaceAtEitherEnd(text: String) {
        #expect(text.trimmingWhitespace() == Self.trimmedByCharacters(text))
    }

    @Test func keepsWhatIsInside() {
        #expect("  two  words \n".trimmingWhitespace() == "two  words")
        #expect("abc \u{301}".trimmingWhitespace() == "abc")
    }
}
