import Testing

@testable import WishlistCore

@Suite struct TagTests {
    @Test func tagsAreTrimmedAndInnerWhitespaceCollapsed() throws {
        #expect(try Tag.validated(["  road \t  trip ", "캠핑"]) == ["road trip", "캠핑"])
    }

    @Test func duplicatesIgnoringCaseKeepTheFirstSpelling() throws {
        #expect(try Tag.validated(["Bike", "bike", "BIKE ", "Trip", "b i k e"]) == ["Bike", "Trip", "b i k e"])
        #expect(try Tag.validated(["Äpfel", "äPFEL", "ÄPFEL"]) == ["Äpfel"])
    }

    @Test func twentyDistinctTagsAreFineTwentyOneAreNot() throws {
        let twenty = (1...20).map { "tag\($0)" }
        #expect(try Tag.validated(twenty + ["TAG1"]) == twenty)
        let error = #expect(throws: ValidationError.self) { try Tag.validated(twenty + ["one more"]) }
        #expect(error?.code == "too_many_tags")
        #expect(error?.field == "tags")
    }

    @Test func tagLengthIsOneToThirtyCharacters() throws {
        let thirty = String(repeating: "가", count: 30)
        #expect(try Tag.validated([thirty]) == [thirty])
        let tooLong = #expect(throws: ValidationError.self) { try Tag.validated([thirty + "a"]) }
        #expect(tooLong?.code == "tag_too_long")
        let empty = #expect(throws: ValidationError.self) { try Tag.validated(["ok", "   "]) }
        #expect(empty?.code == "tag_empty")
    }

    @Test func keyIgnoresCaseAndSpacing() {
        #expect(Tag.key(" Road   TRIP") == Tag.key("road trip"))
        #expect(Tag.key("Ä") == "ä")
    }
}

@Test func decomposedHangulIsTheSameTag() throws {
    let decomposed = "\u{1100}\u{1161}\u{1107}\u{1161}\u{11BC}"  // 가방 as jamo
    #expect(Tag.normalize(decomposed) == "가방")
    #expect(try Tag.validated(["가방", decomposed]) == ["가방"])
}
