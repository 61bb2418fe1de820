import Foundation

/// Folding of names and queries into one comparable form: lower case, no accents,
/// punctuation and spaces collapsed to single spaces.
///
/// "São Paulo", "SAO-PAULO" and "sao  paulo" all fold to "sao paulo"; Hangul stays Hangul.
enum SearchText {
    /// Queries are cut to this many characters: no city name is longer, and it bounds the work.
    static let maximumQueryLength = 100

    /// Letters that carry no combining mark in Unicode, so decomposition alone does not fold them.
    private static let letterFolds: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l",
        "ı": "i", "þ": "th", "ŀ": "l", "ħ": "h", "ŧ": "t"
    ]

    /// Apostrophes vanish rather than split words: "N'Djamena" is found by "ndjamena".
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "’", "‘", "ʻ", "ʼ", "`", "´"]

    static func fold(_ text: some StringProtocol) -> String {
        let cut = String(text.prefix(maximumQueryLength))
        return foldASCIIAndHangul(cut) ?? foldUnicode(cut)
    }

    /// Hangul syllables: no case, no marks, and decomposing then recomposing gives them back.
    private static let hangulSyllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    /// `foldUnicode` for text of ASCII and Hangul syllables only, as the gazetteer's names are but
    /// for a few, without Foundation's decomposition: at a server's start every name is folded, and
    /// that took a third of the start's CPU. Nil for any other text.
    static func foldASCIIAndHangul(_ text: String) -> String? {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars where scalar != "'" && scalar != "`" {
            let value = scalar.value
            let word: Unicode.Scalar
            if value < 0x80 {
                let byte = UInt8(value)
                let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
                else {
                    pendingSpace = !folded.isEmpty
                    continue
                }
                word = Unicode.Scalar(lower)
            } else if hangulSyllables.contains(value) {
                word = scalar
            } else {
                return nil
            }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            folded.append(word)
        }
        return String(folded)
    }

    static func foldUnicode(_ text: String) -> String {
        // Lower-case before decomposing: lower-casing "İ" produces a combining dot to drop.
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in decomposed.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark || apostrophes.contains(scalar) {
                continue
            }
            let isWordScalar =
                scalar.properties.isAlphabetic || category == .decimalNumber
                || category == .spacingMark
            guard isWordScalar else {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            if let replacement = letterFolds[scalar] {
                folded.append(contentsOf: replacement.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        // Recompose so that decomposed Hangul jamo become syllables again.
        return String(folded).precomposedStringWithCanonicalMapping
    }
}
