import Foundation
import SQLite
import WishlistCore

/// How texts become tokens of the bigram indexes (`wish_search` for wish names, `journal_search`
/// for journal entries' titles and contents, `spot_title_search` and the place names in
/// `spot_search`), and queries become patterns (`SearchPattern`), on both engines: the tokens are
/// made here once, and FTS5 (SQLite) and `tsvector` (PostgreSQL, `SearchVector`) are given the same.
///
/// Every word of a text (a run of letters and digits, in NFC and lower case) is indexed as the
/// bigram starting at each of its characters, the last one alone: "bike" → `bi ik ke e`.
/// A query word of two or more characters is then the phrase of its bigrams, which occurs exactly
/// when the word is a substring of an indexed word — "가방" in "여행 가방", "신발" in "운동신발",
/// "bik" in "bike" — and a one-character word is a prefix query on the bigrams. This finds
/// mid-word matches in scripts without spaces, where SQLite's trigram tokenizer (and PostgreSQL's
/// `pg_trgm`) finds nothing for the two-syllable words Korean is full of. Every token starts with
/// the index's prefix: the indexes of accounts' records give each account `o<owner>x`, so that
/// accounts have disjoint vocabularies; the spots, shared by everyone, have none.
///
/// SQLite's indexes are contentless: an entry is removed by indexing its text again as a 'delete',
/// so changing how documents are made needs a migration that rebuilds the index (and so does
/// PostgreSQL's, whose entries are the same tokens). FTS5's tokenizer also folds Latin diacritics
/// (`remove_diacritics 2`: "cafe" finds "café"), and `SearchVector` folds PostgreSQL's lexemes alike.
enum SearchGrams {
    /// The comparable form of a name or query: canonical composition (a Mac may send decomposed
    /// Hangul) and lower case.
    static func key(_ text: String) -> String {
        text.canonicallyComposed.lowercased()
    }

    /// A query or its key as a value bound to a statement on either engine: PostgreSQL's text
    /// holds no NUL (so no key stored there has one), and a NUL becomes U+FFFD, which no key
    /// holds either, rather than an error.
    static func bindable(_ key: String) -> String {
        key.contains("\u{0}") ? key.replacing("\u{0}", with: "\u{FFFD}") : key
    }

    /// ``key(_:)`` with everything but letters and digits taken out, so spacing and punctuation do
    /// not matter: "이태원클라쓰" and "이태원 클라쓰", "fromis_9" and "Fromis 9".
    static func compactKey(_ text: String) -> String {
        String(key(text).filter { $0.isLetter || $0.isNumber })
    }

    /// The bigram tokens of a text, in order.
    ///
    /// With `joiningWords`, the words are indexed as one, so a query matches across the spaces
    /// of the text ("이태원클라쓰" finds "이태원 클라쓰") as well as word by word.
    static func tokens(_ text: String, prefix: String, joiningWords: Bool = false) -> [String] {
        let words = joiningWords ? [Substring(compactKey(text))] : words(of: text)
        var tokens: [String] = []
        for word in words where !word.isEmpty {
            for index in word.indices {
                let end = word.index(index, offsetBy: 2, limitedBy: word.endIndex) ?? word.endIndex
                tokens.append(prefix + String(word[index..<end]))
            }
        }
        return tokens
    }

    /// The pattern of a search in a bigram index: every query word must occur in the text. `nil`
    /// when the query has no letters or digits.
    static func pattern(query: String, prefix: String) -> SearchPattern? {
        pattern(query: query) { word in phrase(word, prefix: prefix) }
    }

    /// The pattern requiring every query word, each as `match` asks for it. `nil` when the query
    /// has no letters or digits.
    static func pattern(query: String, eachWord match: (Substring) -> SearchPattern.Word?) -> SearchPattern? {
        SearchPattern(requiring: words(of: query).compactMap(match))
    }

    /// What finds one query word in a bigram index: the phrase of its bigrams, or for a single
    /// character the bigrams starting with it.
    static func phrase(_ word: Substring, prefix: String) -> SearchPattern.Word? {
        guard word.count > 1 else {
            let token = prefix + String(word)
            return FTS5Pattern(matchingAllTokensIn: token, prefix: true).map { fts5 in
                SearchPattern.Word(fts5: fts5.description, tsquery: SearchVector.prefix(token))
            }
        }
        let bigrams = zip(word, word.dropFirst()).map { prefix + String($0) + String($1) }
        return FTS5Pattern(matchingPhrase: bigrams.joined(separator: " ")).map { fts5 in
            SearchPattern.Word(
                fts5: fts5.description, tsquery: SearchVector.phrase(bigrams),
                lexeme: bigrams.count == 1 ? SearchVector.foldingDiacritics(bigrams[0]) : nil)
        }
    }

    /// What a bigram index holds for an account's `text` (a wish's name, a journal entry).
    static func gramsDocument(_ text: String, owner: UserKey) -> SearchDocument {
        SearchDocument(grams: tokens(text, prefix: tokenPrefix(owner)))
    }

    /// The pattern of a search in the account's texts.
    static func pattern(query: String, owner: UserKey) -> SearchPattern? {
        pattern(query: query, prefix: tokenPrefix(owner))
    }

    /// How long a start of a word `wish_text_search` indexes: a longer query word is looked up by
    /// its first this many characters.
    static let textPrefixLimit = 20

    /// The index text of a wish's memo and its link's site in `wish_text_search`: every start of
    /// every word (up to ``textPrefixLimit`` characters), each token carrying its owner, so that a
    /// query word is one whole token ("가방" is a token of "가방을"). A prefix query (`가방*`) would
    /// merge the posting lists of every word starting so: 55 ms at a million wishes, where one
    /// token's list is read lazily, newest first, in under a millisecond. Empty (`isEmpty`) when
    /// there is nothing to index.
    static func textDocument(memo: String?, link: String?, owner: UserKey) -> SearchDocument {
        SearchDocument(words: textTokens(memo: memo, link: link, owner: owner))
    }

    /// The tokens of ``textDocument(memo:link:owner:)``, each once.
    private static func textTokens(memo: String?, link: String?, owner: UserKey) -> [String] {
        let prefix = tokenPrefix(owner)
        var seen = Set<Substring>()
        var tokens: [String] = []
        for word in words(of: memo ?? "") + words(of: site(ofLink: link) ?? "") {
            let word = word.prefix(textPrefixLimit)
            for end in word.indices.dropFirst() + [word.endIndex] where seen.insert(word[..<end]).inserted {
                tokens.append(prefix + word[..<end])
            }
        }
        return tokens
    }

    /// The pattern of a search in `wish_text_search`: every query word starting a word of the
    /// account's memos and sites ("가방" finds "가방을"). `nil` when the query has no words.
    static func textPattern(query: String, owner: UserKey) -> SearchPattern? {
        let prefix = tokenPrefix(owner)
        return pattern(query: query) { word in
            let token = prefix + word.prefix(textPrefixLimit)
            return FTS5Pattern(matchingAllTokensIn: token, prefix: false).map { fts5 in
                SearchPattern.Word(fts5: fts5.description, tsquery: SearchVector.token(token))
            }
        }
    }

    /// The site of a link as people name it: its host in lower case without `www.`
    /// ("https://www.musinsa.com/app/…" → "musinsa.com"); nil for no link or one without a host.
    static func site(ofLink link: String?) -> String? {
        guard let link, let host = URLComponents(string: link)?.host?.lowercased(), !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    private static func tokenPrefix(_ owner: UserKey) -> String {
        "o\(owner.rawValue)x"
    }

    /// The words of a text or query in their comparable form (``key(_:)``): runs of letters and digits.
    static func words(of text: String) -> [Substring] {
        key(text).split { !($0.isLetter || $0.isNumber) }
    }
}
