import Foundation
import SQLite
import WishlistCore

/// Reading and writing the rows of one wish: `wishes` and its `wish_tags`, with the same SQL on both
/// engines, and its `wish_search` and `wish_text_search` entries (`SearchIndex`: SQLite's
/// contentless FTS5 tables, PostgreSQL's `tsvector` tables).
extension WishRepository {
    /// The columns every wish query selects, from `wishes` aliased `w`.
    static let columns = """
        w.id, w.uuid, w.name, w.memo, w.link, w.place_name, w.place_address, w.place_latitude,
        w.place_longitude, w.place_source, w.tags, w.favorite, w.private, w.created_at, w.updated_at, w.version
        """

    /// Inserts a validated draft; shared by `create` and the benchmark generator. The search
    /// indexes learn the wish here.
    static func insert(_ draft: WishDraft, id: UUID, owner: UserKey, now: Date, _ db: any SQLConnection) throws
        -> (rowID: Int64, record: Wish)
    {
        let milliseconds = now.millisecondsSince1970
        let inserted: Int64? = try db.scalar(
            """
            INSERT INTO wishes (uuid, owner_id, name, name_key, memo, link, place_name, place_address,
                place_latitude, place_longitude, place_source, tags, favorite, private, created_at, updated_at, version)
            VALUES (:uuid, :owner, :name, :nameKey, :memo, :link, \(Place.columnParameters), :tags, :favorite, :private,
                :now, :now, 1)
            RETURNING id
            """,
            [
                "uuid": id.lowercasedString, "owner": owner.rawValue, "name": draft.name, "nameKey": SearchGrams.key(draft.name),
                "memo": draft.memo, "link": draft.link, "tags": try TagsColumn.text(of: draft.tags), "favorite": draft.favorite,
                "private": draft.isPrivate, "now": milliseconds
            ] + Place.columnArguments(draft.place))
        guard let rowID = inserted else { throw StoreError.corruptValue("no id for the new wish \(id.lowercasedString)") }
        try insertTags(draft.tags, rowID: rowID, owner: owner, createdAt: milliseconds, db)
        try index(rowID: rowID, name: draft.name, owner: owner, db)
        try indexText(rowID: rowID, memo: draft.memo, link: draft.link, owner: owner, db)
        let wish = Wish(
            id: id, name: draft.name, memo: draft.memo, link: draft.link, tags: draft.tags, place: draft.place,
            favorite: draft.favorite, isPrivate: draft.isPrivate, createdAt: now, updatedAt: now, version: 1)
        return (rowID, wish)
    }

    /// The row id and the wish, when this owner has it.
    static func fetch(_ id: UUID, owner: UserKey, _ db: any SQLConnection) throws -> (rowID: Int64, wish: Wish)? {
        guard
            let row = try db.queryFirst(
                "SELECT \(columns) FROM wishes w WHERE w.uuid = :uuid AND w.owner_id = :owner",
                ["uuid": id.lowercasedString, "owner": owner.rawValue])
        else { return nil }
        let rowID: Int64 = try row["id"]
        return (rowID, try wishes(from: [row], db)[0])
    }

    /// The wishes in rows that selected ``columns``, each with its photos and prices (one query each
    /// for all, sent together).
    static func wishes(from rows: [SQLRow], _ db: any SQLConnection) throws -> [Wish] {
        let rowIDs: [Int64] = try rows.map { try $0["id"] }
        guard !rowIDs.isEmpty else { return [] }
        return try wishes(from: rows, details: db.queries(detailQueries(.listed(rowIDs), db.dialect)))
    }

    /// The rows of `page`, a statement that selects ``columns``, with their wishes' photos and
    /// prices (`SQLConnection.page(_:with:)`): one round trip on PostgreSQL. The wishes are made
    /// by ``wishes(from:details:)``.
    static func page(_ page: (sql: String, arguments: SQLArguments), _ db: any SQLConnection) throws
        -> (rows: [SQLRow], details: [[SQLRow]])
    {
        try db.page(page) { detailQueries($0, db.dialect) }
    }

    /// The wishes of `rowIDs` that `owner` has, in that order, each with its photos and price
    /// history: the rows and the details are read together, in one round (a search page knows its
    /// ids before it reads a row).
    static func wishes(rowIDs: [Int64], owner: UserKey, _ dialect: SQLDialect) -> StatementRounds<[Wish]> {
        guard !rowIDs.isEmpty else { return .done([]) }
        return dialect.ownedRows(
            rowIDs, owner: owner, selecting: columns, from: "wishes", as: "w", with: detailQueries(.listed(rowIDs), dialect)
        ).map { try wishes(from: $0.rows, details: $0.details) }
    }

    /// The queries of the photos and the price histories of the wishes `wishes`.
    private static func detailQueries(_ wishes: RecordIDs, _ dialect: SQLDialect) -> [(sql: String, arguments: SQLArguments)] {
        [PhotoRepository.photosQuery(of: .wish, wishes, dialect), priceHistoriesQuery(ofWishes: wishes, dialect)]
    }

    /// The wishes of `rows`, given the answers to their `detailQueries`.
    static func wishes(from rows: [SQLRow], details: [[SQLRow]]) throws -> [Wish] {
        let photos = try PhotoRepository.photos(of: .wish, in: details[0])
        let prices = try priceHistories(in: details[1])
        return try rows.map { row in
            let rowID: Int64 = try row["id"]
            var wish = try wish(from: row)
            wish.photos = photos[rowID] ?? []
            wish.priceHistory = prices[rowID] ?? []
            return wish
        }
    }

    /// ``wishes(from:_:)`` for the rooms that run on SQLite only so far (search, places, sharing).
    static func wishes(from rows: [Row], _ db: Database) throws -> [Wish] {
        try wishes(from: rows.map(SQLRow.init), SQLiteConnection(database: db))
    }

    /// Stores `updated` over `current`, rewriting tags and the search entry only when they changed.
    package static func write(_ updated: Wish, over current: Wish, rowID: Int64, owner: UserKey, _ db: any SQLConnection)
        throws
    {
        try db.run(
            """
            UPDATE wishes SET name = :name, name_key = :nameKey, memo = :memo, link = :link, place_name = :placeName,
                place_address = :placeAddress, place_latitude = :placeLatitude, place_longitude = :placeLongitude,
                place_source = :placeSource, tags = :tags, favorite = :favorite, private = :private,
                updated_at = :updatedAt, version = :version
            WHERE id = :id
            """,
            [
                "name": updated.name, "nameKey": SearchGrams.key(updated.name), "memo": updated.memo, "link": updated.link,
                "tags": try TagsColumn.text(of: updated.tags), "favorite": updated.favorite, "private": updated.isPrivate,
                "updatedAt": updated.updatedAt.millisecondsSince1970, "version": updated.version, "id": rowID
            ] + Place.columnArguments(updated.place))
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
    static func wish(from row: SQLRow) throws -> Wish {
        let uuidText: String = try row["uuid"]
        let id = try UUID(storedText: uuidText)
        let place = try Place.read(from: row, record: "wish \(uuidText)")
        let tagsText: String = try row["tags"]
        guard let tags = TagsColumn.tags(in: tagsText) else {
            throw StoreError.corruptValue("wish \(uuidText) has unreadable tags")
        }
        return Wish(
            id: id, name: try row["name"], memo: try row["memo"], link: try row["link"], tags: tags, place: place,
            photos: [], favorite: try row["favorite"], isPrivate: try row["private"],
            createdAt: Date(millisecondsSince1970: try row["created_at"]),
            updatedAt: Date(millisecondsSince1970: try row["updated_at"]), version: try row["version"])
    }

    /// Adds the wish to the tag index and counts its tags.
    static func insertTags(_ tags: [String], rowID: Int64, owner: UserKey, createdAt: Int64, _ db: any SQLConnection) throws {
        for tag in tags {
            let arguments: SQLArguments = ["owner": owner.rawValue, "key": Tag.key(tag)]
            try db.run(
                "INSERT INTO wish_tags (owner_id, tag_key, created_at, wish_id) VALUES (:owner, :key, :createdAt, :wish)",
                arguments + ["createdAt": createdAt, "wish": rowID])
            try db.run(
                """
                INSERT INTO tags (owner_id, tag_key, name, count) VALUES (:owner, :key, :name, 1)
                ON CONFLICT (owner_id, tag_key) DO UPDATE SET count = tags.count + 1
                """,
                arguments + ["name": tag])
        }
    }

    /// Removes the wish from the tag index, by full key, and uncounts its tags.
    static func deleteTags(_ tags: [String], rowID: Int64, owner: UserKey, createdAt: Int64, _ db: any SQLConnection) throws {
        for key in tags.map(Tag.key) {
            let arguments: SQLArguments = ["owner": owner.rawValue, "key": key]
            try db.run(
                "DELETE FROM wish_tags WHERE owner_id = :owner AND tag_key = :key AND created_at = :createdAt AND wish_id = :wish",
                arguments + ["createdAt": createdAt, "wish": rowID])
            try db.run("UPDATE tags SET count = count - 1 WHERE owner_id = :owner AND tag_key = :key", arguments)
            try db.run("DELETE FROM tags WHERE owner_id = :owner AND tag_key = :key AND count <= 0", arguments)
        }
    }

    /// Adds the bigrams of the wish's name to `wish_search`.
    static func index(rowID: Int64, name: String, owner: UserKey, _ db: any SQLConnection) throws {
        try SearchIndex.wishNames.add(rowID, SearchGrams.gramsDocument(name, owner: owner), db)
    }

    /// Takes the wish out of `wish_search`, with the name it was indexed with.
    static func unindex(rowID: Int64, name: String, owner: UserKey, _ db: any SQLConnection) throws {
        try SearchIndex.wishNames.remove(rowID, SearchGrams.gramsDocument(name, owner: owner), db)
    }

    /// Adds the words of the memo and the link's site to `wish_text_search`; a wish with neither
    /// gets no entry.
    static func indexText(rowID: Int64, memo: String?, link: String?, owner: UserKey, _ db: any SQLConnection) throws {
        let document = SearchGrams.textDocument(memo: memo, link: link, owner: owner)
        guard !document.isEmpty else { return }
        try SearchIndex.wishTexts.add(rowID, document, db)
    }

    /// Takes the wish out of `wish_text_search` with the text it was indexed with, as ``unindex``.
    static func unindexText(rowID: Int64, memo: String?, link: String?, owner: UserKey, _ db: any SQLConnection) throws {
        let document = SearchGrams.textDocument(memo: memo, link: link, owner: owner)
        guard !document.isEmpty else { return }
        try SearchIndex.wishTexts.remove(rowID, document, db)
    }
}
