import Foundation
import PostgreSQL
import Testing
import WishlistCore

@testable import WishlistStore

/// Wish search by name and tag, on both engines.
@Suite struct WishSearchTests {
    /// A new store on `engine` with the account alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        func names(_ query: String) throws -> [String] {
            try test.wishes.search(query, owner: alice).byName.map(\.name)
        }
    }

    @Test(arguments: TestEngine.allCases) func englishPrefixFindsTheWord(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["Mountain bike", "Bike lock", "Biscuit tin", "Kettle"], owner: fixture.alice)
        #expect(Set(try fixture.names("bik")) == ["Mountain bike", "Bike lock"])
        #expect(Set(try fixture.names("BIKE")) == ["Mountain bike", "Bike lock"])
    }

    @Test(arguments: TestEngine.allCases)
    func koreanSubstringsAreFound(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["여행 가방", "운동신발", "빨간자전거", "노트북"], owner: fixture.alice)
        for (query, expected) in [("가방", "여행 가방"), ("신발", "운동신발"), ("자전거", "빨간자전거"), ("전거", "빨간자전거"), ("행가", nil)] {
            #expect(try fixture.names(query) == (expected.map { [$0] } ?? []), "\(query)")
        }
    }

    @Test(arguments: TestEngine.allCases) func oneSyllableFindsItAnywhereInAWord(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["우리 집", "새집 장식", "집게", "책상"], owner: fixture.alice)
        #expect(Set(try fixture.names("집")) == ["우리 집", "새집 장식", "집게"])
    }

    @Test(arguments: TestEngine.allCases) func decomposedHangulQueryFindsComposedName(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["여행 가방"], owner: fixture.alice)
        #expect(try fixture.names("\u{1100}\u{1161}\u{1107}\u{1161}\u{11BC}") == ["여행 가방"])
    }

    @Test(arguments: TestEngine.allCases) func everyQueryWordMustMatch(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["Red bike", "Red lamp", "Blue bike"], owner: fixture.alice)
        #expect(try fixture.names("bike red") == ["Red bike"])
        #expect(try fixture.names("red").sorted() == ["Red bike", "Red lamp"])
    }

    @Test(arguments: TestEngine.allCases) func exactThenPrefixThenTheRestNewestFirst(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        // Created oldest to newest in this order.
        try fixture.test.add(["Camping lamp", "Lamp", "Lamp shade", "Desk lamp", "Lamp post"], owner: fixture.alice)
        #expect(try fixture.names("lamp") == ["Lamp", "Lamp post", "Lamp shade", "Desk lamp", "Camping lamp"])
    }

    @Test(arguments: TestEngine.allCases)
    func ftsSyntaxInQueriesIsJustText(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["bike", #"Say "hi" (loud)"#, "NEAR field", "t-shirt", "a OR b", "col:bike"], owner: fixture.alice)
        let queries = [
            #"""#, #""hi""#, "*", "bike*", "NEAR(a b)", "NEAR", "-bike", "(bike", "bike)", "a OR b", "AND", "NOT x",
            "col:bike", "^bike", "{grams}: x", "'", "\\", "\u{0}", "🚲", "   *   ", "it's", #"a\'b"#, "a:*", "a <-> b", "!x", "a & b | c"
        ]
        for query in queries {
            // Must never throw an engine's error; a query without letters may be refused as empty.
            do {
                _ = try fixture.test.wishes.search(query, owner: fixture.alice)
            } catch let error as ValidationError {
                #expect(error.code == "query_required")
            }
        }
    }

    @Test(arguments: TestEngine.allCases) func namesWithFTSSyntaxAreFoundByTheirText(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add([#"Say "hi" (loud)"#, "NEAR field recorder", "t-shirt", "c++ book", "2*3 puzzle"], owner: fixture.alice)
        // "hi" is also inside "t-shirt", and "c" inside "recorder": mid-word matches are wanted.
        #expect(Set(try fixture.names(#""hi""#)) == [#"Say "hi" (loud)"#, "t-shirt"])
        #expect(try fixture.names("(loud)") == [#"Say "hi" (loud)"#])
        #expect(try fixture.names("NEAR") == ["NEAR field recorder"])
        #expect(try fixture.names("t-shirt") == ["t-shirt"])
        #expect(try fixture.names("-shirt") == ["t-shirt"])
        #expect(try fixture.names("c++") == ["c++ book", "NEAR field recorder"])
        #expect(try fixture.names("2*3") == ["2*3 puzzle"])
    }

    @Test(arguments: TestEngine.allCases) func searchFollowsRenames(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.test.wishes.create(WishDraft(name: "Old camera"), owner: fixture.alice)
        _ = try fixture.test.library.update(\.wishes, wish.id, owner: fixture.alice, with: WishPatch(name: "Film camera"))
        #expect(try fixture.names("old").isEmpty)
        #expect(try fixture.names("film") == ["Film camera"])
    }

    /// PostgreSQL keeps each wish's creation time and name key beside its name's tokens, and each
    /// journal entry's day and creation time beside its, for the searches to rank by
    /// (`SearchIndex.rankColumns`): filled in as entries are added, and by the migrations for the
    /// entries of a database that had none.
    @Test func postgreSQLsSearchEntriesCarryTheirRecordsRanksAlsoAfterTheMigrations() throws {
        let fixture = try Fixture(.postgres)
        let wishes = fixture.test.wishes
        let renamed = try wishes.create(WishDraft(name: "Old camera"), owner: fixture.alice)
        _ = try wishes.create(WishDraft(name: "가방 끈"), owner: fixture.alice)
        _ = try fixture.test.library.update(\.wishes, renamed.id, owner: fixture.alice, with: WishPatch(name: "Film  Camera"))
        _ = try fixture.test.store.journal.create(JournalDraft(title: "Camera day", date: "2026-08-01"), owner: fixture.alice)
        let differing = """
            SELECT (SELECT count(*) FROM wish_search s JOIN wishes w ON w.id = s.id
                    WHERE s.created_at IS DISTINCT FROM w.created_at OR s.name_key IS DISTINCT FROM w.name_key)
                + (SELECT count(*) FROM journal_search s JOIN journal_entries e ON e.id = s.id
                    WHERE s.created_at IS DISTINCT FROM e.created_at OR s.day IS DISTINCT FROM e.day)
            """
        let entries = "SELECT (SELECT count(DISTINCT id) FROM wish_search) + (SELECT count(DISTINCT id) FROM journal_search)"
        #expect(try fixture.test.store.database.read { db in try db.scalar(differing) as Int? } == 0)
        #expect(try fixture.test.store.database.read { db in try db.scalar(entries) as Int? } == 3)

        // The same database as it was before the migrations, its entries without the columns (and
        // without the postings made after them, which carry them too).
        let url = try #require(fixture.test.url)
        let connection = try PostgresConnection(url: url)
        try connection.execute(SearchIndex.allCases.map(SearchPostingsTests.droppingThePostings).joined())
        try connection.execute(
            """
            ALTER TABLE wish_search DROP COLUMN created_at, DROP COLUMN name_key;
            DROP TRIGGER wish_search_ranks ON wish_search; DROP FUNCTION copy_wish_search_ranks();
            ALTER TABLE journal_search DROP COLUMN day, DROP COLUMN created_at;
            DROP TRIGGER journal_search_ranks ON journal_search; DROP FUNCTION copy_journal_search_ranks();
            DROP TRIGGER journal_search_day ON journal_entries; DROP FUNCTION pass_on_journal_search_day();
            DELETE FROM schema_migrations WHERE identifier IN (
                '2026-12-11-wish-search-ranks', '2026-12-11-journal-search-ranks', '2026-12-13-wish-name-postings',
                '2026-12-14-journal-postings')
            """)
        let migrated = try Store(url: url, sqlitePath: "")
        defer { try? migrated.close() }
        #expect(try migrated.database.read { db in try db.scalar(differing) as Int? } == 0)
        #expect(try migrated.database.read { db in try db.scalar(entries) as Int? } == 3)
        #expect(try migrated.wishes.search("camera", owner: fixture.alice).byName.map(\.name) == ["Film  Camera"])
        #expect(try migrated.journal.search(SearchQuery(text: "camera"), owner: fixture.alice).items.map(\.title) == ["Camera day"])
    }

    @Test(arguments: TestEngine.allCases) func byTagFindsExactPrefixAndMidWordTagsExactFirst(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["Passport case"], owner: fixture.alice, tags: ["travel"], startingAt: 1_000)
        try fixture.test.add(["Suitcase"], owner: fixture.alice, tags: ["travel gear"], startingAt: 2_000)
        try fixture.test.add(["Map"], owner: fixture.alice, tags: ["time travel"], startingAt: 3_000)
        try fixture.test.add(["Mug"], owner: fixture.alice, tags: ["kitchen"], startingAt: 4_000)
        let result = try fixture.test.wishes.search("Travel", owner: fixture.alice)
        #expect(result.byTag.map(\.name) == ["Passport case", "Suitcase", "Map"])
        #expect(try fixture.test.wishes.search("trav", owner: fixture.alice).byTag.map(\.name) == ["Suitcase", "Passport case", "Map"])
        #expect(result.query == "Travel")
    }

    @Test(arguments: TestEngine.allCases) func byTagFindsKoreanTagsMidWord(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add(["텐트"], owner: fixture.alice, tags: ["여름캠핑"])
        try fixture.test.add(["랜턴"], owner: fixture.alice, tags: ["캠핑"])
        #expect(try fixture.test.wishes.search("캠핑", owner: fixture.alice).byTag.map(\.name) == ["랜턴", "텐트"])
    }

    @Test(arguments: TestEngine.allCases) func resultsAreCappedAtFiftyPerGroup(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.test.add((1...60).map { "bike \($0)" }, owner: fixture.alice, tags: ["bike"])
        let result = try fixture.test.wishes.search("bike", owner: fixture.alice)
        #expect(result.byName.count == 50)
        #expect(result.byTag.count == 50)
        #expect(result.byTag.first?.name == "bike 60")
    }

    @Test(arguments: TestEngine.allCases) func emptyOrTooLongQueryIsRefused(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        #expect(throws: ValidationError.self) { try fixture.test.wishes.search("   ", owner: fixture.alice) }
        #expect(throws: ValidationError.self) { try fixture.test.wishes.search(String(repeating: "a", count: 201), owner: fixture.alice) }
    }
}

@Suite struct SearchGramsTests {
    typealias Grams = SearchGrams

    @Test func documentIsOwnerScopedBigramsOfEachWordOnBothEngines() {
        let document = Grams.gramsDocument("Bike 가방!", owner: UserKey(7))
        #expect(document.fts5 == ["o7xbi o7xik o7xke o7xe o7x가방 o7x방"])
        #expect(document.vectors == ["'o7xbi':1 'o7xik':2 'o7xke':3 'o7xe':4 'o7x가방':5 'o7x방':6"])
    }

    @Test func patternIsAPhraseOfBigramsOrAPrefixOnBothEngines() {
        let bik = Grams.pattern(query: "bik", owner: UserKey(7))
        #expect(bik?.fts5 == #""o7xbi o7xik""# && bik?.tsqueries == ["'o7xbi' <-> 'o7xik'"])
        let house = Grams.pattern(query: "집", owner: UserKey(7))
        #expect(house?.fts5 == #""o7x집"*"# && house?.tsqueries == ["'o7x집':*"])
        let two = Grams.pattern(query: "red bik", owner: UserKey(1))
        #expect(two?.fts5 == #""o1xre o1xed" AND "o1xbi o1xik""#)
        #expect(two?.tsqueries == ["'o1xre' <-> 'o1xed'", "'o1xbi' <-> 'o1xik'"])
        #expect(Grams.pattern(query: #""*"#, owner: UserKey(1)) == nil)
    }

    @Test func postgreSQLLexemesAreQuotedAndFoldedAsFTS5FoldsThem() {
        #expect(SearchVector.quoted("it's") == "'it''s'")
        #expect(SearchVector.quoted(#"a\b"#) == #"'a\\b'"#)
        #expect(SearchVector.foldingDiacritics("café crème ệ") == "cafe creme e")
        #expect(SearchVector.foldingDiacritics("가방 집") == "가방 집")
    }
}
