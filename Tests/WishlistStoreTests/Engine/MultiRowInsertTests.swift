import Foundation
import Testing

@testable import WishlistStore

/// `SQLConnection.insert(into:)`, many rows to a statement on PostgreSQL and one on SQLite, the
/// same rows and ids on both.
@Suite struct MultiRowInsertTests {
    /// More rows than one statement takes on PostgreSQL, with texts that look like SQL: each row
    /// stored as given, answered by `RETURNING`, its id given in the order of the rows.
    @Test(arguments: TestEngine.allCases) func manyRowsGoInWithIDsInTheirOrder(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let titles = (0..<2_345).map { "작품 \($0) 'it''s' :title_0 $1 --" }
        let answered = try test.store.database.write { db in
            try db.insert(
                into: "spot_titles", columns: ["type", "title", "aliases", "spot_count"],
                rows: titles.enumerated().map { index, title in ["drama", title, "[]", index] }, returning: "id, title, spot_count")
        }
        let byID = try answered.map { row in
            (id: try row["id"] as Int64, title: try row["title"] as String, count: try row["spot_count"] as Int)
        }
        .sorted { $0.id < $1.id }
        #expect(byID.map(\.title) == titles)
        #expect(byID.map(\.count) == Array(titles.indices))
        let stored: [String] = try test.store.database.read { db in
            try db.query("SELECT title FROM spot_titles ORDER BY id").map { try $0["title"] }
        }
        #expect(stored == titles)
    }
}
