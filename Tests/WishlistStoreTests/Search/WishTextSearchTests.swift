import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// The `byText` group: a wish's memo and its link's site, matched by the start of their words, on
/// both engines.
@Suite struct WishTextSearchTests {
    /// A new store on `engine` with the account alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        @discardableResult
        func add(_ name: String, memo: String? = nil, link: String? = nil, owner: UserKey? = nil) throws -> Wish {
            try test.wishes.create(WishDraft(name: name, memo: memo, link: link), owner: owner ?? alice)
        }

        func found(_ query: String, owner: UserKey? = nil) throws -> [String] {
            try test.wishes.search(query, owner: owner ?? alice).byText.map(\.name)
        }

        /// How many of the owner's wishes the memo index finds for `query`.
        func indexed(_ query: String, owner: UserKey) throws -> Int {
            try test.store.database.read { db in
                try db.perform(
                    IndexMatches.newest(in: .wishTexts, try #require(SearchGrams.textPattern(query: query, owner: owner)), db.dialect)
                ).counted
            }
        }
    }

    @Test(arguments: TestEngine.allCases) func koreanWordsWithParticlesAreFoundByTheirStart(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.add("선물", memo: "생일에 새 가방을 사 주기로 했다")
        try fixture.add("신발", memo: "운동신발은 다음 달에")
        #expect(try fixture.found("가방") == ["선물"])
        #expect(try fixture.found("가방을") == ["선물"])
        #expect(try fixture.found("생일 가방") == ["선물"])
        #expect(try fixture.found("운동") == ["신발"])
        // Words are matched by their start only: "신발" inside "운동신발은" is not a start.
        #expect(try fixture.found("신발").isEmpty)
        #expect(try fixture.found("가방 신발").isEmpty, "every query word must match")
    }

    @Test(arguments: TestEngine.allCases) func caseAndAccentsDoNotMatter(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.add("Coffee", memo: "The Café Crème near the STATION")
        for query in ["cafe", "CAFÉ", "creme", "crè", "station", "Stat"] {
            #expect(try fixture.found(query) == ["Coffee"], "\(query)")
        }
        // A decomposed query (as a Mac may send it) finds the composed text.
        #expect(try fixture.found("cafe\u{301}") == ["Coffee"])
    }

    @Test(arguments: TestEngine.allCases) func theSiteOfTheLinkIsFoundWithoutWww(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        try fixture.add("Jacket", link: "https://www.musinsa.com/app/goods/3921")
        try fixture.add("Lamp", link: "http://shop.EXAMPLE.org/lamp?ref=musinsa")
        #expect(try fixture.found("musinsa") == ["Jacket"], "the path and query of a link are not indexed")
        #expect(try fixture.found("musinsa.com") == ["Jacket"])
        #expect(try fixture.found("example") == ["Lamp"])
        #expect(try fixture.found("www").isEmpty)
        #expect(try fixture.found("goods").isEmpty)
        #expect(SearchGrams.site(ofLink: "https://WWW.Coupang.com/vp/1") == "coupang.com")
        #expect(SearchGrams.site(ofLink: nil) == nil)
        #expect(SearchGrams.site(ofLink: "not a link") == nil)
    }

    @Test(arguments: TestEngine.allCases) func aLongWordIsFoundByItsFirstTwentyCharacters(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let word = "supercalifragilisticexpialidocious"
        try fixture.add("Song", memo: "a \(word) tune")
        #expect(try fixture.found(String(word.prefix(5))) == ["Song"])
        #expect(try fixture.found(String(word.prefix(25))) == ["Song"])
        #expect(try fixture.found(word) == ["Song"])
        #expect(try fixture.found("supercaliZZZ").isEmpty)
        // Past twenty characters nothing more is compared.
        #expect(try fixture.found("supercalifragilisticZZZ") == ["Song"])
    }

    @Test(arguments: TestEngine.allCases) func editsAndDeletesKeepTheIndexRight(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.add("Bag", memo: "red leather", link: "https://www.musinsa.com/1")
        var updated = try fixture.test.library.update(\.wishes, wish.id, owner: fixture.alice, with: WishPatch(memo: .set("blue canvas")))
        #expect(try fixture.found("leather").isEmpty)
        #expect(try fixture.found("canvas") == ["Bag"])
        #expect(try fixture.found("musinsa") == ["Bag"], "the site stays while only the memo changed")
        updated = try fixture.test.library.update(\.wishes, wish.id, owner: fixture.alice, with: WishPatch(name: "Tote", link: .clear))
        #expect(try fixture.found("musinsa").isEmpty)
        #expect(try fixture.found("canvas") == [updated.name])
        _ = try fixture.test.library.update(
            \.wishes, wish.id, owner: fixture.alice, with: WishPatch(memo: .clear, link: .set("https://29cm.co.kr/p")))
        #expect(try fixture.found("canvas").isEmpty)
        #expect(try fixture.found("29cm") == ["Tote"])
        try fixture.test.library.delete(\.wishes, wish.id, owner: fixture.alice)
        #expect(try fixture.found("29cm").isEmpty)
        // Nothing is left in the index under Alice's tokens.
        #expect(try fixture.indexed("29cm", owner: fixture.alice) == 0)
    }

    @Test(arguments: TestEngine.allCases) func anotherAccountsMemoNeverMatches(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bob = try fixture.test.addUser("bob")
        try fixture.add("Bob's", memo: "secret plans", link: "https://www.secretshop.com/", owner: bob)
        try fixture.add("Alice's", memo: "public notes")
        #expect(try fixture.found("secret").isEmpty)
        #expect(try fixture.found("secretshop").isEmpty)
        #expect(try fixture.found("secret", owner: bob) == ["Bob's"])
        #expect(try fixture.found("public", owner: bob).isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func deletingAnAccountTakesItsWordsOut(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bob = try fixture.test.addUser("bob")
        try fixture.add("Bob's", memo: "secret plans", owner: bob)
        try fixture.test.store.users.deleteUser(username: "bob")
        #expect(try fixture.indexed("secret", owner: bob) == 0)
    }

    /// `2026-12-03-wish-text-search` indexes the memos and sites of the wishes stored before it
    /// (a SQLite migration: PostgreSQL's baseline already has the index).
    @Test func theMigrationIndexesExistingWishes() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path

        var before = Migrator()
        before.register("2026-11-29-accounts", Schema.createAccounts)
        before.register("2026-11-29-wishes", Schema.createWishes)
        let old = try DatabasePool(path: path, readerCount: 1)
        try before.migrate(old)
        try old.write { db in
            try db.execute(
                """
                INSERT INTO users (id, uuid, username, password_hash, is_admin, created_at)
                    VALUES (1, 'a', 'alice', 'x', 0, 0), (2, 'b', 'bob', 'x', 0, 0);
                INSERT INTO wishes (uuid, owner_id, name, name_key, memo, link, created_at, updated_at) VALUES
                    ('00000000-0000-0000-0000-000000000001', 1, 'Bag', 'bag', '가방을 사자', NULL, 1, 1),
                    ('00000000-0000-0000-0000-000000000002', 1, 'Coat', 'coat', NULL, 'https://www.musinsa.com/x', 2, 2),
                    ('00000000-0000-0000-0000-000000000003', 1, 'Plain', 'plain', '', NULL, 3, 3),
                    ('00000000-0000-0000-0000-000000000004', 2, 'Bobs', 'bobs', '가방', 'https://musinsa.com', 4, 4);
                """)
            try db.forEach("SELECT id, owner_id, name FROM wishes") { row in
                try db.run(
                    "INSERT INTO wish_search (rowid, grams) VALUES (?, ?)",
                    [try row["id"] as Int64, SearchGrams.gramsDocument(try row["name"], owner: UserKey(try row["owner_id"])).fts5[0]])
            }
        }
        try old.close()

        let store = try Store(path: path, readerCount: 1)
        defer { try? store.close() }
        let (alice, bob) = (UserKey(1), UserKey(2))
        #expect(try store.wishes.search("가방", owner: alice).byText.map(\.name) == ["Bag"])
        #expect(try store.wishes.search("musinsa", owner: alice).byText.map(\.name) == ["Coat"])
        #expect(try store.wishes.search("musinsa", owner: bob).byText.map(\.name) == ["Bobs"])
        // The migrated entries can be taken out again: a delete gives the same text.
        let library = try PhotoLibrary(store: store, folder: directory.appending(path: "media").path)
        try library.delete(\.wishes, UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, owner: alice)
        #expect(try store.wishes.search("가방", owner: alice).byText.isEmpty)
    }
}
