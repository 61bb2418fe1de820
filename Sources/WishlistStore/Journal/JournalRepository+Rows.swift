import Foundation
import SQLite
import WishlistCore

/// Reading and writing the rows of one entry: `journal_entries` and its `journal_mentions`, with the
/// same SQL on both engines, and its `journal_search` entry (`SearchIndex`: SQLite's contentless FTS5
/// table, PostgreSQL's `tsvector` parts). Its photos are `PhotoRepository`'s.
extension JournalRepository {
    /// The columns every entry query selects, from `journal_entries` aliased `e`.
    static let columns = """
        e.id, e.uuid, e.title, e.contents, e.day, e.time, e.hearted, e.place_name, e.place_address,
        e.place_latitude, e.place_longitude, e.place_source, e.created_at, e.updated_at, e.version
        """

    /// Inserts a validated draft with its mentions, without its photos; shared by `create` and the
    /// benchmark generator. The search index learns the entry here.
    package static func insertRecord(_ draft: JournalDraft, id: UUID, owner: UserKey, now: Date, _ db: any SQLConnection)
        throws -> (rowID: Int64, record: JournalEntry)
    {
        let milliseconds = now.millisecondsSince1970
        let inserted: Int64? = try db.scalar(
            """
            INSERT INTO journal_entries (uuid, owner_id, title, contents, day, time, hearted, place_name, place_address,
                place_latitude, place_longitude, place_source, created_at, updated_at, version)
            VALUES (:uuid, :owner, :title, :contents, :day, :time, :hearted, \(Place.columnParameters), :now, :now, 1)
            RETURNING id
            """,
            [
                "uuid": id.lowercasedString, "owner": owner.rawValue, "title": draft.title, "contents": draft.contents,
                "day": draft.date, "time": draft.time, "hearted": draft.hearted, "now": milliseconds
            ] + Place.columnArguments(draft.place))
        guard let rowID = inserted else { throw StoreError.corruptValue("no id for the new entry \(id.lowercasedString)") }
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
    package static func fetchRecord(_ id: UUID, owner: UserKey, _ db: any SQLConnection) throws
        -> (rowID: Int64, record: JournalEntry)?
    {
        guard
            let row = try db.queryFirst(
                "SELECT \(columns) FROM journal_entries e WHERE e.uuid = :uuid AND e.owner_id = :owner",
                ["uuid": id.lowercasedString, "owner": owner.rawValue])
        else { return nil }
        return (try row["id"], try entries(from: [row], db)[0])
    }

    /// The entries in rows that selected ``columns``, each with its photos and the wishes it
    /// mentions (one query for all of each, sent together).
    static func entries(from rows: [SQLRow], _ db: any SQLConnection) throws -> [JournalEntry] {
        let rowIDs: [Int64] = try rows.map { try $0["id"] }
        guard !rowIDs.isEmpty else { return [] }
        return try entries(from: rows, details: db.queries(detailQueries(.listed(rowIDs), db.dialect)))
    }

    /// The rows of `page`, a statement that selects ``columns``, with their entries' mentions and
    /// photos (`SQLConnection.page(_:with:)`): one round trip on PostgreSQL. The entries are made
    /// by ``entries(from:details:)``.
    static func page(_ page: (sql: String, arguments: SQLArguments), _ db: any SQLConnection) throws
        -> (rows: [SQLRow], details: [[SQLRow]])
    {
        try db.page(page) { detailQueries($0, db.dialect) }
    }

    /// The entries of `rowIDs` that `owner` has, in that order, each with its mentions and photos:
    /// the rows and the details are read together, in one round (a search page knows its ids
    /// before it reads a row).
    static func entries(rowIDs: [Int64], owner: UserKey, _ dialect: SQLDialect) -> StatementRounds<[JournalEntry]> {
        guard !rowIDs.isEmpty else { return .done([]) }
        return dialect.ownedRows(
            rowIDs, owner: owner, selecting: columns, from: "journal_entries", as: "e",
            with: detailQueries(.listed(rowIDs), dialect)
        ).map { try entries(from: $0.rows, details: $0.details) }
    }

    /// The queries of the mentioned wishes and the photos of the entries `entries`.
    private static func detailQueries(_ entries: RecordIDs, _ dialect: SQLDialect) -> [(sql: String, arguments: SQLArguments)] {
        let among = entries.test("m.entry_id", parameter: "entries", dialect)
        return [
            (
                """
                SELECT m.entry_id, w.uuid FROM journal_mentions m JOIN wishes w ON w.id = m.wish_id
                WHERE \(among.sql) ORDER BY m.entry_id, m.position
                """,
                among.arguments
            ),
            PhotoRepository.photosQuery(of: .journalEntry, entries, dialect)
        ]
    }

    /// The entries of `rows`, given the answers to their `detailQueries`.
    static func entries(from rows: [SQLRow], details: [[SQLRow]]) throws -> [JournalEntry] {
        var mentions: [Int64: [UUID]] = [:]
        for row in details[0] {
            mentions[try row["entry_id"], default: []].append(try UUID(storedText: row["uuid"]))
        }
        let photos = try PhotoRepository.photos(of: .journalEntry, in: details[1])
        return try rows.map { row in
            let rowID: Int64 = try row["id"]
            var entry = try entry(from: row)
            entry.photos = photos[rowID] ?? []
            entry.wishIDs = mentions[rowID] ?? []
            return entry
        }
    }

    /// ``entries(from:_:)`` for places, which run on SQLite only so far.
    static func entries(from rows: [Row], _ db: Database) throws -> [JournalEntry] {
        try entries(from: rows.map(SQLRow.init), SQLiteConnection(database: db))
    }

    /// Stores `updated` over `current`, rewriting the search entry only when the text changed.
    package static func write(
        _ updated: JournalEntry, over current: JournalEntry, rowID: Int64, owner: UserKey, _ db: any SQLConnection
    ) throws {
        try db.run(
            """
            UPDATE journal_entries SET title = :title, contents = :contents, day = :day, time = :time, hearted = :hearted,
                place_name = :placeName, place_address = :placeAddress, place_latitude = :placeLatitude,
                place_longitude = :placeLongitude, place_source = :placeSource, updated_at = :updatedAt, version = :version
            WHERE id = :id
            """,
            [
                "title": updated.title, "contents": updated.contents, "day": updated.date, "time": updated.time,
                "hearted": updated.hearted, "updatedAt": updated.updatedAt.millisecondsSince1970,
                "version": updated.version, "id": rowID
            ] + Place.columnArguments(updated.place))
        if (updated.title, updated.contents) != (current.title, current.contents) {
            try unindex(rowID: rowID, entry: current, owner: owner, db)
            try index(rowID: rowID, entry: updated, owner: owner, db)
        }
    }

    /// Makes the entry mention exactly `wishIDs`, in that order. Each must be a wish of the owner:
    /// another account's wish is refused like one that does not exist, naming the field.
    static func setMentions(_ wishIDs: [UUID], entry rowID: Int64, owner: UserKey, _ db: any SQLConnection) throws {
        try db.run("DELETE FROM journal_mentions WHERE entry_id = :entry", ["entry": rowID])
        for (position, id) in wishIDs.enumerated() {
            guard
                let wishRowID: Int64 = try db.scalar(
                    "SELECT id FROM wishes WHERE uuid = :uuid AND owner_id = :owner",
                    ["uuid": id.lowercasedString, "owner": owner.rawValue])
            else {
                throw ValidationError(
                    field: "wishIds", code: "unknown_wish",
                    message: "There is no wish with id \(id.lowercasedString) to mention.")
            }
            try db.run(
                "INSERT INTO journal_mentions (entry_id, wish_id, position) VALUES (:entry, :wish, :position)",
                ["entry": rowID, "wish": wishRowID, "position": position])
        }
    }

    /// The entry in a row that selected ``columns``, without its mentions and photos.
    static func entry(from row: SQLRow) throws -> JournalEntry {
        let uuidText: String = try row["uuid"]
        return JournalEntry(
            id: try UUID(storedText: uuidText), title: try row["title"], contents: try row["contents"],
            date: try row["day"], time: try row["time"], hearted: try row["hearted"],
            place: try Place.read(from: row, record: "journal entry \(uuidText)"),
            createdAt: Date(millisecondsSince1970: try row["created_at"]),
            updatedAt: Date(millisecondsSince1970: try row["updated_at"]), version: try row["version"])
    }

    /// What the search index holds for an entry: its title and contents.
    private static func document(_ entry: JournalEntry, owner: UserKey) -> SearchDocument {
        SearchGrams.gramsDocument(entry.title + "\n" + entry.contents, owner: owner)
    }

    static func index(rowID: Int64, entry: JournalEntry, owner: UserKey, _ db: any SQLConnection) throws {
        try SearchIndex.journal.add(rowID, document(entry, owner: owner), db)
    }

    /// Takes the entry out of the index, with the text it was indexed with.
    static func unindex(rowID: Int64, entry: JournalEntry, owner: UserKey, _ db: any SQLConnection) throws {
        try SearchIndex.journal.remove(rowID, document(entry, owner: owner), db)
    }

    /// Takes every entry of an account out of SQLite's search index, before the account is
    /// deleted: the FTS table has no foreign keys to cascade through.
    static func unindexAll(owner: UserKey, _ db: any SQLConnection) throws {
        let rows = try db.query("SELECT \(columns) FROM journal_entries e WHERE e.owner_id = :owner", ["owner": owner.rawValue])
        for row in rows {
            try unindex(rowID: try row["id"], entry: try entry(from: row), owner: owner, db)
        }
    }
}
