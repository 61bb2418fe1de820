import Testing

@testable import wishlist

/// Columns line up by the cells a terminal gives each character, and names are cut with "…" —
/// after the columns that matter less (a wish's tags), and never below a useful width.
@Suite struct TextColumnsTests {
    @Test func wideCharactersTakeTwoCells() {
        #expect(TextColumns.cells("bike") == 4)
        #expect(TextColumns.cells("여행 가방") == 9)
        #expect(TextColumns.cells("e\u{301}") == 1)
        #expect(TextColumns.cells("東京🍜") == 6)
    }

    @Test func columnsAlignByDisplayWidthAndTheNameIsCutToFit() {
        let columns = TextColumns(rows: [["1", "여행 가방", "#travel"], ["2", "Kite", "#sky"]], flexibleColumn: 1)
        #expect(columns.lines(width: nil) == ["1  여행 가방  #travel", "2  Kite       #sky"])
        let cut = TextColumns(rows: [["1", "여행 가방 여행 가방", "#t"], ["2", "Kite", "#s"]], flexibleColumn: 1).lines(width: 17)
        #expect(cut == ["1  여행 가방…  #t", "2  Kite" + String(repeating: " ", count: 8) + "#s"])
        #expect(cut.allSatisfy { TextColumns.cells($0) <= 17 })
        #expect(TextColumns.cut("가방가방", to: 4) == "가…")
    }

    @Test func tagsAreCutBeforeTheNameAndTheNameKeepsAUsefulWidth() {
        let rows = [["1", "Camping stove", "#outdoor #kitchen"], ["2", "Kite", "#sky"]]
        let columns = TextColumns(rows: rows, flexibleColumn: 1, cutFirst: [2])
        // 1 + 13 + 17 cells and two gaps of two: 35. At 25 only the tags give way.
        let tagsCut = columns.lines(width: 25)
        #expect(tagsCut == ["1  Camping stove  #outdo…", "2  Kite" + String(repeating: " ", count: 11) + "#sky"])
        // At 18 the tags are down to "…" and the name gives the rest, down to its useful width.
        #expect(columns.lines(width: 18) == ["1  Camping sto…  …", "2  Kite" + String(repeating: " ", count: 10) + "…"])
        let narrowest = columns.lines(width: 8)
        #expect(narrowest[0] == "1  Camping s…  …", "the name keeps \(TextColumns.usefulNameWidth) cells: \(narrowest)")
    }
}
