import Foundation
import SQLite
import WishlistCore

/// How text becomes tokens of the bigram search indexes (`wish_search` for wish names,
/// `journal_search` for journal entries' titles and contents), and queries become MATCH expressions.
///
/// Every word of a text (a run of letters and digits, in NFC and lower case) is indexed as the
/// bigram starting at each of its characters, the last one alone: "bike" → `bi ik ke e`.
/// A query word of two or more characters is then the phrase of its bigrams, which occurs exactly
/// when the word is a substring of a word of the text — "가방" in "여행 가방", "신발" in "운동신발",
/// "bik" in "bike" — and a one-character word is a prefix query on the bigrams. This finds
/// mid-word matches in scripts without spaces, where SQLite's trigram tokenizer finds nothing
/// for the two-syllable words Korean is full of. Each token starts with `o<owner>x` so that
/// accounts have disjoint vocabularies.
///
/// The indexes are contentless: an entry is removed by indexing its text again as a 'delete', so
/// changing how documents are made needs a migration that rebuilds them.
enum SearchGrams {
    /// The comparable form of a text or query: canonical composition (a Mac may send decomposed
    /// Hangul) and lower case.
    static func key(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The index text of `text`: its tokens separated by spaces.
    static func document(_ text: String, owner: UserKey) -> String {
        let prefix = tokenPrefix(owner)
        var tokens: [String] = []
        for word in words(of: text) {
            for index in word.indices {
                let end = word.index(index, offsetBy: 2, limitedBy: word.endIndex) ?? word.endIndex
                tokens.append(prefix + String(word[index..<end]))
            }
        }
        return tokens.joined(separator: " ")
    }

    /// The MATCH expression of a search: every query word must occur in the text. `nil` when
    /// the query has no letters or digits.
    static func pattern(query: String, owner: UserKey) -> String? {
        let prefix = tokenPrefix(owner)
        let parts = words(of: query).compactMap { word -> String? in
            guard word.count > 1 else {
                return FTS5Pattern(matchingAllTokensIn: prefix + String(word), prefix: true)?.description
            }
            let bigrams = zip(word, word.dropFirst()).map { prefix + String($0) + String($1) }
            return FTS5Pattern(matchingPhrase: bigrams.joined(separator: " "))?.description
        }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    private static func tokenPrefix(_ owner: UserKey) -> String {
        "o\(owner.rawValue)x"
    }

    private static func words(of text: String) -> [Substring] {
        let normalized = key(text)
        return normalized.split { !($0.isLetter || $0.isNumber) }
    }
}
