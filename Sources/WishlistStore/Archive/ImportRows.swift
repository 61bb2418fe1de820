import Foundation
import WishlistCore

/// The rows of an import's new records, written inside its transaction with every index a record
/// has (tags, search, places through their triggers), times and versions as archived, ids as the
/// plan gives them (as archived, or moved: `ImportPlan.movedIDs`).
struct ImportRows {
    let contents: ArchiveContents
    let plan: ImportPlan
    let owner: UserKey
    let db: any SQLConnection

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
                "INSERT INTO gif_favorites (owner_id, gif_id, gif, favorited_at) VALUES (:owner, :gif, :json, :at)",
                [
                    "owner": owner.rawValue, "gif": favorite.gif.id,
                    "json": String(decoding: try encoder.encode(favorite.gif), as: UTF8.self),
                    "at": favorite.favoritedAt.millisecondsSince1970
                ])
        }
        let newSearches = Set(plan.newRecentSearches)
        for search in contents.recentSearches where newSearches.contains(search.id) {
            try db.run(
                "INSERT INTO recent_searches (uuid, owner_id, query, query_key, searched_at) VALUES (:uuid, :owner, :query, :key, :at)",
                [
                    "uuid": plan.id(search.id), "owner": owner.rawValue, "query": search.query, "key": SearchGrams.key(search.query),
                    "at": search.searchedAt.millisecondsSince1970
                ])
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
        let inserted: Int64? = try db.scalar(
            """
            INSERT INTO wishes (uuid, owner_id, name, name_key, memo, link, place_name, place_address,
                place_latitude, place_longitude, place_source, tags, favorite, private, created_at, updated_at, version)
            VALUES (:uuid, :owner, :name, :nameKey, :memo, :link, \(Place.columnParameters), :tags, :favorite, :private,
                :created, :updated, :version)
            RETURNING id
            """,
            [
                "uuid": plan.id(wish.id), "owner": owner.rawValue, "name": wish.name, "nameKey": SearchGrams.key(wish.name),
                "memo": wish.memo, "link": wish.link, "tags": try TagsColumn.text(of: wish.tags), "favorite": wish.favorite,
                "private": wish.private ?? false, "created": created, "updated": wish.updatedAt.millisecondsSince1970,
                "version": wish.version
            ] + Place.columnArguments(wish.place))
        guard let rowID = inserted else { throw StoreError.corruptValue("no id for the imported wish \(wish.id)") }
        try WishRepository.insertTags(wish.tags, rowID: rowID, owner: owner, createdAt: created, db)
        try WishRepository.index(rowID: rowID, name: wish.name, owner: owner, db)
        try WishRepository.indexText(rowID: rowID, memo: wish.memo, link: wish.link, owner: owner, db)
        // Oldest first, so that row ids follow the order they were seen in.
        for price in wish.prices.reversed() {
            try db.run(
                "INSERT INTO wish_prices (wish_id, amount, currency, seen_at) VALUES (:wish, :amount, :currency, :seen)",
                ["wish": rowID, "amount": price.amount, "currency": price.currency, "seen": price.seenAt.millisecondsSince1970])
        }
        if let spot = wish.spotId, !plan.droppedSpotLinks.contains(wish.id) {
            try db.run(
                "INSERT INTO spot_wishes (owner_id, spot_uuid, wish_id) VALUES (:owner, :spot, :wish)",
                ["owner": owner.rawValue, "spot": spot, "wish": rowID])
        }
        return rowID
    }

    private func insert(_ archived: ArchivedJournalEntry) throws -> Int64 {
        let inserted: Int64? = try db.scalar(
            """
            INSERT INTO journal_entries (uuid, owner_id, title, contents, day, time, hearted, place_name, place_address,
                place_latitude, place_longitude, place_source, created_at, updated_at, version)
            VALUES (:uuid, :owner, :title, :contents, :day, :time, :hearted, \(Place.columnParameters), :created, :updated,
                :version)
            RETURNING id
            """,
            [
                "uuid": plan.id(archived.id), "owner": owner.rawValue, "title": archived.title, "contents": archived.contents,
                "day": archived.date, "time": archived.time, "hearted": archived.hearted,
                "created": archived.createdAt.millisecondsSince1970, "updated": archived.updatedAt.millisecondsSince1970,
                "version": archived.version
            ] + Place.columnArguments(archived.place))
        guard let rowID = inserted else { throw StoreError.corruptValue("no id for the imported entry \(archived.id)") }
        let entry = JournalEntry(
            id: try UUID(storedText: plan.id(archived.id)), title: archived.title, contents: archived.contents, date: archived.date,
            time: archived.time, hearted: archived.hearted, place: archived.place, createdAt: archived.createdAt,
            updatedAt: archived.updatedAt, version: archived.version)
        try JournalRepository.index(rowID: rowID, entry: entry, owner: owner, db)
        for (position, wish) in archived.wishIds.enumerated() {
            try db.run(
                """
                INSERT INTO journal_mentions (entry_id, wish_id, position)
                SELECT :entry, id, :position FROM wishes WHERE uuid = :wish AND owner_id = :owner
                """,
                ["entry": rowID, "position": position, "wish": plan.id(wish), "owner": owner.rawValue])
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
                VALUES (:uuid, :owner, :record, :position, :sha256, :format, :originalWidth, :originalHeight, :width, :height,
                    :cropX, :cropY, :cropWidth, :cropHeight, :rotate, :revision, :takenAt, :gpsLatitude, :gpsLongitude,
                    :frameCount, :created)
                """,
                [
                    "uuid": plan.id(photo.id), "owner": owner.rawValue, "record": rowID, "position": position,
                    "sha256": photo.sha256, "format": photo.format, "originalWidth": photo.originalWidth,
                    "originalHeight": photo.originalHeight, "width": photo.width, "height": photo.height,
                    "cropX": photo.crop?.x, "cropY": photo.crop?.y, "cropWidth": photo.crop?.width,
                    "cropHeight": photo.crop?.height, "rotate": photo.rotate, "revision": photo.revision,
                    "takenAt": photo.takenAt?.millisecondsSince1970, "gpsLatitude": photo.gps?.latitude,
                    "gpsLongitude": photo.gps?.longitude, "frameCount": photo.frameCount,
                    "created": photo.createdAt.millisecondsSince1970
                ])
        }
    }
}
