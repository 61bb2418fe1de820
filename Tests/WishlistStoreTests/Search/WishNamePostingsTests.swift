import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// PostgreSQL's postings of the names' tokens (`wish_name_postings`), which a search of whole
/// tokens walks newest first: they hold each token of each name's search entries, as the names are
/// added, renamed and deleted, and for each account only its own.
@Suite struct WishNamePostingsTests {
    @Test func thePostingsAreTheTokensOfTheNamesThroughRenamesAndDeletions() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        let hers = try test.add(["가방", "새 가방", "빨간가방 끈", "Café bag"], owner: alice)
        _ = try test.add(["가방 하나"], owner: bob)
        _ = try test.library.update(\.wishes, hers[1].id, owner: alice, with: WishPatch(name: "신발"), now: Date())
        try test.library.delete(\.wishes, hers[2].id, owner: alice)

        #expect(try Self.postingsDifferingFromTheEntries(test) == 0)
        #expect(try Self.postingCount(test) > 0)

        // A search of one whole token finds her names from them, newest first within a rank.
        let found = try test.wishes.searchPage(.byName, SearchQuery(text: "가방", group: .byName), owner: alice)
        #expect(found.items.map(\.name) == ["가방"])
        #expect(found.total == 1)
        let accented = try test.wishes.searchPage(.byName, SearchQuery(text: "fe", group: .byName), owner: alice)
        #expect(accented.items.map(\.name) == ["Café bag"])
    }

    /// How many rows the postings and the tokens of the names' entries do not share, both ways round.
    private static func postingsDifferingFromTheEntries(_ test: TestStore) throws -> Int {
        try test.store.database.read { db in
            try db.scalar(
                """
                WITH entries AS (
                    SELECT DISTINCT t.token, s.id, s.created_at, s.name_key
                    FROM wish_search s, unnest(tsvector_to_array(s.tokens)) AS t(token)),
                postings AS (SELECT token, id, created_at, name_key FROM wish_name_postings)
                SELECT count(*) FROM ((TABLE entries EXCEPT TABLE postings) UNION ALL (TABLE postings EXCEPT TABLE entries)) AS d
                """, [:]) ?? -1
        }
    }

    private static func postingCount(_ test: TestStore) throws -> Int {
        try test.store.database.read { try $0.scalar("SELECT count(*) FROM wish_name_postings", [:]) ?? 0 }
    }

    /// A database that had names before the migration gets their postings from it.
    @Test func theMigrationMakesThePostingsOfTheNamesAlreadyThere() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방", "새 가방", "빨간 신발"], owner: alice)
        let connection = try PostgresConnection(url: try #require(test.url))
        defer { connection.close() }
        try connection.execute(
            """
            DROP TABLE wish_name_postings;
            DROP TRIGGER wish_search_postings_added ON wish_search; DROP FUNCTION add_wish_name_postings();
            DROP TRIGGER wish_search_postings_removed ON wish_search; DROP FUNCTION remove_wish_name_postings();
            """)
        try Schema.addWishNamePostings(connection)
        #expect(try Self.postingsDifferingFromTheEntries(test) == 0)
        #expect(try Self.postingCount(test) > 0)
        let found = try test.wishes.searchPage(.byName, SearchQuery(text: "가방", group: .byName), owner: alice)
        #expect(found.items.map(\.name) == ["가방", "새 가방"])
    }

    /// A query of several whole tokens: the first token's postings, the others looked up beside
    /// them; the same answer as SQLite's, where every word may be anywhere in the name.
    @Test(arguments: TestEngine.allCases) func everyWholeTokenOfTheQueryIsInTheNamesFound(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        _ = try test.add(["빨간 가방", "빨간 신발", "파란 가방", "가방 빨간색", "빨간가방"], owner: alice)
        let pattern = try #require(SearchGrams.pattern(query: "빨간 가방", owner: alice))
        #expect(pattern.lexemes?.count == 2)
        let found = try test.wishes.searchPage(.byName, SearchQuery(text: "빨간 가방", group: .byName), owner: alice)
        #expect(Set(found.items.map(\.name)) == ["빨간 가방", "가방 빨간색", "빨간가방"])
        #expect(found.total == 3)
    }

    /// A backup's dump brings the postings back with the names (its triggers come after its rows),
    /// and the restored database searches as the first did.
    @Test func aRestoredDatabaseFindsTheSameNames() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방", "새 가방", "신발"], owner: alice)
        let folder = test.directory.appending(path: "snapshot").path
        let media = test.directory.appending(path: "media").path
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        _ = try DataSnapshot.take(postgresURL: try #require(test.url), media: .folder(media), into: folder)
        let target = try TestDatabase.make()
        defer { try? TestDatabase.drop(target) }
        try DataSnapshot.restore(dump: folder + "/" + DataSnapshot.dumpName, into: target)
        let restored = try Store(url: target, sqlitePath: "")
        defer { try? restored.close() }
        let query = try SearchQuery(text: "가방", group: .byName)
        #expect(
            try restored.wishes.searchPage(.byName, query, owner: alice).items.map(\.name)
                == test.wishes.searchPage(.byName, query, owner: alice).items.map(\.name))
        #expect(try restored.wishes.searchPage(.byName, query, owner: alice).items.map(\.name) == ["가방", "새 가방"])
        // New names after the restore get their postings from the restored triggers.
        _ = try restored.wishes.create(WishDraft(name: "가방 끈"), owner: alice, now: Date(millisecondsSince1970: 9_000))
        #expect(try restored.wishes.searchPage(.byName, query, owner: alice).total == 3)
    }
}
