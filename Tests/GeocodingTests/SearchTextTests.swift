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

    @Test func cutsLongInput() {
        let folded = SearchText.fold(String(repeating: "ab", count: 10_000))
        #expect(folded.count == SearchText.maximumQueryLength)
    }
}
