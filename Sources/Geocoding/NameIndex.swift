import Glibc

/// A sorted array of folded names for prefix search by binary search.
///
/// Every name appears once whole and once per later word ("sao paulo", "paulo"), so a query
/// finds a city by the start of its name or of any word in it, in O(log n + matches).
///
/// The keys of all entries lie end to end in one byte array and an entry only points into it, so
/// sorting the hundreds of thousands of entries moves plain values and compares with `memcmp`:
/// with an array per key it was most of a server's start (the sort retaining and releasing each).
struct NameIndex: Sendable {
    /// How well a name matched; lower is better, and the order of the cases is the ranking.
    enum Match: Int, Comparable, Sendable {
        case exact, namePrefix, wordPrefix

        static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// 12 bytes: there are about 150,000 of them, kept for the life of the server.
    struct Entry: Sendable {
        /// Where the key lies in `keys`: UTF-8 of the folded name (or of its tail from a later
        /// word on); byte order is code-point order.
        let start: Int32
        let city: Int32
        let length: UInt16
        /// 0 for the city's own name, otherwise 1 + the index of the catalog language it came from.
        let language: UInt8
        let isLaterWord: Bool

        func match(forQueryOfLength length: Int) -> Match {
            if isLaterWord { return .wordPrefix }
            return Int(self.length) == length ? .exact : .namePrefix
        }
    }

    /// Collects the names, then sorts them once in `build`.
    struct Builder {
        private var keys: [UInt8] = []
        private var entries: [Entry] = []

        /// Adds a name of `city` (already folded, `NameIndex.key`): whole, and from each later
        /// word on. A name that folds to nothing adds nothing.
        mutating func add(_ folded: [UInt8], city: Int32, language: UInt8) {
            // No place has a name of 64 kB; one would be left out rather than cut.
            guard !folded.isEmpty, folded.count <= Int(UInt16.max) else { return }
            let start = keys.count
            keys += folded
            entries.append(Entry(start: Int32(start), city: city, length: UInt16(folded.count), language: language, isLaterWord: false))
            for (offset, byte) in folded.enumerated() where byte == UInt8(ascii: " ") {
                entries.append(
                    Entry(
                        start: Int32(start + offset + 1), city: city, length: UInt16(folded.count - offset - 1), language: language,
                        isLaterWord: true))
            }
        }

        func build() -> NameIndex {
            let sorted = keys.withUnsafeBufferPointer { keys in
                entries.sorted { NameIndex.compare(keys, $0, $1) < 0 }
            }
            return NameIndex(keys: keys, entries: sorted)
        }
    }

    /// The keys end to end, and the entries in their keys' order (`PlaceIndexCache` keeps both as they are).
    let keys: [UInt8]
    let entries: [Entry]

    /// A name in the index's form: folded (`SearchText.fold`), as UTF-8.
    static func key(_ name: String) -> [UInt8] {
        Array(SearchText.fold(name).utf8)
    }

    /// All entries whose key starts with `prefix`.
    func entries(withPrefix prefix: [UInt8]) -> ArraySlice<Entry> {
        keys.withUnsafeBufferPointer { keys in
            prefix.withUnsafeBufferPointer { prefix in
                // Comparing only as many bytes as the prefix has: entries below it, then those starting with it.
                let start = firstIndex { Self.compare(keys, $0, prefix, upTo: prefix.count) >= 0 }
                let end = firstIndex { Self.compare(keys, $0, prefix, upTo: prefix.count) > 0 }
                return entries[start..<max(start, end)]
            }
        }
    }

    /// Byte order of two entries' keys, a shorter key first when it starts the other: <0, 0 or >0.
    private static func compare(_ keys: UnsafeBufferPointer<UInt8>, _ left: Entry, _ right: Entry) -> Int {
        let base = keys.baseAddress!
        let order = memcmp(base + Int(left.start), base + Int(right.start), Int(min(left.length, right.length)))
        return order != 0 ? Int(order) : Int(left.length) - Int(right.length)
    }

    /// Byte order of an entry's key, cut to `count` bytes, and `text`.
    private static func compare(
        _ keys: UnsafeBufferPointer<UInt8>, _ entry: Entry, _ text: UnsafeBufferPointer<UInt8>, upTo count: Int
    ) -> Int {
        let length = min(Int(entry.length), count)
        let order = length == 0 ? 0 : memcmp(keys.baseAddress! + Int(entry.start), text.baseAddress!, min(length, text.count))
        return order != 0 ? Int(order) : length - text.count
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
