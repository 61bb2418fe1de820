import Archive
import Foundation
import Imaging
import WishlistCore

/// Writes one account's data as an archive (docs/EXPORT.md) to a sink, as it reads it: one record
/// at a time and files a block at a time, so memory stays flat however large the account. Everything
/// is read in one read transaction: the archive is the account at one instant. The transaction
/// lasts as long as the client takes to receive the archive, so it is a long one (`longRead`).
public struct AccountExporter: Sendable {
    let library: PhotoLibrary

    public init(library: PhotoLibrary) {
        self.library = library
    }

    /// Writes the archive of `owner`'s data to `sink`, which receives it in blocks.
    public func export(owner: UserKey, now: Date = .nowInMilliseconds(), to sink: @escaping ArchiveWriter.Sink) throws {
        let writer = try ArchiveWriter(sink: sink)
        let files = library.files
        try library.store.database.longRead { db in
            var counts: [String: Int] = [:]
            let photos = try writePhotoFiles(owner: owner, files: files, writer: writer, now: now, db)
            counts[AccountArchiveFormat.photos] = try writeLines(AccountArchiveFormat.photos, writer, now) { write in
                for photo in photos.records { try write(photo) }
            }
            counts[AccountArchiveFormat.wishes] = try writeLines(AccountArchiveFormat.wishes, writer, now) { write in
                try forEachWish(owner: owner, photos: photos.onRecords, db) { try write($0) }
            }
            counts[AccountArchiveFormat.journal] = try writeLines(AccountArchiveFormat.journal, writer, now) { write in
                try forEachEntry(owner: owner, photos: photos.onRecords, db) { try write($0) }
            }
            counts[AccountArchiveFormat.gifFavorites] = try writeLines(AccountArchiveFormat.gifFavorites, writer, now) { write in
                let decoder = JSONCoding.decoder()
                // At most `FavoriteGif.limit` of them.
                for row in try db.query(
                    "SELECT gif, favorited_at FROM gif_favorites WHERE owner_id = :owner ORDER BY favorited_at, id",
                    ["owner": owner.rawValue])
                {
                    let gif = try decoder.decode(Gif.self, from: Data((try row["gif"] as String).utf8))
                    try write(ArchivedGifFavorite(gif: gif, favoritedAt: Date(millisecondsSince1970: try row["favorited_at"])))
                }
            }
            counts[AccountArchiveFormat.recentSearches] = try writeLines(AccountArchiveFormat.recentSearches, writer, now) { write in
                // Oldest first: imported in this order, the newest ends on top again.
                // At most `RecentSearch.keptLimit` of them.
                for row in try db.query(
                    "SELECT uuid, query, searched_at FROM recent_searches WHERE owner_id = :owner ORDER BY id", ["owner": owner.rawValue])
                {
                    try write(
                        ArchivedRecentSearch(
                            id: try row["uuid"], query: try row["query"], searchedAt: Date(millisecondsSince1970: try row["searched_at"])))
                }
            }
            counts[AccountArchiveFormat.shares] = try writeLines(AccountArchiveFormat.shares, writer, now) { write in
                for row in try db.query(
                    "SELECT \(ShareRepository.columns) FROM shares WHERE owner_id = :owner ORDER BY created_at, id",
                    ["owner": owner.rawValue])
                {
                    let share = try ShareRepository.share(from: row, linkPrefix: "")
                    try write(
                        ArchivedShare(
                            id: share.id.lowercasedString, title: share.title, tag: share.tag, showMemos: share.showMemos,
                            showPrices: share.showPrices, showPlaces: share.showPlaces,
                            allowReservations: share.allowReservations, createdAt: share.createdAt,
                            expiresAt: share.expiresAt, views: share.views, lastViewedAt: share.lastViewedAt))
                }
            }
            let manifest = ArchiveManifest(
                format: AccountArchiveFormat.name, version: AccountArchiveFormat.version, exportedAt: now,
                serverVersion: Schema.migrator.identifiers.last ?? "", counts: counts)
            try writer.addEntry(
                path: AccountArchiveFormat.manifest, data: try AccountArchiveFormat.encoder().encode(manifest), modified: now)
        }
        try writer.finish()
    }

    /// The photos exported, and the ids of those on each record (by the photo column's row id), in order.
    private struct ExportedPhotos {
        var records: [ArchivedPhoto] = []
        var onRecords: [PhotoRecordKey: [String]] = [:]
    }

    struct PhotoRecordKey: Hashable {
        let record: String
        let rowID: Int64
    }

    /// Writes the media files of every photo on one of the account's records: each original once,
    /// and the current renditions. A photo whose files went missing (deleted while the export ran)
    /// is left out, and so from its record.
    private func writePhotoFiles(
        owner: UserKey, files: PhotoFiles, writer: ArchiveWriter, now: Date, _ db: any SQLConnection
    ) throws -> ExportedPhotos {
        var exported = ExportedPhotos()
        var originalsWritten = Set<String>()
        // Every photo's record is kept for photos.jsonl anyway, so the rows are read at once.
        for row in try db.query(
            """
            SELECT \(PhotoRepository.columns), p.position, p.created_at FROM photos p
            WHERE p.owner_id = :owner AND (p.wish_id IS NOT NULL OR p.entry_id IS NOT NULL)
            ORDER BY p.wish_id, p.entry_id, p.position
            """,
            ["owner": owner.rawValue])
        {
            let stored = try PhotoRepository.stored(from: row)
            let id = stored.photo.id
            let original: String
            let renditions: [String]
            do {
                original = try files.original(stored.sha256)
                renditions = try RenditionSize.allCases.map {
                    try files.local(PhotoFiles.renditionName(id, revision: stored.revision, size: $0))
                }
            } catch is NotFoundError {
                continue
            }
            if originalsWritten.insert(stored.sha256).inserted {
                try writer.addFile(path: AccountArchiveFormat.originalPath(stored.sha256), from: original, modified: now)
            }
            for (size, path) in zip(RenditionSize.allCases, renditions) {
                try writer.addFile(
                    path: AccountArchiveFormat.renditionPath(id.lowercasedString, size.rawValue), from: path, modified: now)
            }
            let photo = stored.photo
            exported.records.append(
                ArchivedPhoto(
                    id: id.lowercasedString, sha256: stored.sha256, format: stored.format, originalWidth: photo.originalWidth,
                    originalHeight: photo.originalHeight, width: photo.width, height: photo.height, crop: photo.edit?.crop,
                    rotate: photo.edit?.rotate ?? 0, revision: stored.revision, takenAt: photo.takenAt, gps: photo.gps,
                    frameCount: try row["frame_count"], createdAt: Date(millisecondsSince1970: try row["created_at"])))
            let key: PhotoRecordKey =
                if let wish: Int64 = try row["wish_id"] {
                    PhotoRecordKey(record: "wish", rowID: wish)
                } else {
                    PhotoRecordKey(record: "entry", rowID: try row["entry_id"])
                }
            exported.onRecords[key, default: []].append(id.lowercasedString)
        }
        return exported
    }

    private func forEachWish(
        owner: UserKey, photos: [PhotoRecordKey: [String]], _ db: any SQLConnection, _ body: (ArchivedWish) throws -> Void
    ) throws {
        try db.forEachPage(
            """
            SELECT \(WishRepository.columns), s.spot_uuid FROM wishes w LEFT JOIN spot_wishes s ON s.wish_id = w.id
            WHERE w.owner_id = :owner AND w.id > :after ORDER BY w.id LIMIT :limit
            """,
            ["owner": owner.rawValue], pageSize: Self.pageSize
        ) { row in
            let rowID: Int64 = try row["id"]
            let prices = try db.query(
                "SELECT amount, currency, seen_at FROM wish_prices WHERE wish_id = :wish ORDER BY seen_at DESC, id DESC",
                ["wish": rowID]
            ).map { price in
                ArchivedWish.Price(
                    amount: try price["amount"], currency: try price["currency"],
                    seenAt: Date(millisecondsSince1970: try price["seen_at"]))
            }
            let wish = try WishRepository.wish(from: row)
            try body(
                ArchivedWish(
                    id: wish.id.lowercasedString, name: wish.name, memo: wish.memo, link: wish.link, tags: wish.tags,
                    place: wish.place, favorite: wish.favorite, private: wish.isPrivate, createdAt: wish.createdAt,
                    updatedAt: wish.updatedAt,
                    version: wish.version, photoIds: photos[PhotoRecordKey(record: "wish", rowID: rowID)] ?? [], prices: prices,
                    spotId: try row["spot_uuid"]))
        }
    }

    private func forEachEntry(
        owner: UserKey, photos: [PhotoRecordKey: [String]], _ db: any SQLConnection, _ body: (ArchivedJournalEntry) throws -> Void
    ) throws {
        try db.forEachPage(
            """
            SELECT \(JournalRepository.columns) FROM journal_entries e
            WHERE e.owner_id = :owner AND e.id > :after ORDER BY e.id LIMIT :limit
            """,
            ["owner": owner.rawValue], pageSize: Self.pageSize
        ) { row in
            let rowID: Int64 = try row["id"]
            let mentions: [String] = try db.query(
                """
                SELECT w.uuid FROM journal_mentions m JOIN wishes w ON w.id = m.wish_id
                WHERE m.entry_id = :entry ORDER BY m.position
                """,
                ["entry": rowID]
            ).map { try $0["uuid"] }
            let entry = try JournalRepository.entry(from: row)
            try body(
                ArchivedJournalEntry(
                    id: entry.id.lowercasedString, title: entry.title, contents: entry.contents, date: entry.date,
                    time: entry.time, hearted: entry.hearted, place: entry.place, createdAt: entry.createdAt,
                    updatedAt: entry.updatedAt, version: entry.version,
                    photoIds: photos[PhotoRecordKey(record: "entry", rowID: rowID)] ?? [], wishIds: mentions))
        }
    }

    /// Records read per page of their table.
    static let pageSize = 500

    /// One deflated entry of JSON Lines, written a record at a time; answers the number of records.
    private func writeLines<Record: Encodable>(
        _ path: String, _ writer: ArchiveWriter, _ now: Date, _ produce: ((Record) throws -> Void) throws -> Void
    ) throws -> Int {
        let encoder = AccountArchiveFormat.encoder()
        try writer.beginEntry(path: path, modified: now, compressed: true)
        var count = 0
        try produce { record in
            try writer.write(try encoder.encode(record) + Data([0x0A]))
            count += 1
        }
        return count
    }
}
