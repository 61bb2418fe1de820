import Foundation

/// A GNU gettext `.mo` catalog read straight from disk: msgid → msgstr.
///
/// libgeonames translates names through gettext with the process locale, which is one global
/// setting for the whole server; reading the catalog ourselves gives every language at once
/// without touching the locale.
///
/// The strings are looked up where they lie in the file's bytes, through the entries' numbers
/// sorted by their keys: a dictionary of Swift strings held the Korean catalog's 24,000 names in
/// over a megabyte, kept for the life of every server; this holds the 270 kB file and 4 bytes
/// an entry.
struct MessageCatalog: Sendable {
    private let bytes: [UInt8]
    private let bigEndian: Bool
    /// Where the tables of the keys' and the values' (length, offset) pairs start.
    private let originals: Int
    private let translated: Int
    /// The entries' numbers in their keys' byte order, each key once (its last entry, as in the file's
    /// order a later one would replace an earlier one), the empty key (the catalog's header) left out.
    private let sorted: [UInt32]

    var count: Int { sorted.count }

    init(contentsOf path: String) throws(GeocodingError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidCatalog("\(path): unreadable")
        }
        try self.init(bytes: [UInt8](data), name: path)
    }

    init(bytes: [UInt8], name: String = "catalog") throws(GeocodingError) {
        (bigEndian, originals, translated, sorted) = try bytes.withUnsafeBufferPointer { bytes throws(GeocodingError) in
            try Self.read(bytes, name: name)
        }
        self.bytes = bytes
    }

    /// The file's byte order, where its two tables start, and its entries' numbers sorted by key
    /// (see `sorted`); every string is checked to lie within the file, so lookups read within bounds.
    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String
    ) throws(GeocodingError) -> (bigEndian: Bool, originals: Int, translated: Int, sorted: [UInt32]) {
        guard let magic = word(bytes, at: 0, bigEndian: false) else { throw .invalidCatalog("\(name): too short") }
        let bigEndian: Bool
        switch magic {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw .invalidCatalog("\(name): not a gettext catalog")
        }
        guard let count = word(bytes, at: 8, bigEndian: bigEndian),
            let originals = word(bytes, at: 12, bigEndian: bigEndian).map(Int.init),
            let translated = word(bytes, at: 16, bigEndian: bigEndian).map(Int.init)
        else { throw .invalidCatalog("\(name): truncated header") }
        var entries: [(index: UInt32, key: Range<Int>)] = []
        entries.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            guard let key = range(bytes, table: originals, index: index, bigEndian: bigEndian),
                range(bytes, table: translated, index: index, bigEndian: bigEndian) != nil
            else { throw .invalidCatalog("\(name): entry \(index) out of bounds") }
            if !key.isEmpty { entries.append((UInt32(index), key)) }  // The empty msgid holds the catalog's header.
        }
        // Stable, so that among equal keys the file's order stays; the last of them replaces the others.
        let ordered = entries.enumerated().sorted { left, right in
            let order = compare(bytes, left.element.key, bytes, right.element.key)
            return order != 0 ? order < 0 : left.offset < right.offset
        }.map(\.element)
        var kept: [(index: UInt32, key: Range<Int>)] = []
        kept.reserveCapacity(ordered.count)
        for entry in ordered {
            if let last = kept.last, compare(bytes, last.key, bytes, entry.key) == 0 {
                kept[kept.count - 1] = entry
            } else {
                kept.append(entry)
            }
        }
        return (bigEndian, originals, translated, kept.map(\.index))
    }

    subscript(key: String) -> String? {
        var key = key
        return key.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { bytes in
                var low = 0
                var high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    let key = Self.range(bytes, table: originals, index: Int(sorted[middle]), bigEndian: bigEndian)!
                    let order = Self.compare(bytes, key, wanted, 0..<wanted.count)
                    if order == 0 {
                        let value = Self.range(bytes, table: translated, index: Int(sorted[middle]), bigEndian: bigEndian)!
                        return String(decoding: bytes[value], as: UTF8.self)
                    }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// Byte order of two strings, a shorter one first when it starts the other: <0, 0 or >0.
    private static func compare(
        _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>, _ right: UnsafeBufferPointer<UInt8>, _ rightRange: Range<Int>
    ) -> Int {
        let shared = min(leftRange.count, rightRange.count)
        if shared > 0 {
            let order = memcmp(left.baseAddress! + leftRange.lowerBound, right.baseAddress! + rightRange.lowerBound, shared)
            if order != 0 { return Int(order) }
        }
        return leftRange.count - rightRange.count
    }

    // Bounds-checked reads: a damaged file must fail with an error, never read past the end.

    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, bigEndian: Bool) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        return bigEndian ? value.byteSwapped : value
    }

    /// Where string `index` of a table of (length, offset) pairs lies; nil when out of bounds.
    private static func range(_ bytes: UnsafeBufferPointer<UInt8>, table: Int, index: Int, bigEndian: Bool) -> Range<Int>? {
        let entry = table + 8 * index
        guard let length = word(bytes, at: entry, bigEndian: bigEndian),
            let start = word(bytes, at: entry + 4, bigEndian: bigEndian)
        else { return nil }
        let (end, overflow) = Int(start).addingReportingOverflow(Int(length))
        guard !overflow, end <= bytes.count else { return nil }
        return Int(start)..<end
    }
}
