import Testing

@testable import Geocoding

@Suite struct MessageCatalogTests {
    /// Builds a little-endian .mo image the way msgfmt lays it out.
    static func catalog(_ pairs: [(String, String)]) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let headerSize = 28
        let tables = 16 * pairs.count
        var strings: [UInt8] = []
        var originals: [UInt8] = []
        var translations: [UInt8] = []
        for (key, _) in pairs {
            originals += word(key.utf8.count) + word(headerSize + tables + strings.count)
            strings += Array(key.utf8) + [0]
        }
        for (_, value) in pairs {
            translations += word(value.utf8.count) + word(headerSize + tables + strings.count)
            strings += Array(value.utf8) + [0]
        }
        let header =
            word(0x9504_12de) + word(0) + word(pairs.count) + word(headerSize)
            + word(headerSize + 8 * pairs.count) + word(0) + word(0)
        return header + originals + translations + strings
    }

    @Test func readsTranslations() throws {
        let catalog = try MessageCatalog(bytes: Self.catalog([("", "Content-Type: text/plain"), ("1845457", "전주시"), ("KR", "대한민국")]))
        #expect(catalog["1845457"] == "전주시")
        #expect(catalog["KR"] == "대한민국")
        #expect(catalog.count == 2, "the header entry is not a translation")
    }

    /// Keys are found in any order the file lists them; a key listed twice answers its last
    /// translation, as gettext's tools would keep it; a key that starts another is told apart.
    @Test func findsKeysInAnyOrderTheLastOfTwiceListed() throws {
        let catalog = try MessageCatalog(
            bytes: Self.catalog([("KR", "대한민국"), ("12", "twelve"), ("1", "first"), ("", "header"), ("1", "one"), ("123", "")]))
        #expect(catalog["1"] == "one")
        #expect(catalog["12"] == "twelve")
        #expect(catalog["123"] == "")
        #expect(catalog["KR"] == "대한민국")
        #expect(catalog["1234"] == nil)
        #expect(catalog[""] == nil, "the header is no translation")
        #expect(catalog["0"] == nil)
        #expect(catalog["Z"] == nil)
        #expect(catalog.count == 4)
    }

    @Test func rejectsDamagedFiles() {
        let good = Self.catalog([("1", "one"), ("2", "two")])
        #expect(throws: GeocodingError.self) { try MessageCatalog(bytes: []) }
        #expect(throws: GeocodingError.self) { try MessageCatalog(bytes: Array("not a catalog at all".utf8)) }
        #expect(throws: GeocodingError.self) { try MessageCatalog(bytes: Array(good.prefix(40))) }
        var wild = good
        wild[8] = 0xFF  // claims 255 entries
        #expect(throws: GeocodingError.self) { try MessageCatalog(bytes: wild) }
        var overflowing = good
        overflowing.replaceSubrange(32..<36, with: [0xFF, 0xFF, 0xFF, 0x7F])  // string offset far past the end
        #expect(throws: GeocodingError.self) { try MessageCatalog(bytes: overflowing) }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: GeocodingError.self) { try MessageCatalog(contentsOf: "/nonexistent/geonames.mo") }
    }
}
