import Foundation
import SQLite
import WishlistCore

/// What an import does with each record of a checked archive, decided against the database: a
/// record whose id this account has already is skipped (so a second import changes nothing); one
/// whose id belongs to another account is refused, never touched; the rest are new. A photo goes
/// with its record; an entry mentioning a refused wish is refused too.
///
/// Made once before the photo files are placed and again inside the import's transaction: if the
/// two differ, something changed meanwhile and the import is refused as a conflict.
struct ImportPlan: Equatable {
    var newWishes: [String] = []
    var newEntries: [String] = []
    var newPhotos: [String] = []
    var newGifFavorites: [String] = []
    var newRecentSearches: [String] = []
    /// Spots already wished for by another of the account's wishes: the new wish is kept without the link.
    var droppedSpotLinks: Set<String> = []
    var report: ImportReport

    /// The kinds of record a report counts, each counted even when none was imported or skipped.
    static let kinds = ["wishes", "journalEntries", "photos", "gifFavorites", "recentSearches"]

    init(_ contents: ArchiveContents, owner: UserKey, _ db: Database) throws {
        let zeros = Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0, 0) })
        report = ImportReport(imported: zeros, skipped: zeros)
        let ownerID = owner.rawValue
        func holder(_ table: String, _ id: String) throws -> Int64? {
            try db.scalar("SELECT owner_id FROM \(table) WHERE uuid = ?", [id])
        }
        func refuse(_ item: String, _ reason: String) { report.refused.append(.init(item: item, reason: reason)) }
        let anotherAccount = "This id belongs to another account on this server."

        var importedWishes = Set<String>()
        var takenSpots = Set<String>()
        for wish in contents.wishes {
            let item = "wish \(wish.id)"
            switch try holder("wishes", wish.id) {
            case ownerID?:
                count(\.skipped, "wishes")
                count(\.skipped, "photos", by: wish.photoIds.count)
                importedWishes.insert(wish.id)
                continue
            case _?:
                refuse(item, anotherAccount)
                continue
            case nil: break
            }
            if let reason = try photoRefusal(wish.photoIds, owner: ownerID, holder) {
                refuse(item, reason)
                continue
            }
            newWishes.append(wish.id)
            newPhotos += wish.photoIds
            importedWishes.insert(wish.id)
            if let spot = wish.spotId {
                let taken: Int? = try db.scalar(
                    "SELECT 1 FROM spot_wishes WHERE owner_id = ? AND spot_uuid = ?", [ownerID, spot])
                if taken != nil || !takenSpots.insert(spot).inserted {
                    droppedSpotLinks.insert(wish.id)
                    refuse(
                        "spot link of \(item)",
                        "Another wish of this account was made from spot \(spot); the wish is imported without the link.")
                }
            }
        }
        for entry in contents.journal {
            let item = "journal entry \(entry.id)"
            switch try holder("journal_entries", entry.id) {
            case ownerID?:
                count(\.skipped, "journalEntries")
                count(\.skipped, "photos", by: entry.photoIds.count)
                continue
            case _?:
                refuse(item, anotherAccount)
                continue
            case nil: break
            }
            if let reason = try photoRefusal(entry.photoIds, owner: ownerID, holder) {
                refuse(item, reason)
                continue
            }
            var missing: String?
            for wish in entry.wishIds where !importedWishes.contains(wish) {
                if try holder("wishes", wish) != ownerID {
                    missing = wish
                    break
                }
            }
            if let missing {
                refuse(item, "It mentions wish \(missing), which is neither in this account nor imported.")
                continue
            }
            newEntries.append(entry.id)
            newPhotos += entry.photoIds
        }
        count(\.imported, "wishes", by: newWishes.count)
        count(\.imported, "journalEntries", by: newEntries.count)
        count(\.imported, "photos", by: newPhotos.count)

        var favorites: Int = try db.scalar("SELECT count(*) FROM gif_favorites WHERE owner_id = ?", [ownerID]) ?? 0
        for favorite in contents.gifFavorites {
            let existing: Int? = try db.scalar(
                "SELECT 1 FROM gif_favorites WHERE owner_id = ? AND gif_id = ?", [ownerID, favorite.gif.id])
            if existing != nil {
                count(\.skipped, "gifFavorites")
            } else if favorites >= FavoriteGif.limit {
                refuse("GIF favorite \(favorite.gif.id)", "An account keeps at most \(FavoriteGif.limit) favorite GIFs.")
            } else {
                favorites += 1
                newGifFavorites.append(favorite.gif.id)
            }
        }
        count(\.imported, "gifFavorites", by: newGifFavorites.count)

        var keys = Set<String>()
        for search in contents.recentSearches {
            let key = SearchGrams.key(search.query)
            let sameQuery: Int? = try db.scalar(
                "SELECT 1 FROM recent_searches WHERE owner_id = ? AND query_key = ?", [ownerID, key])
            switch try holder("recent_searches", search.id) {
            case ownerID?:
                count(\.skipped, "recentSearches")
            case _?:
                refuse("recent search \(search.id)", anotherAccount)
            case nil where sameQuery != nil || !keys.insert(key).inserted:
                count(\.skipped, "recentSearches")
            case nil:
                newRecentSearches.append(search.id)
            }
        }
        count(\.imported, "recentSearches", by: newRecentSearches.count)
    }

    /// Why a new record's photos cannot come with it, if they cannot: a photo id already in use.
    private func photoRefusal(
        _ ids: [String], owner: Int64, _ holder: (String, String) throws -> Int64?
    ) throws -> String? {
        for id in ids {
            switch try holder("photos", id) {
            case nil: continue
            case owner?: return "Its photo \(id) is already on another record of this account."
            case _?: return "Its photo \(id) belongs to another account on this server."
            }
        }
        return nil
    }

    private mutating func count(_ counts: WritableKeyPath<ImportReport, [String: Int]>, _ kind: String, by amount: Int = 1) {
        report[keyPath: counts][kind, default: 0] += amount
    }
}
