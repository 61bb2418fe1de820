import Testing

@testable import Geocoding

@Suite struct OfflineSearchTests {
    let gazetteer = OfflineGazetteer.shared

    @Test func loadsEveryCityOnce() {
        #expect(gazetteer.cityCount == 24_361)
        #expect(OfflineGazetteer.shared === gazetteer)
    }

    @Test func prefixFindsTheCity() throws {
        let results = gazetteer.search("jeon")
        #expect(results.contains { $0.name == "Jeonju" && $0.countryCode == "KR" })
        #expect(results.allSatisfy { SearchText.fold($0.name).split(separator: " ").contains { $0.hasPrefix("jeon") } })
    }

    @Test func resultCarriesTheContractFields() throws {
        let jeonju = try #require(gazetteer.search("Jeonju", limit: 1).first)
        #expect(jeonju.name == "Jeonju")
        #expect(jeonju.admin == "Jeollabuk-do")
        #expect(jeonju.country == "Republic of Korea")
        #expect(jeonju.countryCode == "KR")
        #expect(abs(jeonju.latitude - 35.82) < 0.05 && abs(jeonju.longitude - 127.15) < 0.05)
        #expect((jeonju.population ?? 0) > 500_000)
    }

    @Test func accentsAreIgnored() throws {
        #expect(gazetteer.search("sao").first?.name == "São Paulo")
        #expect(gazetteer.search("Sao Paulo", limit: 1).first?.name == "São Paulo")
        #expect(gazetteer.search("são paulo", limit: 1).first?.name == "São Paulo")
        #expect(gazetteer.search("SAO-PAULO", limit: 1).first?.name == "São Paulo")
    }

    @Test func caseIsIgnored() {
        let lower = gazetteer.search("seoul")
        #expect(!lower.isEmpty)
        #expect(gazetteer.search("SEOUL") == lower)
        #expect(gazetteer.search("sEoUl") == lower)
    }

    @Test func biggerCitiesComeFirstAmongPrefixMatches() throws {
        let results = gazetteer.search("seo", limit: 20)
        #expect(results.first?.name == "Seoul")
        // Every other "Seo…" city is smaller, so population decides among name prefixes.
        let namePrefixes = results.filter { SearchText.fold($0.name).hasPrefix("seo") }
        #expect(namePrefixes.count > 3)
        let populations = namePrefixes.map { $0.population ?? 0 }
        #expect(populations == populations.sorted(by: >))
    }

    @Test func exactNameBeatsLargerPrefixMatches() throws {
        // "Paris" the French capital is exact; a bigger city whose name merely starts with the
        // query must not outrank an exact match: "San" is no city, "Santiago" is.
        let santiago = gazetteer.search("santiago", limit: 30)
        let firstNonExact = try #require(santiago.firstIndex { SearchText.fold($0.name) != "santiago" })
        #expect(santiago[..<firstNonExact].allSatisfy { SearchText.fold($0.name) == "santiago" })
        #expect(santiago[firstNonExact...].allSatisfy { SearchText.fold($0.name) != "santiago" })
    }

    @Test func nameMatchesComeBeforeLaterWordMatches() throws {
        let results = gazetteer.search("paulo", limit: 50)
        let firstWordMatch = try #require(results.firstIndex { !SearchText.fold($0.name).hasPrefix("paulo") })
        #expect(results[firstWordMatch...].allSatisfy { !SearchText.fold($0.name).hasPrefix("paulo") })
        #expect(results.contains { $0.name == "São Paulo" })
    }

    @Test func koreanNamesFromTheCatalog() throws {
        try #require(gazetteer.languages.contains("ko"), "libgeonames-common's Korean catalog is missing")
        let jeonju = try #require(gazetteer.search("전주", limit: 1).first)
        #expect(jeonju.name == "전주시")
        #expect(jeonju.countryCode == "KR")
        #expect(jeonju.country == "대한민국")
        #expect(gazetteer.search("서울").first?.name == "서울특별시")
    }

    @Test func limitIsHonoured() {
        #expect(gazetteer.search("s", limit: 3).count == 3)
        #expect(gazetteer.search("s", limit: 0).isEmpty)
        #expect(gazetteer.search("s", limit: -5).isEmpty)
        #expect(gazetteer.search("s", limit: 10_000).count == OfflineGazetteer.maximumLimit)
    }

    @Test(arguments: ["", " ", "\t\n ", "%", "*", "%%%", "***", "'", "\u{0}\u{1}\u{7F}", "-- ;"])
    func blankOrPunctuationFindsNothing(_ query: String) {
        #expect(gazetteer.search(query).isEmpty)
    }

    @Test func hostileInputIsSane() {
        #expect(gazetteer.search(String(repeating: "a", count: 1_000_000)).isEmpty)
        #expect(gazetteer.search(String(repeating: "é", count: 100_000)).isEmpty)
        #expect(gazetteer.search("se%").first?.name == "Seoul", "punctuation separates, it is no wildcard")
        #expect(gazetteer.search("\u{0}seoul\u{1B}\u{7}").first?.name == "Seoul")
        #expect(gazetteer.search("\u{FFFD}\u{200B}🙂").isEmpty)
    }
}

extension OfflineSearchTests {
    @Test func eachCityAppearsOnce() {
        // "San Sebastián" matches "s" by its name and by its second word: it must be listed once.
        let results = gazetteer.search("s", limit: 100)
        let keys = results.map { "\($0.name)|\($0.latitude)|\($0.longitude)" }
        #expect(Set(keys).count == keys.count)
    }
}
