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

    /// The ASCII path folds as the general one does: every printable character and control
    /// character, alone and between letters, and each city name of the gazetteer that is ASCII.
    @Test func asciiFoldsAsUnicodeDoes() {
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += samples.map { "Ab\($0)Cd \($0)" } + ["  SAO--paulo  ", "N'Djamena", "O`Fallon", "\r\nx\r\n", "Seongnam-si 12"]
        samples += OfflineGazetteer.shared.cities(inCountry: "US").map(\.name).filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for sample in samples {
            #expect(SearchText.foldASCII(sample) == SearchText.foldUnicode(sample), "\(Array(sample.utf8))")
        }
    }

    @Test func cutsLongInput() {
        let folded = SearchText.fold(String(repeating: "ab", count: 10_000))
        #expect(folded.count == SearchText.maximumQueryLength)
    }
}
