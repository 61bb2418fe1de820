import Foundation
import WishlistCore

/// Finds an account's records by the start of their ids, for short ids on the command line. Each
/// kind is a range scan of its table's unique index on `uuid` (ids are stored in lower case), so a
/// prefix of a few characters costs about the same at a million records as at ten. Only the
/// account's own records answer (spots, shared by every account, excepted).
public struct IDLookup: Sendable {
    let database: StoreDatabase

    /// The records of `kinds` whose id starts with `prefix` (lower case, as `IDMatch.prefix`
    /// checks it), at most `IDMatch.limitPerKind` of each, in the order of their ids.
    public func matches(prefix: String, kinds: [IDMatch.Kind], owner: UserKey) throws -> [IDMatch] {
        let range = Self.range(prefix)
        return try database.read { db in
            try kinds.flatMap { kind in
                let (sql, arguments) = Self.query(kind, owner: owner)
                return try db.query(sql, range + arguments).map { row in
                    IDMatch(kind: kind, id: try UUID(storedText: row["uuid"]), name: try row["name"])
                }
            }
        }
    }

    /// The arguments every kind's statement shares: the ids from `prefix` (`:first`) up to the
    /// first that does not start with it (`:after`: every character of an id, a hexadecimal digit
    /// or a dash, sorts before 'g'), and the limit.
    static func range(_ prefix: String) -> SQLArguments {
        ["first": prefix, "after": prefix + "g", "limit": IDMatch.limitPerKind]
    }

    /// The statement for one kind, with its own arguments (`:owner`). The owner is compared as
    /// `+owner_id`, which no index serves, so that SQLite does not read every record of the
    /// account by its owner index (a million of them) to find a few ids.
    static func query(_ kind: IDMatch.Kind, owner: UserKey) -> (String, SQLArguments) {
        let range = "uuid >= :first AND uuid < :after"
        let owned: SQLArguments = ["owner": owner.rawValue]
        return switch kind {
        case .wish:
            ("SELECT uuid, name FROM wishes WHERE \(range) AND +owner_id = :owner ORDER BY uuid LIMIT :limit", owned)
        case .journalEntry:
            ("SELECT uuid, title AS name FROM journal_entries WHERE \(range) AND +owner_id = :owner ORDER BY uuid LIMIT :limit", owned)
        case .photo:
            (
                """
                SELECT photos.uuid AS uuid, COALESCE(wishes.name, journal_entries.title) AS name FROM photos
                LEFT JOIN wishes ON wishes.id = photos.wish_id
                LEFT JOIN journal_entries ON journal_entries.id = photos.entry_id
                WHERE photos.uuid >= :first AND photos.uuid < :after AND +photos.owner_id = :owner ORDER BY photos.uuid LIMIT :limit
                """, owned
            )
        case .recentSearch:
            ("SELECT uuid, query AS name FROM recent_searches WHERE \(range) AND +owner_id = :owner ORDER BY uuid LIMIT :limit", owned)
        case .spot:
            ("SELECT uuid, name FROM spots WHERE \(range) ORDER BY uuid LIMIT :limit", [:])
        }
    }
}
