import Foundation
import Testing
import WishlistCore

/// `JSONWriter` must write the very bytes `JSONCoding.encoder()` writes for every answer type it
/// is used for: the server picks one or the other by type, and clients cannot tell them apart.
@Suite struct JSONWriterTests {
    /// Every ASCII control, the characters JSON escapes, `/`, DEL, and non-ASCII of every UTF-8
    /// length: Hangul, combining marks, an emoji sequence with a joiner, U+2028.
    private static let awkwardText =
        String(decoding: (0..<0x80).map(UInt8.init), as: UTF8.self)
        + "\"quoted\" back\\slash a/b </script> 가방 é e\u{301} 👩‍👩‍👧 \u{2028}\u{2029} \u{FEFF}"

    private static let urls = Photo.URLs(
        thumb: "/media/p/1/thumb.webp", medium: "/media/p/1/medium.webp", large: "/media/p/1/large.webp", full: "/media/p/1/full.jpg",
        original: "/media/o/ab/cd.jpg")

    private static let plainWish = Wish(
        id: UUID(uuidString: "0E5C1F5A-2A51-4F7B-9C07-6F3B1D0C2B11")!, name: "Red bike",
        createdAt: Date(millisecondsSince1970: 1_795_959_435_123),
        updatedAt: Date(millisecondsSince1970: 1_795_959_435_000), version: 1)

    private static let fullWish = Wish(
        id: UUID(uuidString: "FFFFFFFF-0000-4ABC-8DEF-0123456789AB")!, name: "여행 가방 \"big\" / \\ \n\t",
        memo: awkwardText, link: "https://shop.example.com/item/219272?size=L&color=%EA%B0%80#top",
        tags: ["선물", "a/b", "quote\"", "", awkwardText],
        place: Place(
            name: "서울역 \u{1}", address: "Seoul\r\nKorea", latitude: 37.554_722, longitude: 126.970_833,
            source: .search),
        photos: [
            Photo(id: UUID(), width: 1600, height: 1200, urls: urls),
            Photo(
                id: UUID(), width: 900, height: 1600, originalWidth: 4032, originalHeight: 3024, urls: urls,
                edit: .init(crop: .init(x: 0, y: 12, width: 3024, height: 3000), rotate: 270),
                takenAt: Date(millisecondsSince1970: -1), gps: .init(latitude: -33.8688, longitude: 151.2093)),
            Photo(
                id: UUID(), width: 10, height: Int.max, originalWidth: Int.min, originalHeight: 0, urls: urls,
                edit: .init(crop: nil, rotate: 90), takenAt: Date(millisecondsSince1970: 0),
                gps: .init(latitude: 0, longitude: -0.0)),
            Photo(id: UUID(), width: 480, height: 320, urls: urls, animated: true)
        ],
        favorite: true,
        priceHistory: [
            SeenPrice(amount: 79000, currency: "KRW", seenAt: Date(millisecondsSince1970: 1_795_959_435_123)),
            SeenPrice(amount: Decimal(string: "1299.95")!, currency: nil, seenAt: Date(millisecondsSince1970: 0)),
            SeenPrice(amount: Decimal(string: "0.0001")!, currency: "EUR", seenAt: Date(millisecondsSince1970: -1)),
            SeenPrice(amount: Decimal(string: "123456789012345678901234567890")!, currency: "\"", seenAt: Date(millisecondsSince1970: 1))
        ],
        createdAt: Date(millisecondsSince1970: 253_402_300_799_999),
        updatedAt: Date(millisecondsSince1970: -62_135_596_800_000), version: Int.max)

    private func expectSameBytes<Value: Encodable & JSONWritable>(
        _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoded = try JSONCoding.encoder().encode(value)
        let written = try JSONWriter.bytes(of: value)
        // Bytes, not strings: strings compare equal across Unicode normalization forms.
        #expect(
            written == Array(encoded),
            "writer:  \(String(decoding: written, as: UTF8.self))\nencoder: \(String(decoding: encoded, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    @Test func wishWithNothingOptional() throws {
        try expectSameBytes(Self.plainWish)
    }

    @Test func wishWithEverythingAndAwkwardText() throws {
        try expectSameBytes(Self.fullWish)
    }

    @Test func placeWithAndWithoutAddress() throws {
        for source in Place.Source.allCases {
            try expectSameBytes(Place(name: "Jeonju", latitude: 35.8, longitude: 127, source: source))
        }
        try expectSameBytes(Place(name: "x", address: "", latitude: -90, longitude: 180, source: .manual))
    }

    @Test func mapMarkersOfPointsAndClusters() throws {
        try expectSameBytes(MapMarkers(markers: [], clusters: []))
        try expectSameBytes(
            MapMarkers(
                markers: [
                    .init(id: UUID(uuidString: "FFFFFFFF-0000-4ABC-8DEF-0123456789AB")!, latitude: 37.554_722, longitude: 126.970_833),
                    .init(id: UUID(), latitude: -34.643_240_000_000_006, longitude: -0.0),
                    .init(id: UUID(), latitude: 90, longitude: -180)
                ],
                clusters: [
                    .init(latitude: 1e-7, longitude: 179.999_999_999_9, count: 1),
                    .init(latitude: -85.051_128_779_806_59, longitude: 0, count: Int.max)
                ]))
    }

    @Test func searchResultWithEveryGroup() throws {
        try expectSameBytes(WishSearchResult(query: "가방", byName: [], byTag: []))
        try expectSameBytes(
            WishSearchResult(
                query: Self.awkwardText, byName: [Self.fullWish, Self.plainWish], byTag: [Self.plainWish],
                places: [Place(name: "Busan", address: "부산광역시", latitude: 35.1796, longitude: 129.0756, source: .search)]))
    }

    private static let fullEntry = JournalEntry(
        id: UUID(uuidString: "0E5C1F5A-2A51-4F7B-9C07-6F3B1D0C2B12")!, title: "여행 \"일기\" / \\", contents: awkwardText,
        date: "2026-12-01", time: "23:59", hearted: true, photos: fullWish.photos, place: fullWish.place,
        wishIDs: [fullWish.id, plainWish.id], createdAt: Date(millisecondsSince1970: 1_795_959_435_123),
        updatedAt: Date(millisecondsSince1970: 1_795_959_435_124), version: 7)

    private static let plainEntry = JournalEntry(
        id: UUID(), title: "Walk", date: "2026-01-01", createdAt: Date(millisecondsSince1970: 0),
        updatedAt: Date(millisecondsSince1970: 0), version: 1)

    @Test func journalEntriesPagesSearchesAndNearbyEntries() throws {
        try expectSameBytes(Self.fullEntry)
        try expectSameBytes(Page(items: [Self.plainEntry, Self.fullEntry], nextCursor: "eyJhIjoxfQ"))
        try expectSameBytes(WishSearchResult(query: "일기", byName: [Self.plainWish], byTag: [], journal: [Self.fullEntry]))
        try expectSameBytes(
            Page(
                items: [NearbyJournalEntry(entry: Self.fullEntry, distanceMeters: 12.5)], nextCursor: nil))
    }

    @Test func pagesOfWishesAndOfNearbyWishes() throws {
        try expectSameBytes(Page(items: [Self.plainWish, Self.fullWish], nextCursor: "eyJhIjoxfQ"))
        try expectSameBytes(Page<Wish>(items: [], nextCursor: nil))
        try expectSameBytes(
            Page(
                items: [NearbyWish(wish: Self.fullWish, distanceMeters: 1234.5), NearbyWish(wish: Self.plainWish, distanceMeters: 0)],
                nextCursor: nil))
    }

    /// Swift's shortest digits in every form: whole, fractional, exponents both ways, subnormal, extremes.
    @Test func numbersAsTheEncoderPrintsThem() throws {
        var generator = SystemRandomNumberGenerator()
        let doubles: [Double] =
            [
                0, -0.0, 1, -1, 0.1, 1.0 / 3, 37.5665, 126.978, 1e-5, 1e-7, 123_456.789, 1e15, 1e16, 1e21, 1e22,
                -2.5e-300, 5e-324, .leastNormalMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_993
            ] + (0..<200).map { _ in Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)) }
            + (0..<200).map { _ in Double.random(in: -180...180, using: &generator) }
        for value in doubles {
            try expectSameBytes([value, -value])
        }
        try expectSameBytes([0, 1, -1, 42, Int.max, Int.min])
    }

    @Test func datesAndIDs() throws {
        var generator = SystemRandomNumberGenerator()
        let dates =
            [0, -1, -86_400_001, 951_782_400_000, 4_107_542_399_999]
            .map(Date.init(millisecondsSince1970:))
            + (0..<200).map { _ in
                Date(millisecondsSince1970: Int64.random(in: -6_000_000_000_000...8_000_000_000_000, using: &generator))
            }
        try expectSameBytes(dates)
        try expectSameBytes(
            ((0..<50).map { _ in UUID() } + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))])
                .map(LowercaseUUID.init(wrappedValue:)))
    }

    @Test func nonFiniteNumbersAreRefusedLikeTheEncoderRefusesThem() {
        for value in [Double.nan, .infinity, -.infinity] {
            let place = Place(name: "nowhere", latitude: value, longitude: 0, source: .manual)
            #expect(throws: JSONWriter.NonFiniteNumber.self) { try JSONWriter.bytes(of: place) }
            #expect(throws: EncodingError.self) { try JSONCoding.encoder().encode(place) }
        }
    }
}
