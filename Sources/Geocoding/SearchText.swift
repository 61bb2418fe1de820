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
        return cut.utf8.allSatisfy { $0 < 0x80 } ? foldASCII(cut) : foldUnicode(cut)
    }

    /// `foldUnicode` for text that is all ASCII, as most city names are, without Foundation's
    /// decomposition: at a server's start every name of the gazetteer is folded.
    static func foldASCII(_ text: String) -> String {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 where byte != UInt8(ascii: "'") && byte != UInt8(ascii: "`") {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
            else {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace {
                folded.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            folded.append(lower)
        }
        return String(decoding: folded, as: UTF8.self)
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
