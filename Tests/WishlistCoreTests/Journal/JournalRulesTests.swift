import Foundation
import Testing
import WishlistCore

@Suite struct JournalRulesTests {
    @Test func titlesAreTrimmedAndBetweenOneAnd200Characters() throws {
        #expect(try JournalRules.title("  장 보기 \n") == "장 보기")
        #expect(try JournalRules.title(String(repeating: "가", count: 200)).count == 200)
        for bad in ["", " \n\t ", String(repeating: "a", count: 201)] {
            #expect(throws: ValidationError.self) { try JournalRules.title(bad) }
        }
    }

    @Test func contentsAreKeptAsWrittenUpTo50000Characters() throws {
        #expect(try JournalRules.contents("  indented\n\nlines  ") == "  indented\n\nlines  ")
        #expect(try JournalRules.contents(nil) == "")
        #expect(try JournalRules.contents(" \n ") == "")
        // Characters as people see them: a family emoji of seven scalars counts once.
        #expect(try JournalRules.contents(String(repeating: "👩‍👩‍👧", count: 50_000)).count == 50_000)
        let error = #expect(throws: ValidationError.self) { try JournalRules.contents(String(repeating: "c", count: 50_001)) }
        #expect(error?.field == "contents")
    }

    @Test func datesAreCalendarDays() throws {
        for good in ["2026-12-01", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2026-04-30"] {
            #expect(try JournalRules.date(good) == good)
        }
        for bad in [
            "2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0000-01-01",
            "2026-1-01", "26-01-01", "2026/01/01", "2026-01-01 ", "２０２６-01-01", "2026-01-01T00:00", "", "today"
        ] {
            let error = #expect(throws: ValidationError.self, "\(bad)") { try JournalRules.date(bad) }
            #expect(error?.field == "date")
        }
    }

    @Test func timesAreHoursAndMinutesOrNothing() throws {
        #expect(try JournalRules.time("00:00") == "00:00")
        #expect(try JournalRules.time("23:59") == "23:59")
        #expect(try JournalRules.time(nil) == nil)
        #expect(try JournalRules.time("") == nil)
        for bad in ["24:00", "12:60", "9:30", "09:3", "0930", "09:30:00", "ab:cd"] {
            #expect(throws: ValidationError.self, "\(bad)") { try JournalRules.time(bad) }
        }
    }

    @Test func photosAndMentionsDropRepeatsAndHaveLimits() throws {
        let ids = (0..<11).map { _ in UUID() }
        #expect(try JournalRules.photoIDs(Array(ids.prefix(10)) + [ids[0]]) == Array(ids.prefix(10)))
        #expect(throws: ValidationError.self) { try JournalRules.photoIDs(ids) }
        let many = (0..<51).map { _ in UUID() }
        #expect(try JournalRules.wishIDs([many[1], many[0], many[1]]) == [many[1], many[0]])
        #expect(throws: ValidationError.self) { try JournalRules.wishIDs(many) }
    }

    @Test func aPatchKeepsClearsOrSetsAndAppliesTheSameRules() throws {
        let entry = JournalEntry(
            id: UUID(), title: "Walk", contents: "park", date: "2026-05-05", time: "10:00",
            place: Place(name: "Park", latitude: 1, longitude: 2, source: .manual), createdAt: Date(), updatedAt: Date(),
            version: 3)
        #expect(try JournalPatch().applied(to: entry) == entry)
        let changed = try JournalPatch(title: " Run ", time: .clear, place: .clear, hearted: true).applied(to: entry)
        #expect((changed.title, changed.time, changed.place, changed.hearted, changed.contents) == ("Run", nil, nil, true, "park"))
        #expect(try JournalPatch(time: .set("")).applied(to: entry).time == nil)
        #expect(throws: ValidationError.self) { try JournalPatch(date: "2026-02-30").applied(to: entry) }
        let decoded = try JSONCoding.decoder().decode(JournalPatch.self, from: Data(#"{"time":null,"title":"x"}"#.utf8))
        #expect(decoded == JournalPatch(title: "x", time: .clear))
        let roundTrip = try JSONCoding.decoder().decode(JournalPatch.self, from: JSONCoding.encoder().encode(decoded))
        #expect(roundTrip == decoded)
    }
}
