import Foundation

/// A GNU gettext `.mo` catalog read straight from disk: msgid → msgstr.
///
/// libgeonames translates names through gettext with the process locale, which is one global
/// setting for the whole server; reading the catalog ourselves gives every language at once
/// without touching the locale.
struct MessageCatalog: Sendable {
    private(set) var translations: [String: String] = [:]

    subscript(key: String) -> String? { translations[key] }

    var count: Int { translations.count }

    init(contentsOf path: String) throws(GeocodingError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidCatalog("\(path): unreadable")
        }
        try self.init(bytes: [UInt8](data), name: path)
    }

    init(bytes: [UInt8], name: String = "catalog") throws(GeocodingError) {
        let reader = Reader(bytes: bytes)
        guard let magic = reader.word(at: 0, bigEndian: false) else {
            throw .invalidCatalog("\(name): too short")
        }
        let bigEndian: Bool
        switch magic {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw .invalidCatalog("\(name): not a gettext catalog")
        }
        guard let count = reader.word(at: 8, bigEndian: bigEndian),
            let originals = reader.word(at: 12, bigEndian: bigEndian),
            let translated = reader.word(at: 16, bigEndian: bigEndian)
        else { throw .invalidCatalog("\(name): truncated header") }
        var table: [String: String] = [:]
        table.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            guard let key = reader.string(table: Int(originals), index: index, bigEndian: bigEndian),
                let value = reader.string(table: Int(translated), index: index, bigEndian: bigEndian)
            else { throw .invalidCatalog("\(name): entry \(index) out of bounds") }
            if !key.isEmpty { table[key] = value }  // The empty msgid holds the catalog's header.
        }
        translations = table
    }

    /// Bounds-checked reads: a damaged file must fail with an error, never read past the end.
    private struct Reader {
        let bytes: [UInt8]

        func word(at offset: Int, bigEndian: Bool) -> UInt32? {
            guard offset >= 0, offset <= bytes.count - 4 else { return nil }
            let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
            return bigEndian ? value.byteSwapped : value
        }

        func string(table: Int, index: Int, bigEndian: Bool) -> String? {
            let entry = table + 8 * index
            guard let length = word(at: entry, bigEndian: bigEndian),
                let start = word(at: entry + 4, bigEndian: bigEndian)
            else { return nil }
            let (end, overflow) = Int(start).addingReportingOverflow(Int(length))
            guard !overflow, end <= bytes.count else { return nil }
            return String(decoding: bytes[Int(start)..<end], as: UTF8.self)
        }
    }
}
