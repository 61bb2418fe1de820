import Foundation
import SQLite
import WishlistCore

/// Reading and writing the rows of one wish: `wishes`, its `wish_tags` and its `wish_search` and
/// `wish_text_search` entries.
extension WishRepository {
    /// The columns every wish query selects, from `wishes` aliased `w`.
    static let columns = """
        w.id, w.uuid, w.name, w.memo, w.link, w.place_name, w.place_address, w.place_latitude,
        w.place_longitude, w.place_source, w.tags, w.favorite, w.private, w.created_at, w.updated_at, w.version
        """

    /// Inserts a validated draft; shared by `create` and the benchmark generator.
    static func insert(_ draft: WishDraft, id: UUID, owner: UserKey, now: Date, _ db: Database) throws -> Wish {
        let milliseconds = now.millisecondsSince1970
        try db.run(
            """
            INSERT INTO wishes (uuid, owner_id, name, name_key, memo, link, place_name, place_address,
                place_latitude, place_longitude, place_source, tags, favorite, private, created_at, updated_at, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
            """,
            [
                id.lowercasedString, owner.rawValue, draft.name, SearchGrams.key(draft.name), draft.memo,
                draft.link, draft.place?.name, draft.place?.address, draft.place?.latitude, draft.place?.longitude,
                draft.place?.source.rawValue, try TagsColumn.text(of: draft.tags), draft.favorite, draft.isPrivate, milliseconds,
                milliseconds
            ])
        let rowID = db.lastInsertRowID
        try insertTags(draft.tags, rowID: rowID, owner: owner, createdAt: milliseconds, db)
        try index(rowID: rowID, name: draft.name, owner: owner, db)
        try indexText(rowID: rowID, memo: draft.memo, link: draft.link, owner: owner, db)
        return Wish(
            id: id, name: draft.name, memo: draft.memo, link: draft.link, tags: draft.tags, place: draft.place,
            favorite: draft.favorite, isPrivate: draft.isPrivate, createdAt: now, updatedAt: now, version: 1)
    }

    /// The row id and the wish, when this owner has it.
    static func fetch(_ id: UUID, owner: UserKey, _ db: Database) throws -> (rowID: Int64, wish: Wish)? {
        guard
            let row = try db.queryFirst(
                "SELECT \(columns) FROM wishes w WHERE w.uuid = ? AND w.owner_id = ?",
                [id.lowercasedString, owner.rawValue])
        else { return nil }
        let rowID: Int64 = try row["id"]
        return (rowID, try wishes(from: [row], db)[0])
    }

    /// The wishes in rows that selected ``columns``, each with its photos and prices (one query each for all).
    static func wishes(from rows: [Row], _ db: Database) throws -> [Wish] {
        let rowIDs: [Int64] = try rows.map { try $0["id"] }
        let photos = try PhotoRepository.photos(of: .wish, rowIDs, db)
        let prices = try priceHistories(ofWishes: rowIDs, db)
        return try zip(rows, rowIDs).map { row, rowID in
            var wish = try wish(from: row)
            wish.photos = photos[rowID] ?? []
            wish.priceHistory = prices[rowID] ?? []
            return wish
        }
    }

    /// Stores `updated` over `current`, rewriting tags and the search entry only when they changed.
    package static func write(_ updated: Wish, over current: Wish, rowID: Int64, owner: UserKey, _ db: Database) throws {
        try db.run(
            """
            UPDATE wishes SET name = ?, name_key = ?, memo = ?, link = ?, place_name = ?, place_address = ?,
                place_latitude = ?, place_longitude = ?, place_source = ?, tags = ?, favorite = ?, private = ?,
                updated_at = ?, version = ?
            WHERE id = ?
            """,
            [
                updated.name, SearchGrams.key(updated.name), updated.memo, updated.link, updated.place?.name,
                updated.place?.address, updated.place?.latitude, updated.place?.longitude,
                updated.place?.source.rawValue, try TagsColumn.text(of: updated.tags), updated.favorite,
                updated.isPrivate, updated.updatedAt.millisecondsSince1970, updated.version, rowID
            ])
        if updated.tags != current.tags {
            let createdAt = current.createdAt.millisecondsSince1970
            try deleteTags(current.tags, rowID: rowID, owner: owner, createdAt: createdAt, db)
            try insertTags(updated.tags, rowID: rowID, owner: owner, createdAt: createdAt, db)
        }
        if updated.name != current.name {
            try unindex(rowID: rowID, name: current.name, owner: owner, db)
            try index(rowID: rowID, name: updated.name, owner: owner, db)
        }
        if updated.memo != current.memo || updated.link != current.link {
            try unindexText(rowID: rowID, memo: current.memo, link: current.link, owner: owner, db)
            try indexText(rowID: rowID, memo: updated.memo, link: updated.link, owner: owner, db)
        }
    }

    /// The wish in a row that selected ``columns``, without its photos.
    static func wish(from row: Row) throws -> Wish {
        let uuidText: String = try row["uuid"]
        let id = try UUID(storedText: uuidText)
        let place = try Place.read(from: row, record: "wish \(uuidText)")
        let tagsText: String = try row["tags"]
        guard let tags = TagsColumn.tags(in: tagsText) else {
            throw SQLiteError(code: .corrupt, message: "wish \(uuidText) has unreadable tags")
        }
        return Wish(
            id: id, name: try row["name"], memo: try row["memo"], link: try row["link"], tags: tags, place: place,
            photos: [], favorite: try row["favorite"], isPrivate: try row["private"],
            createdAt: Date(millisecondsSince1970: try row["created_at"]),
            updatedAt: Date(millisecondsSince1970: try row["updated_at"]), version: try row["version"])
    }

    /// Adds the wish to the tag index and counts its tags.
    static func insertTags(_ tags: [String], rowID: Int64, owner: UserKey, createdAt: Int64, _ db: Database) throws {
        for tag in tags {
            try db.run(
                "INSERT INTO wish_tags (owner_id, tag_key, created_at, wish_id) VALUES (?, ?, ?, ?)",
                [owner.rawValue, Tag.key(tag), createdAt, rowID])
            try db.run(
                """
                INSERT INTO tags (owner_id, tag_key, name, count) VALUES (?, ?, ?, 1)
                ON CONFLICT (owner_id, tag_key) DO UPDATE SET count = count + 1
                """,
                [owner.rawValue, Tag.key(tag), tag])
        }
    }

    /// Removes the wish from the tag index, by full key, and uncounts its tags.
    static func deleteTags(_ tags: [String], rowID: Int64, owner: UserKey, createdAt: Int64, _ db: Database) throws {
        for key in tags.map(Tag.key) {
            try db.run(
                "DELETE FROM wish_tags WHERE owner_id = ? AND tag_key = ? AND created_at = ? AND wish_id = ?",
                [owner.rawValue, key, createdAt, rowID])
            try db.run("UPDATE tags SET count = count - 1 WHERE owner_id = ? AND tag_key = ?", [owner.rawValue, key])
            try db.run("DELETE FROM tags WHERE owner_id = ? AND tag_key = ? AND count <= 0", [owner.rawValue, key])
        }
    }

    static func index(rowID: Int64, name: String, owner: UserKey, _ db: Database) throws {
        try db.run(
            "INSERT INTO wish_search (rowid, grams) VALUES (?, ?)",
            [rowID, SearchGrams.document(name, owner: owner)])
    }

    /// A contentless FTS5 table forgets an entry only when given the exact text that was indexed.
    static func unindex(rowID: Int64, name: String, owner: UserKey, _ db: Database) throws {
        try db.run(
            "INSERT INTO wish_search (wish_search, rowid, grams) VALUES ('delete', ?, ?)",
            [rowID, SearchGrams.document(name, owner: owner)])
    }

    /// Adds the words of the memo and the link's site to `wish_text_search`; a wish with neither
    /// gets no entry.
    static func indexText(rowID: Int64, memo: String?, link: String?, owner: UserKey, _ db: Database) throws {
        let document = SearchGrams.textDocument(memo: memo, link: link, owner: owner)
        guard !document.isEmpty else { return }
        try db.run("INSERT INTO wish_text_search (rowid, words) VALUES (?, ?)", [rowID, document])
    }

    /// Takes the wish out of `wish_text_search` with the text it was indexed with, as ``unindex``.
    static func unindexText(rowID: Int64, memo: String?, link: String?, owner: UserKey, _ db: Database) throws {
        let document = SearchGrams.textDocument(memo: memo, link: link, owner: owner)
        guard !document.isEmpty else { return }
        try db.run(
            "INSERT INTO wish_text_search (wish_text_search, rowid, words) VALUES ('delete', ?, ?)", [rowID, document])
    }
}
