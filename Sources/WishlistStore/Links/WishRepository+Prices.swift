import Foundation
import WishlistCore

/// The prices seen on wishes' links (X10).
extension WishRepository {
    /// A wish whose link the price refresher visits.
    public struct LinkedWish: Sendable, Equatable {
        public var id: UUID
        public var owner: UserKey
        public var link: String
    }

    /// Records `amount` as the wish's price seen at `now`, unless it is the price already seen last;
    /// answers the wish. Neither `version` nor `updatedAt` moves: a price is observed, not edited,
    /// and must not make a person's edit in progress stale.
    public func recordPrice(
        _ amount: Decimal, currency: String?, on id: UUID, owner: UserKey, now: Date = .nowInMilliseconds()
    ) throws -> Wish {
        try database.write { db in
            guard let (rowID, wish) = try Self.fetch(id, owner: owner, db) else { throw NotFoundError("wish") }
            let seen = SeenPrice(amount: amount, currency: currency, seenAt: now)
            if let last = wish.price, last.isSamePrice(as: seen) { return wish }
            try Self.insertPrice(seen, wishRowID: rowID, db)
            return try Self.fetch(id, owner: owner, db)?.wish ?? wish
        }
    }

    /// Adds a point to the price history of the wish in row `wishRowID`.
    static func insertPrice(_ price: SeenPrice, wishRowID: Int64, _ db: any SQLConnection) throws {
        try db.run(
            "INSERT INTO wish_prices (wish_id, amount, currency, seen_at) VALUES (:wish, :amount, :currency, :seenAt)",
            [
                "wish": wishRowID, "amount": price.amount.description, "currency": price.currency,
                "seenAt": price.seenAt.millisecondsSince1970
            ])
    }

    /// Wishes of every account that have a link, in a stable order, a page at a time: `after` is
    /// the last id of the previous page.
    public func linkedWishes(after: UUID?, limit: Int) throws -> [LinkedWish] {
        try database.read { db in
            try db.query(
                """
                SELECT uuid, owner_id, link FROM wishes
                WHERE link IS NOT NULL AND link <> '' AND uuid > :after ORDER BY uuid LIMIT :limit
                """,
                ["after": after?.lowercasedString ?? "", "limit": limit]
            ).map { row in
                LinkedWish(id: try UUID(storedText: try row["uuid"]), owner: UserKey(try row["owner_id"]), link: try row["link"])
            }
        }
    }

    /// The query of each wish's newest prices, at most `SeenPrice.historyLimit`, newest first
    /// (``priceHistories(in:)`` reads them): one query that walks `wish_prices_by_wish` in its
    /// order for each wish; the limit is applied as the rows are read.
    /// (Ranked with ROW_NUMBER in SQL, the rows were sorted in temporary B-trees, a tenth of a
    /// search's time with no prices at all; a statement per wish cost as much in binding and
    /// stepping.) A history grows only when a link's price changes.
    static func priceHistoriesQuery(ofWishes wishes: RecordIDs, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        let among = wishes.test("wish_id", parameter: "wishes", dialect)
        return (
            """
            SELECT wish_id, amount, currency, seen_at FROM wish_prices
            WHERE \(among.sql) ORDER BY wish_id, seen_at DESC, id DESC
            """,
            among.arguments
        )
    }

    /// The histories of each wish in the rows of ``priceHistoriesQuery(ofWishes:_:)``.
    static func priceHistories(in rows: [SQLRow]) throws -> [Int64: [SeenPrice]] {
        var histories: [Int64: [SeenPrice]] = [:]
        for row in rows {
            let wishID: Int64 = try row["wish_id"]
            guard histories[wishID, default: []].count < SeenPrice.historyLimit else { continue }
            let text: String = try row["amount"]
            guard let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw StoreError.corruptValue("a price amount is not a number: \(text)")
            }
            histories[wishID, default: []].append(
                SeenPrice(amount: amount, currency: try row["currency"], seenAt: Date(millisecondsSince1970: try row["seen_at"])))
        }
        return histories
    }
}
