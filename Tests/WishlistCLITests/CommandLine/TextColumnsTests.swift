import Testing

@testable import wishlist

/// Columns line up by the cells a terminal gives each character, and names are cut with "…".
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
        let cut = columns.lines(width: 16)
        #expect(cut == ["1  여…   #travel", "2  Kite  #sky"])
        #expect(cut.allSatisfy { TextColumns.cells($0) <= 16 })
        #expect(TextColumns.cut("가방가방", to: 4) == "가…")
    }
}
