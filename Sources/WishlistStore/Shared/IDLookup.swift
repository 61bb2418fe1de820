import Foundation
import SQLite
import WishlistCore

/// Finds an account's records by the start of their ids, for short ids on the command line. Each
/// kind is a range scan of its table's unique index on `uuid` (ids are stored in lower case), so a
/// prefix of a few characters costs about the same at a million records as at ten. Only the
/// account's own records answer (spots, shared by every account, excepted).
public struct IDLookup: Sendable {
    let pool: DatabasePool

    /// The records of `kinds` whose id starts with `prefix` (lower case, as `IDMatch.prefix`
    /// checks it), at most `IDMatch.limitPerKind` of each, in the order of their ids.
    public func matches(prefix: String, kinds: [IDMatch.Kind], owner: UserKey) throws -> [IDMatch] {
        let range = Self.range(prefix)
        return try pool.read { db in
            try kinds.flatMap { kind in
                let (sql, arguments) = Self.query(kind, owner: owner)
                return try db.query(sql, range + arguments).map { row in
                    IDMatch(kind: kind, id: try UUID(storedText: row["uuid"]), name: try row["name"])
                }
            }
        }
    }

    /// The first three arguments of every kind's statement: the ids from `prefix` up to the first
    /// that does not start with it (every character of an id, a hexadecimal digit or a dash, sorts
    /// before 'g'), and the limit.
    static func range(_ prefix: String) -> [any SQLiteBindable] {
        [prefix, prefix + "g", IDMatch.limitPerKind]
    }

    /// The statement for one kind: `?1` and `?2` bound the ids, `?3` is the limit, `?4` the owner.
    /// The owner is compared as `+owner_id`, which no index serves, so that SQLite does not read
    /// every record of the account by its owner index (a million of them) to find a few ids.
    static func query(_ kind: IDMatch.Kind, owner: UserKey) -> (String, [any SQLiteBindable]) {
        let range = "uuid >= ?1 AND uuid < ?2"
        let owned = [owner.rawValue] as [any SQLiteBindable]
        return switch kind {
        case .wish:
            ("SELECT uuid, name FROM wishes WHERE \(range) AND +owner_id = ?4 ORDER BY uuid LIMIT ?3", owned)
        case .journalEntry:
            ("SELECT uuid, title AS name FROM journal_entries WHERE \(range) AND +owner_id = ?4 ORDER BY uuid LIMIT ?3", owned)
        case .photo:
            (
                """
                SELECT photos.uuid AS uuid, COALESCE(wishes.name, journal_entries.title) AS name FROM photos
                LEFT JOIN wishes ON wishes.id = photos.wish_id
                LEFT JOIN journal_entries ON journal_entries.id = photos.entry_id
                WHERE photos.uuid >= ?1 AND photos.uuid < ?2 AND +photos.owner_id = ?4 ORDER BY photos.uuid LIMIT ?3
                """, owned
            )
        case .recentSearch:
            ("SELECT uuid, query AS name FROM recent_searches WHERE \(range) AND +owner_id = ?4 ORDER BY uuid LIMIT ?3", owned)
        case .spot:
            ("SELECT uuid, name FROM spots WHERE \(range) ORDER BY uuid LIMIT ?3", [])
        }
    }
}
