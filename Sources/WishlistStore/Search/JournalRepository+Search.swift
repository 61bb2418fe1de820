import Foundation
import WishlistCore

extension JournalRepository {
    /// One page of the entries whose title or contents contain every word of the query (mid-word
    /// too, in any script: "가방" in "새 가방을 샀다"), newest day first, after `query.cursor`.
    ///
    /// Looks at the most recently written 1 000 matches, like the wish name search, which bounds
    /// the work of a one-letter search in a hundred thousand entries.
    public func search(_ query: SearchQuery, owner: UserKey) throws -> SearchPage<JournalEntry> {
        try database.read { db in try db.perform(Self.search(query, owner: owner, db.dialect)) }
    }

    /// ``search(_:owner:)`` as rounds of statements, so that the other groups of the same answer
    /// can go with them.
    static func search(_ query: SearchQuery, owner: UserKey, _ dialect: SQLDialect) throws
        -> StatementRounds<SearchPage<JournalEntry>>
    {
        let after = try SearchPosition.decode(query.cursor, group: .journal, owner: owner)
        guard let pattern = SearchGrams.pattern(query: query.text, owner: owner) else {
            return .done(SearchPage(items: [], nextCursor: nil, counted: 0))
        }
        let arguments =
            ([
                "afterDay": after.map { Self.day(searchRank: $0.rank) }, "afterCreatedAt": after?.createdAt, "afterID": after?.rowID,
                "limit": query.limit + 1
            ] as SQLArguments).decidingThePlan
        // After the cursor, in the order of the day, then creation, then id, all newest first.
        func following(_ entry: String) -> String {
            """
            (CAST(:afterDay AS TEXT) IS NULL
                OR (\(entry)day, \(entry)created_at, \(entry)id) < (CAST(:afterDay AS TEXT), CAST(:afterCreatedAt AS BIGINT), CAST(:afterID AS BIGINT)))
            """
        }
        let ranked: StatementRounds<CountedPage>
        switch dialect {
        case .sqlite:
            // The matches come first (SQLite's CROSS JOIN keeps that order): otherwise SQLite may walk
            // every entry by day looking for them. They are ordered by the day's text, whose order is
            // date order, and ranked from it here: ranking in SQL took twice as long.
            ranked = IndexMatches.newest(in: .journal, pattern, dialect).then { matches in
                StatementRounds.rows(
                    """
                    SELECT e.id, e.created_at, e.day
                    FROM (\(dialect.members(ofJSONArray: ":candidates", as: .integer))) m \(dialect.joinInOrder) journal_entries e
                        ON e.id = m.value
                    WHERE e.owner_id = :owner AND \(following("e."))
                    ORDER BY e.day DESC, e.created_at DESC, e.id DESC LIMIT :limit
                    """,
                    arguments + ["candidates": matches.candidates, "owner": owner.rawValue]
                ).map { CountedPage(rows: $0, counted: matches.counted) }
            }
        case .postgres:
            ranked = IndexMatches.rankedOnPostgres(
                in: .journal, pattern,
                page: """
                    SELECT id, created_at, day FROM candidates WHERE \(following(""))
                    ORDER BY day DESC, created_at DESC, id DESC LIMIT :limit
                    """, arguments, dialect)
        }
        return ranked.then { ranked in
            let positions = try ranked.rows.map { row in
                SearchPosition(
                    group: .journal, rank: Self.searchRank(day: try row["day"]), createdAt: try row["created_at"],
                    rowID: try row["id"])
            }
            let (page, next) = SearchPosition.page(ofOrdered: positions, limit: query.limit)
            return Self.entries(rowIDs: page.map(\.rowID), owner: owner, dialect).map { entries in
                SearchPage(items: entries, nextCursor: try next?.cursor(owner: owner), counted: ranked.counted)
            }
        }
    }

    /// A day's rank among search results, so that `SearchPosition`'s order (rank, then newest
    /// created) is newest day first: "2026-12-01" ranks as -20261201.
    static func searchRank(day: String) -> Int {
        -(Int(day.filter { $0 != "-" }) ?? 0)
    }

    /// The day of a rank that ``searchRank(day:)`` gave.
    static func day(searchRank rank: Int) -> String {
        let number = -rank
        return String(format: "%04d-%02d-%02d", number / 10_000, number / 100 % 100, number % 100)
    }
}
