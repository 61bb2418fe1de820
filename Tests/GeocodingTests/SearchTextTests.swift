import Testing

@testable import Geocoding

@Suite struct SearchTextTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"),
        ("  SAO--paulo  ", "sao paulo"),
        ("Zürich", "zurich"),
        ("Kraków", "krakow"),
        ("Łódź", "lodz"),
        ("København", "kobenhavn"),
        ("Straße", "strasse"),
        ("İstanbul", "istanbul"),
        ("N'Djamena", "ndjamena"),
        ("Seongnam-si", "seongnam si"),
        ("서울특별시", "서울특별시"),
        ("%*\t\n", "")
    ])
    func folds(_ input: String, _ expected: String) {
        #expect(SearchText.fold(input) == expected)
    }

    /// The path for ASCII and Hangul folds as the general one does: every printable and control
    /// character, alone and between letters of either script, and every name of the gazetteer
    /// that is ASCII and Hangul only, in Korean and in English.
    @Test func asciiAndHangulFoldAsUnicodeDoes() throws {
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += samples.map { "Ab\($0)Cd \($0)" } + samples.map { "서울\($0)특별시 \($0)" }
        samples += ["  SAO--paulo  ", "N'Djamena", "O`Fallon", "\r\nx\r\n", "Seongnam-si 12", "가힣", "Daegu 대구-시"]
        let gazetteer = OfflineGazetteer.shared
        let cities = gazetteer.cities(inCountry: "US") + gazetteer.cities(inCountry: "KR")
        samples += cities.map(\.name)
        samples += try cities.map { try gazetteer.reverse(latitude: $0.latitude, longitude: $0.longitude, language: "ko").place.name }
        var checked = 0
        for sample in samples {
            guard let folded = SearchText.foldASCIIAndHangul(sample) else { continue }
            #expect(folded == SearchText.foldUnicode(sample), "\(Array(sample.unicodeScalars))")
            checked += 1
        }
        #expect(checked > 5_000)
        // Anything else is left to the general path.
        for other in ["São Paulo", "İstanbul", "東京", "ㄱ", "\u{1100}\u{1161}"] {
            #expect(SearchText.foldASCIIAndHangul(other) == nil, "\(other)")
        }
    }

    @Test func cutsLongInput() {
        let folded = SearchText.fold(String(repeating: "ab", count: 10_000))
        #expect(folded.count == SearchText.maximumQueryLength)
    }
}
