import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// PostgreSQL's postings of the tokens of names and journal entries (`SearchIndex.postings`), which
/// a search of whole tokens walks newest first: they hold each token of each record's search
/// entries, with its ranks, as records are added, edited and deleted, and for each account only its
/// own.
@Suite struct SearchPostingsTests {
    @Test func thePostingsAreTheTokensOfTheNamesThroughRenamesAndDeletions() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        let hers = try test.add(["가방", "새 가방", "빨간가방 끈", "Café bag"], owner: alice)
        _ = try test.add(["가방 하나"], owner: bob)
        _ = try test.library.update(\.wishes, hers[1].id, owner: alice, with: WishPatch(name: "신발"), now: Date())
        try test.library.delete(\.wishes, hers[2].id, owner: alice)

        #expect(try Self.postingsDifferingFromTheEntries(of: .wishNames, test) == 0)
        #expect(try Self.postingCount(of: .wishNames, test) > 0)

        // A search of one whole token finds her names from them, newest first within a rank.
        let found = try test.wishes.searchPage(.byName, SearchQuery(text: "가방", group: .byName), owner: alice)
        #expect(found.items.map(\.name) == ["가방"])
        #expect(found.total == 1)
        let accented = try test.wishes.searchPage(.byName, SearchQuery(text: "fe", group: .byName), owner: alice)
        #expect(accented.items.map(\.name) == ["Café bag"])
    }

    /// How many rows an index's postings and the tokens of its entries do not share, both ways round.
    private static func postingsDifferingFromTheEntries(of index: SearchIndex, _ test: TestStore) throws -> Int {
        let postings = try #require(index.postings)
        let columns = ["id"] + index.rankColumns
        return try test.store.database.read { db in
            try db.scalar(
                """
                WITH entries AS (
                    SELECT DISTINCT t.token, \(columns.map { "s.\($0)" }.joined(separator: ", "))
                    FROM \(index.rawValue) s, unnest(tsvector_to_array(s.tokens)) AS t(token)),
                postings AS (SELECT token, \(columns.joined(separator: ", ")) FROM \(postings))
                SELECT count(*) FROM ((TABLE entries EXCEPT TABLE postings) UNION ALL (TABLE postings EXCEPT TABLE entries)) AS d
                """, [:]) ?? -1
        }
    }

    /// Takes an index's postings away and runs their migration again, which must make them from
    /// the entries already there.
    private static func migrateAgain(
        _ index: SearchIndex, _ test: TestStore, _ migration: (PostgresConnection) throws -> Void
    ) throws {
        let connection = try PostgresConnection(url: try #require(test.url))
        defer { connection.close() }
        try connection.execute(droppingThePostings(of: index))
        try migration(connection)
        #expect(try postingsDifferingFromTheEntries(of: index, test) == 0)
        #expect(try postingCount(of: index, test) > 0)
    }

    /// The SQL that takes an index's postings away, triggers and all, as before their migration.
    static func droppingThePostings(of index: SearchIndex) -> String {
        guard let postings = index.postings else { return "" }
        let entries = index.rawValue
        let day =
            index == .journal
            ? "\nDROP TRIGGER journal_search_postings_day ON journal_search; DROP FUNCTION pass_on_journal_postings_day();" : ""
        return """
            DROP TABLE \(postings);
            DROP TRIGGER \(entries)_postings_added ON \(entries); DROP FUNCTION add_\(postings)();
            DROP TRIGGER \(entries)_postings_removed ON \(entries); DROP FUNCTION remove_\(postings)();
            """ + day
    }

    private static func postingCount(of index: SearchIndex, _ test: TestStore) throws -> Int {
        let postings = try #require(index.postings)
        return try test.store.database.read { try $0.scalar("SELECT count(*) FROM \(postings)", [:]) ?? 0 }
    }

    /// A database that had names before the migration gets their postings from it.
    @Test func theMigrationMakesThePostingsOfTheNamesAlreadyThere() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방", "새 가방", "빨간 신발"], owner: alice)
        try Self.migrateAgain(.wishNames, test, Schema.addWishNamePostings)
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

    /// A backup's dump brings the postings back with the names and journal entries (its triggers
    /// come after its rows), and the restored database searches as the first did.
    @Test func aRestoredDatabaseFindsTheSameNamesAndEntries() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        _ = try test.add(["가방", "새 가방", "신발"], owner: alice)
        for (title, date) in [("가방 샀다", "2026-01-01"), ("신발", "2026-01-02")] {
            _ = try test.store.journal.create(JournalDraft(title: title, date: date), owner: alice)
        }
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
        let entries = try SearchQuery(text: "가방", group: .journal)
        #expect(try restored.journal.search(entries, owner: alice).items.map(\.title) == ["가방 샀다"])
        // New records after the restore get their postings from the restored triggers.
        _ = try restored.wishes.create(WishDraft(name: "가방 끈"), owner: alice, now: Date(millisecondsSince1970: 9_000))
        #expect(try restored.wishes.searchPage(.byName, query, owner: alice).total == 3)
        _ = try restored.journal.create(JournalDraft(title: "새 가방", date: "2026-01-03"), owner: alice)
        #expect(try restored.journal.search(entries, owner: alice).items.map(\.title) == ["새 가방", "가방 샀다"])
    }

    /// A journal entry's postings follow its text, its day and its deletion, also for an entry
    /// long enough to be stored in parts; a search of a whole token finds what SQLite finds.
    @Test func theJournalsPostingsFollowItsEntries() throws {
        let sides = try TestEngine.allCases.map { engine in
            let test = try TestStore(engine: engine)
            let alice = try test.addUser("alice")
            let bob = try test.addUser("bob")
            // Stored in parts (a token's positions are bounded), "가방" only in the last.
            let long = String(repeating: "하늘바다구름 ", count: 3_000) + "새 가방"
            let written = try [
                ("가방 샀다", "", "2026-01-01"), ("오늘", "가방을 잃었다", "2026-01-02"), ("긴 하루", long, "2026-01-03"),
                ("신발", "", "2026-01-04"), ("또 가방", "", "2026-01-05")
            ].map { title, contents, date in
                try test.store.journal.create(JournalDraft(title: title, contents: contents, date: date), owner: alice)
            }
            _ = try test.store.journal.create(JournalDraft(title: "가방", date: "2026-01-06"), owner: bob)
            _ = try test.library.update(\.journal, written[3].id, owner: alice, with: JournalPatch(title: "신발 가방"))
            _ = try test.library.update(\.journal, written[0].id, owner: alice, with: JournalPatch(date: "2026-02-01"))
            try test.library.delete(\.journal, written[4].id, owner: alice)
            if engine == .postgres {
                #expect(try Self.postingsDifferingFromTheEntries(of: .journal, test) == 0)
                let parts = try test.store.database.read { try $0.scalar("SELECT max(part) FROM journal_search", [:]) ?? 0 as Int }
                #expect(parts > 0)
            }
            let found = try test.store.journal.search(SearchQuery(text: "가방", group: .journal), owner: alice)
            return (found.items.map(\.title), found.total)
        }
        #expect(sides[0].0 == ["가방 샀다", "신발 가방", "긴 하루", "오늘"])
        #expect(sides[0].1 == 4)
        #expect(sides[1].0 == sides[0].0)
        #expect(sides[1].1 == sides[0].1)
    }

    /// A database that had journal entries before the migration gets their postings from it.
    @Test func theMigrationMakesThePostingsOfTheJournalAlreadyThere() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        for (title, date) in [("가방", "2026-01-01"), ("새 가방", "2026-01-02"), ("신발", "2026-01-03")] {
            _ = try test.store.journal.create(JournalDraft(title: title, date: date), owner: alice)
        }
        try Self.migrateAgain(.journal, test, Schema.addJournalPostings)
        let found = try test.store.journal.search(SearchQuery(text: "가방", group: .journal), owner: alice)
        #expect(found.items.map(\.title) == ["새 가방", "가방"])
    }
}
