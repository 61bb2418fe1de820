import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

@Suite struct WishSearchTests {
    let fixture: TestStore
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    private func names(_ query: String) throws -> [String] {
        try fixture.wishes.search(query, owner: alice).byName.map(\.name)
    }

    @Test func englishPrefixFindsTheWord() throws {
        try fixture.add(["Mountain bike", "Bike lock", "Biscuit tin", "Kettle"], owner: alice)
        #expect(Set(try names("bik")) == ["Mountain bike", "Bike lock"])
        #expect(Set(try names("BIKE")) == ["Mountain bike", "Bike lock"])
    }

    @Test(arguments: [("가방", "여행 가방"), ("신발", "운동신발"), ("자전거", "빨간자전거"), ("전거", "빨간자전거"), ("행가", nil)])
    func koreanSubstringsAreFound(query: String, expected: String?) throws {
        try fixture.add(["여행 가방", "운동신발", "빨간자전거", "노트북"], owner: alice)
        #expect(try names(query) == (expected.map { [$0] } ?? []))
    }

    @Test func oneSyllableFindsItAnywhereInAWord() throws {
        try fixture.add(["우리 집", "새집 장식", "집게", "책상"], owner: alice)
        #expect(Set(try names("집")) == ["우리 집", "새집 장식", "집게"])
    }

    @Test func decomposedHangulQueryFindsComposedName() throws {
        try fixture.add(["여행 가방"], owner: alice)
        #expect(try names("\u{1100}\u{1161}\u{1107}\u{1161}\u{11BC}") == ["여행 가방"])
    }

    @Test func everyQueryWordMustMatch() throws {
        try fixture.add(["Red bike", "Red lamp", "Blue bike"], owner: alice)
        #expect(try names("bike red") == ["Red bike"])
        #expect(try names("red").sorted() == ["Red bike", "Red lamp"])
    }

    @Test func exactThenPrefixThenTheRestNewestFirst() throws {
        // Created oldest to newest in this order.
        try fixture.add(["Camping lamp", "Lamp", "Lamp shade", "Desk lamp", "Lamp post"], owner: alice)
        #expect(try names("lamp") == ["Lamp", "Lamp post", "Lamp shade", "Desk lamp", "Camping lamp"])
    }

    @Test(arguments: [
        #"""#, #""hi""#, "*", "bike*", "NEAR(a b)", "NEAR", "-bike", "(bike", "bike)", "a OR b", "AND", "NOT x",
        "col:bike", "^bike", "{grams}: x", "'", "\\", "\u{0}", "🚲", "   *   "
    ])
    func ftsSyntaxInQueriesIsJustText(query: String) throws {
        try fixture.add(["bike", #"Say "hi" (loud)"#, "NEAR field", "t-shirt", "a OR b", "col:bike"], owner: alice)
        // Must never throw an SQLite error; a query without letters may be refused as empty.
        do {
            _ = try fixture.wishes.search(query, owner: alice)
        } catch let error as ValidationError {
            #expect(error.code == "query_required")
        }
    }

    @Test func namesWithFTSSyntaxAreFoundByTheirText() throws {
        try fixture.add([#"Say "hi" (loud)"#, "NEAR field recorder", "t-shirt", "c++ book", "2*3 puzzle"], owner: alice)
        // "hi" is also inside "t-shirt", and "c" inside "recorder": mid-word matches are wanted.
        #expect(Set(try names(#""hi""#)) == [#"Say "hi" (loud)"#, "t-shirt"])
        #expect(try names("(loud)") == [#"Say "hi" (loud)"#])
        #expect(try names("NEAR") == ["NEAR field recorder"])
        #expect(try names("t-shirt") == ["t-shirt"])
        #expect(try names("-shirt") == ["t-shirt"])
        #expect(try names("c++") == ["c++ book", "NEAR field recorder"])
        #expect(try names("2*3") == ["2*3 puzzle"])
    }

    @Test func searchFollowsRenames() throws {
        let wish = try fixture.wishes.create(WishDraft(name: "Old camera"), owner: alice)
        _ = try fixture.library.update(\.wishes, wish.id, owner: alice, with: WishPatch(name: "Film camera"))
        #expect(try names("old").isEmpty)
        #expect(try names("film") == ["Film camera"])
    }

    @Test func byTagFindsExactPrefixAndMidWordTagsExactFirst() throws {
        try fixture.add(["Passport case"], owner: alice, tags: ["travel"], startingAt: 1_000)
        try fixture.add(["Suitcase"], owner: alice, tags: ["travel gear"], startingAt: 2_000)
        try fixture.add(["Map"], owner: alice, tags: ["time travel"], startingAt: 3_000)
        try fixture.add(["Mug"], owner: alice, tags: ["kitchen"], startingAt: 4_000)
        let result = try fixture.wishes.search("Travel", owner: alice)
        #expect(result.byTag.map(\.name) == ["Passport case", "Suitcase", "Map"])
        #expect(try fixture.wishes.search("trav", owner: alice).byTag.map(\.name) == ["Suitcase", "Passport case", "Map"])
        #expect(result.query == "Travel")
    }

    @Test func byTagFindsKoreanTagsMidWord() throws {
        try fixture.add(["텐트"], owner: alice, tags: ["여름캠핑"])
        try fixture.add(["랜턴"], owner: alice, tags: ["캠핑"])
        #expect(try fixture.wishes.search("캠핑", owner: alice).byTag.map(\.name) == ["랜턴", "텐트"])
    }

    @Test func resultsAreCappedAtFiftyPerGroup() throws {
        try fixture.add((1...60).map { "bike \($0)" }, owner: alice, tags: ["bike"])
        let result = try fixture.wishes.search("bike", owner: alice)
        #expect(result.byName.count == 50)
        #expect(result.byTag.count == 50)
        #expect(result.byTag.first?.name == "bike 60")
    }

    @Test func emptyOrTooLongQueryIsRefused() throws {
        #expect(throws: ValidationError.self) { try fixture.wishes.search("   ", owner: alice) }
        #expect(throws: ValidationError.self) { try fixture.wishes.search(String(repeating: "a", count: 201), owner: alice) }
    }
}

@Suite struct SearchGramsTests {
    typealias Grams = SearchGrams

    @Test func documentIsOwnerScopedBigramsOfEachWord() {
        #expect(Grams.document("Bike 가방!", owner: UserKey(7)) == "o7xbi o7xik o7xke o7xe o7x가방 o7x방")
    }

    @Test func patternIsAPhraseOfBigramsOrAPrefix() {
        #expect(Grams.pattern(query: "bik", owner: UserKey(7)) == #""o7xbi o7xik""#)
        #expect(Grams.pattern(query: "집", owner: UserKey(7)) == #""o7x집"*"#)
        #expect(Grams.pattern(query: "red bik", owner: UserKey(1)) == #""o1xre o1xed" AND "o1xbi o1xik""#)
        #expect(Grams.pattern(query: #""*"#, owner: UserKey(1)) == nil)
    }
}
