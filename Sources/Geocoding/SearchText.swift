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
        // Lower-case before decomposing: lower-casing "İ" produces a combining dot to drop.
        let decomposed = String(text.prefix(maximumQueryLength)).lowercased()
            .decomposedStringWithCanonicalMapping
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
