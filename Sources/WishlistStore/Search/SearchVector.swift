import Foundation
import WishlistCore

/// `SearchGrams`' tokens in PostgreSQL's text-search types, written as literals of quoted lexemes
/// and cast (`CAST(:tokens AS tsvector)`, `CAST(:query AS tsquery)`): no text-search configuration
/// runs, so no parser or dictionary splits, stems or drops a token. FTS5's own tokenizer changes
/// one thing in the tokens it is given, `remove_diacritics 2`: a Latin letter with accents is
/// its plain letter ("café" is found by "cafe"); every lexeme here is folded the same way
/// (``foldingDiacritics(_:)``), so both engines hold the same tokens and find the same records.
///
/// A `tsvector` keeps positions from 1 to 16,383 (a larger one is stored as 16,383) and at most 256
/// positions of one lexeme, and a phrase (`'a' <-> 'b'`) is found by positions. A journal entry may
/// have 50,200 characters, so a long text's bigrams are stored in parts that each stay within both
/// limits, overlapping by more than any query word's phrase: every phrase of the text lies whole
/// in some part, and a search asks for each query word in any part of a record (`SearchIndex`).
enum SearchVector {
    /// The largest position a `tsvector` keeps.
    static let maxPosition = 16_383
    /// How many positions of one lexeme a `tsvector` keeps.
    static let maxPositionsPerLexeme = 256
    /// How many tokens consecutive parts share: a query word has at most `WishSearchResult.queryLimit`
    /// characters, so its phrase spans fewer tokens than this.
    static let partOverlap = WishSearchResult.queryLimit

    /// The `tsvector` literals of a bigram document's tokens (in order, positions from 1): one
    /// for any name or title, more for a text too long for one. None for no tokens.
    static func parts(_ tokens: [String]) -> [String] {
        // Counted as stored: two tokens that fold alike are one lexeme.
        let tokens = tokens.map(foldingDiacritics)
        var parts: [String] = []
        var start = 0
        while start < tokens.count {
            var seen: [String: Int] = [:]
            var end = start
            while end < tokens.count, end - start < maxPosition, seen[tokens[end], default: 0] < maxPositionsPerLexeme {
                seen[tokens[end], default: 0] += 1
                end += 1
            }
            parts.append(vector(tokens[start..<end]))
            guard end < tokens.count else { break }
            // A part holds at least 256 tokens, more than the overlap: the next starts later.
            start = end - partOverlap
        }
        return parts
    }

    /// The `tsvector` literal of tokens at positions from `first`, none past ``maxPosition``.
    static func vector<Tokens: Collection<String>>(_ tokens: Tokens, from first: Int = 1) -> String {
        var positions: [String: [Int]] = [:]
        var order: [String] = []
        for (offset, token) in tokens.enumerated() {
            if positions[token] == nil { order.append(token) }
            positions[token, default: []].append(min(first + offset, maxPosition))
        }
        return order.map { token in
            quoted(token) + ":" + positions[token, default: []].map(String.init).joined(separator: ",")
        }.joined(separator: " ")
    }

    /// The `tsvector` literal of tokens without positions, for an index asked only whether a token
    /// is there (`wish_text_search`).
    static func lexemes(_ tokens: [String]) -> String {
        tokens.map(quoted).joined(separator: " ")
    }

    /// The `tsquery` of a phrase of tokens.
    static func phrase(_ tokens: [String]) -> String {
        tokens.map(quoted).joined(separator: " <-> ")
    }

    /// The `tsquery` of every lexeme starting with `token`.
    static func prefix(_ token: String) -> String {
        quoted(token) + ":*"
    }

    /// The `tsquery` of one whole token.
    static func token(_ token: String) -> String {
        quoted(token)
    }

    /// A lexeme quoted for a `tsvector` or `tsquery` literal: quotes doubled and backslashes
    /// escaped, so that nothing in it is read as syntax. (`SearchGrams`' tokens are letters and
    /// digits; this keeps a literal sound whatever they become.)
    static func quoted(_ token: String) -> String {
        let token = foldingDiacritics(token)
        // Most tokens need no escaping, and `replacing` searches generically, slowly.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\") }) else {
            return "'" + token + "'"
        }
        return "'" + token.replacing("\\", with: "\\\\").replacing("'", with: "''") + "'"
    }

    /// The token with each Latin letter that is a base letter and accents (U+0300–U+036F) made the
    /// base letter alone, as FTS5's `remove_diacritics 2` folds them: "fé" → "fe", "ệ" → "e".
    /// Hangul and every other script stay as they are.
    static func foldingDiacritics(_ token: String) -> String {
        guard token.unicodeScalars.contains(where: isAccentedLatin) else { return token }
        var folded = String.UnicodeScalarView()
        for scalar in token.unicodeScalars {
            let parts: [Unicode.Scalar] =
                isAccentedLatin(scalar) ? Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars) : [scalar]
            if let base = parts.first, parts.dropFirst().allSatisfy({ (0x300...0x36F).contains($0.value) }) {
                folded.append(base)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// Whether a scalar lies where Latin letters with accents are (Latin-1 Supplement, Latin
    /// Extended-A and -B, Latin Extended Additional).
    private static func isAccentedLatin(_ scalar: Unicode.Scalar) -> Bool {
        (0xC0...0x24F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
    }
}
