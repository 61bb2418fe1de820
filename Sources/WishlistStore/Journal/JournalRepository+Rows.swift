import Foundation
import SQLite
import WishlistCore

/// Reading and writing the rows of one entry: `journal_entries`, its `journal_mentions` and its
/// `journal_search` entry (its photos are `PhotoRepository`'s).
extension JournalRepository {
    /// The columns every entry query selects, from `journal_entries` aliased `e`.
    static let columns = """
        e.id, e.uuid, e.title, e.contents, e.day, e.time, e.hearted, e.place_name, e.place_address,
        e.place_latitude, e.place_longitude, e.place_source, e.created_at, e.updated_at, e.version
        """

    /// Inserts a validated draft with its mentions, without its photos; shared by `create` and the
    /// benchmark generator.
    package static func insertRecord(_ draft: JournalDraft, id: UUID, owner: UserKey, now: Date, _ db: Database) throws
        -> (rowID: Int64, record: JournalEntry)
    {
        let milliseconds = now.millisecondsSince1970
        try db.run(
            """
            INSERT INTO journal_entries (uuid, owner_id, title, contents, day, time, hearted, place_name, place_address,
                place_latitude, place_longitude, place_source, created_at, updated_at, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
            """,
            [id.lowercasedString, owner.rawValue, draft.title, draft.contents, draft.date, draft.time, draft.hearted]
                + Place.columnValues(draft.place) + [milliseconds, milliseconds])
        let rowID = db.lastInsertRowID
        var entry = JournalEntry(
            id: id, title: draft.title, contents: draft.contents, date: draft.date, time: draft.time,
            hearted: draft.hearted, place: draft.place, createdAt: now, updatedAt: now, version: 1)
        try index(rowID: rowID, entry: entry, owner: owner, db)
        if !draft.wishIDs.isEmpty {
            try setMentions(draft.wishIDs, entry: rowID, owner: owner, db)
            entry.wishIDs = draft.wishIDs
        }
        return (rowID, entry)
    }

    /// The row id and the entry, when this owner has it.
    package static func fetchRecord(_ id: UUID, owner: UserKey, _ db: Database) throws
        -> (rowID: Int64, record: JournalEntry)?
    {
        guard
            let row = try db.queryFirst(
                "SELECT \(columns) FROM journal_entries e WHERE e.uuid = ? AND e.owner_id = ?",
                [id.lowercasedString, owner.rawValue])
        else { return nil }
        return (try row["id"], try entries(from: [row], db)[0])
    }

    /// The entries in rows that selected ``columns``, each with its photos and the wishes it
    /// mentions (one query for all of each).
    static func entries(from rows: [Row], _ db: Database) throws -> [JournalEntry] {
        let rowIDs: [Int64] = try rows.map { try $0["id"] }
        var mentions: [Int64: [UUID]] = [:]
        if !rowIDs.isEmpty {
            try db.forEach(
                """
                SELECT m.entry_id, w.uuid FROM journal_mentions m JOIN wishes w ON w.id = m.wish_id
                WHERE m.entry_id IN (SELECT value FROM json_each(?)) ORDER BY m.entry_id, m.position
                """,
                [rowIDs.jsonArray]
            ) { row in mentions[try row["entry_id"], default: []].append(try UUID(storedText: row["uuid"])) }
        }
        let photos = try PhotoRepository.photos(of: .journalEntry, rowIDs, db)
        return try zip(rows, rowIDs).map { row, rowID in
            var entry = try entry(from: row)
            entry.photos = photos[rowID] ?? []
            entry.wishIDs = mentions[rowID] ?? []
            return entry
        }
    }

    /// Stores `updated` over `current`, rewriting the search entry only when the text changed.
    package static func write(_ updated: JournalEntry, over current: JournalEntry, rowID: Int64, owner: UserKey, _ db: Database) throws {
        try db.run(
            """
            UPDATE journal_entries SET title = ?, contents = ?, day = ?, time = ?, hearted = ?, place_name = ?,
                place_address = ?, place_latitude = ?, place_longitude = ?, place_source = ?, updated_at = ?, version = ?
            WHERE id = ?
            """,
            [updated.title, updated.contents, updated.date, updated.time, updated.hearted]
                + Place.columnValues(updated.place)
                + [updated.updatedAt.millisecondsSince1970, updated.version, rowID])
        if (updated.title, updated.contents) != (current.title, current.contents) {
            try unindex(rowID: rowID, entry: current, owner: owner, db)
            try index(rowID: rowID, entry: updated, owner: owner, db)
        }
    }

    /// Makes the entry mention exactly `wishIDs`, in that order. Each must be a wish of the owner:
    /// another account's wish is refused like one that does not exist, naming the field.
    static func setMentions(_ wishIDs: [UUID], entry rowID: Int64, owner: UserKey, _ db: Database) throws {
        try db.run("DELETE FROM journal_mentions WHERE entry_id = ?", [rowID])
        for (position, id) in wishIDs.enumerated() {
            guard
                let wishRowID: Int64 = try db.scalar(
                    "SELECT id FROM wishes WHERE uuid = ? AND owner_id = ?", [id.lowercasedString, owner.rawValue])
            else {
                throw ValidationError(
                    field: "wishIds", code: "unknown_wish",
                    message: "There is no wish with id \(id.lowercasedString) to mention.")
            }
            try db.run(
                "INSERT INTO journal_mentions (entry_id, wish_id, position) VALUES (?, ?, ?)", [rowID, wishRowID, position])
        }
    }

    /// The entry in a row that selected ``columns``, without its mentions and photos.
    static func entry(from row: Row) throws -> JournalEntry {
        let uuidText: String = try row["uuid"]
        return JournalEntry(
            id: try UUID(storedText: uuidText), title: try row["title"], contents: try row["contents"],
            date: try row["day"], time: try row["time"], hearted: try row["hearted"],
            place: try Place.read(from: row, record: "journal entry \(uuidText)"),
            createdAt: Date(millisecondsSince1970: try row["created_at"]),
            updatedAt: Date(millisecondsSince1970: try row["updated_at"]), version: try row["version"])
    }

    /// The text the search index holds for an entry: its title and contents.
    private static func document(_ entry: JournalEntry, owner: UserKey) -> String {
        SearchGrams.document(entry.title + "\n" + entry.contents, owner: owner)
    }

    static func index(rowID: Int64, entry: JournalEntry, owner: UserKey, _ db: Database) throws {
        try db.run(
            "INSERT INTO journal_search (rowid, grams) VALUES (?, ?)", [rowID, document(entry, owner: owner)])
    }

    /// A contentless FTS5 table forgets an entry only when given the exact text that was indexed.
    static func unindex(rowID: Int64, entry: JournalEntry, owner: UserKey, _ db: Database) throws {
        try db.run(
            "INSERT INTO journal_search (journal_search, rowid, grams) VALUES ('delete', ?, ?)",
            [rowID, document(entry, owner: owner)])
    }

    /// Takes every entry of an account out of the search index, before the account is deleted:
    /// the FTS table has no foreign keys to cascade through.
    static func unindexAll(owner: UserKey, _ db: Database) throws {
        let rows = try db.query("SELECT \(columns) FROM journal_entries e WHERE e.owner_id = ?", [owner.rawValue])
        for row in rows {
            try unindex(rowID: try row["id"], entry: try entry(from: row), owner: owner, db)
        }
    }
}
