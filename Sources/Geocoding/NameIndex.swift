/// A sorted array of folded names for prefix search by binary search.
///
/// Every name appears once whole and once per later word ("sao paulo", "paulo"), so a query
/// finds a city by the start of its name or of any word in it, in O(log n + matches).
struct NameIndex: Sendable {
    /// How well a name matched; lower is better, and the order of the cases is the ranking.
    enum Match: Int, Comparable, Sendable {
        case exact, namePrefix, wordPrefix

        static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct Entry: Sendable {
        /// UTF-8 of the folded name (or of its tail from a later word on); byte order is code-point order.
        let key: [UInt8]
        let city: Int32
        /// 0 for the city's own name, otherwise 1 + the index of the catalog language it came from.
        let language: UInt8
        let isLaterWord: Bool

        func match(forQueryOfLength length: Int) -> Match {
            if isLaterWord { return .wordPrefix }
            return key.count == length ? .exact : .namePrefix
        }
    }

    private let entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    /// The entries made for one name of one city; empty when the name folds to nothing.
    static func entries(name: String, city: Int32, language: UInt8) -> [Entry] {
        let folded = Array(SearchText.fold(name).utf8)
        guard !folded.isEmpty else { return [] }
        var made = [Entry(key: folded, city: city, language: language, isLaterWord: false)]
        for (offset, byte) in folded.enumerated() where byte == UInt8(ascii: " ") {
            made.append(Entry(key: Array(folded[(offset + 1)...]), city: city, language: language, isLaterWord: true))
        }
        return made
    }

    /// All entries whose key starts with `prefix`.
    func entries(withPrefix prefix: [UInt8]) -> ArraySlice<Entry> {
        let start = firstIndex { !$0.key.lexicographicallyPrecedes(prefix) }
        let end = firstIndex { !$0.key.lexicographicallyPrecedes(prefix) && !$0.key.starts(with: prefix) }
        return entries[start..<max(start, end)]
    }

    /// Binary search for the first entry satisfying a predicate that is false, then true, along the array.
    private func firstIndex(where isAtOrAfter: (Entry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
