import Foundation
import SQLite
import WishlistCore

/// The rows of an import's new records, written inside its transaction with every index a record
/// has (tags, search, places through their triggers), times and versions as archived, ids as the
/// plan gives them (as archived, or moved: `ImportPlan.movedIDs`).
struct ImportRows {
    let contents: ArchiveContents
    let plan: ImportPlan
    let owner: UserKey
    let db: Database

    func write() throws {
        let photos = contents.photos
        let newWishes = Set(plan.newWishes)
        for wish in contents.wishes where newWishes.contains(wish.id) {
            let rowID = try insert(wish)
            try insertPhotos(wish.photoIds.compactMap { photos[$0] }, column: PhotoRecord.wish.column, rowID: rowID)
        }
        let newEntries = Set(plan.newEntries)
        for entry in contents.journal where newEntries.contains(entry.id) {
            let rowID = try insert(entry)
            try insertPhotos(entry.photoIds.compactMap { photos[$0] }, column: PhotoRecord.journalEntry.column, rowID: rowID)
        }
        let newFavorites = Set(plan.newGifFavorites)
        let encoder = JSONCoding.encoder()
        for favorite in contents.gifFavorites where newFavorites.contains(favorite.gif.id) {
            try db.run(
                "INSERT INTO gif_favorites (owner_id, gif_id, gif, favorited_at) VALUES (?, ?, ?, ?)",
                [
                    owner.rawValue, favorite.gif.id, String(decoding: try encoder.encode(favorite.gif), as: UTF8.self),
                    favorite.favoritedAt.millisecondsSince1970
                ])
        }
        let newSearches = Set(plan.newRecentSearches)
        for search in contents.recentSearches where newSearches.contains(search.id) {
            try db.run(
                "INSERT INTO recent_searches (uuid, owner_id, query, query_key, searched_at) VALUES (?, ?, ?, ?, ?)",
                [plan.id(search.id), owner.rawValue, search.query, SearchGrams.key(search.query), search.searchedAt.millisecondsSince1970])
        }
        if !newSearches.isEmpty {
            // The newest searches by when they were made, as many as any account keeps.
            try db.run(
                """
                DELETE FROM recent_searches WHERE owner_id = :owner AND id NOT IN (
                    SELECT id FROM recent_searches WHERE owner_id = :owner ORDER BY searched_at DESC, id DESC LIMIT :kept
                )
                """,
                ["owner": owner.rawValue, "kept": RecentSearch.keptLimit])
        }
    }

    private func insert(_ wish: ArchivedWish) throws -> Int64 {
        let created = wish.createdAt.millisecondsSince1970
        try db.run(
            """
            INSERT INTO wishes (uuid, owner_id, name, name_key, memo, link, place_name, place_address,
                place_latitude, place_longitude, place_source, tags, favorite, private, created_at, updated_at, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [plan.id(wish.id), owner.rawValue, wish.name, SearchGrams.key(wish.name), wish.memo, wish.link]
                + Place.columnValues(wish.place)
                + [
                    try TagsColumn.text(of: wish.tags), wish.favorite, wish.private ?? false, created, wish.updatedAt.millisecondsSince1970,
                    wish.version
                ])
        let rowID = db.lastInsertRowID
        try WishRepository.insertTags(wish.tags, rowID: rowID, owner: owner, createdAt: created, SQLiteConnection(database: db))
        try WishRepository.index(rowID: rowID, name: wish.name, owner: owner, db)
        try WishRepository.indexText(rowID: rowID, memo: wish.memo, link: wish.link, owner: owner, db)
        // Oldest first, so that row ids follow the order they were seen in.
        for price in wish.prices.reversed() {
            try db.run(
                "INSERT INTO wish_prices (wish_id, amount, currency, seen_at) VALUES (?, ?, ?, ?)",
                [rowID, price.amount, price.currency, price.seenAt.millisecondsSince1970])
        }
        if let spot = wish.spotId, !plan.droppedSpotLinks.contains(wish.id) {
            try db.run("INSERT INTO spot_wishes (owner_id, spot_uuid, wish_id) VALUES (?, ?, ?)", [owner.rawValue, spot, rowID])
        }
        return rowID
    }

    private func insert(_ archived: ArchivedJournalEntry) throws -> Int64 {
        try db.run(
            """
            INSERT INTO journal_entries (uuid, owner_id, title, contents, day, time, hearted, place_name, place_address,
                place_latitude, place_longitude, place_source, created_at, updated_at, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [plan.id(archived.id), owner.rawValue, archived.title, archived.contents, archived.date, archived.time, archived.hearted]
                + Place.columnValues(archived.place)
                + [archived.createdAt.millisecondsSince1970, archived.updatedAt.millisecondsSince1970, archived.version])
        let rowID = db.lastInsertRowID
        let entry = JournalEntry(
            id: try UUID(storedText: plan.id(archived.id)), title: archived.title, contents: archived.contents, date: archived.date,
            time: archived.time, hearted: archived.hearted, place: archived.place, createdAt: archived.createdAt,
            updatedAt: archived.updatedAt, version: archived.version)
        try JournalRepository.index(rowID: rowID, entry: entry, owner: owner, db)
        for (position, wish) in archived.wishIds.enumerated() {
            try db.run(
                """
                INSERT INTO journal_mentions (entry_id, wish_id, position)
                SELECT ?, id, ? FROM wishes WHERE uuid = ? AND owner_id = ?
                """,
                [rowID, position, plan.id(wish), owner.rawValue])
        }
        return rowID
    }

    private func insertPhotos(_ photos: [ArchivedPhoto], column: String, rowID: Int64) throws {
        for (position, photo) in photos.enumerated() {
            try db.run(
                """
                INSERT INTO photos (uuid, owner_id, \(column), position, sha256, format, original_width, original_height,
                    width, height, crop_x, crop_y, crop_width, crop_height, rotate, revision, taken_at, gps_latitude,
                    gps_longitude, frame_count, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    plan.id(photo.id), owner.rawValue, rowID, position, photo.sha256, photo.format, photo.originalWidth,
                    photo.originalHeight, photo.width, photo.height, photo.crop?.x, photo.crop?.y, photo.crop?.width,
                    photo.crop?.height, photo.rotate, photo.revision, photo.takenAt?.millisecondsSince1970, photo.gps?.latitude,
                    photo.gps?.longitude, photo.frameCount, photo.createdAt.millisecondsSince1970
                ])
        }
    }
}
