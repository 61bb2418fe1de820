import Foundation
import WishlistCore

/// What an import does with each record of a checked archive, decided against the database: a
/// record whose id this account has already is skipped (so a second import changes nothing); one
/// whose id another account on this server holds — that person's export, imported by someone else —
/// moves in under a new id (`MovedRecordID`), its links (photos, mentions) following it, and the
/// other account's rows are never touched; the rest are new, ids kept. A photo goes with its
/// record; an entry mentioning a wish that is neither imported nor in the account is refused.
/// Refusals name records as a person knows them: by name or title, not by id.
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
    /// The id in this account of each archived record that moved in under a new one, by archived id.
    var movedIDs: [String: String] = [:]
    var report: ImportReport

    /// The kinds of record a report counts, each counted even when none was imported or skipped.
    static let kinds = ["wishes", "journalEntries", "photos", "gifFavorites", "recentSearches"]

    /// The id the archived record `id` has (or gets) in this account.
    func id(_ id: String) -> String { movedIDs[id] ?? id }

    /// Where an archived id lands in this account.
    private enum Landing {
        /// The account has the record already, under this id.
        case held(String)
        /// Free: the record is stored under this id.
        case free(String)
        /// Both the archived id and the one it would move to are another account's (never seen in practice).
        case taken
    }

    init(_ contents: ArchiveContents, owner: UserKey, _ db: any SQLConnection) throws {
        let zeros = Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0, 0) })
        report = ImportReport(imported: zeros, skipped: zeros)
        let ownerID = owner.rawValue
        func holder(_ table: String, _ id: String) throws -> Int64? {
            try db.scalar("SELECT owner_id FROM \(table) WHERE uuid = :id", ["id": id])
        }
        func land(_ table: String, _ id: String) throws -> Landing {
            switch try holder(table, id) {
            case nil: return .free(id)
            case ownerID?: return .held(id)
            case _?:
                let moved = MovedRecordID.of(id, movingInto: owner)
                switch try holder(table, moved) {
                case nil:
                    movedIDs[id] = moved
                    return .free(moved)
                case ownerID?:
                    movedIDs[id] = moved
                    return .held(moved)
                case _?: return .taken
                }
            }
        }
        // Each refusal carries its rule's code and the record's own name, for an app to word in its language.
        func refuse(_ item: String, name: String, _ why: (code: String, text: String)) {
            report.refused.append(.init(item: item, reason: why.text, code: why.code, name: name))
        }
        let taken = (code: "ids_taken", text: "Its id, and the one it would move to, belong to other accounts on this server.")
        /// Why a new record's photos cannot come with it, if they cannot.
        func photoRefusal(_ ids: [String]) throws -> (code: String, text: String)? {
            for (index, id) in ids.enumerated() {
                switch try land("photos", id) {
                case .free: continue
                case .held:
                    return (code: "photo_on_another_record", text: "Its photo \(index + 1) is already on another record of this account.")
                case .taken: return taken
                }
            }
            return nil
        }

        var importedWishes = Set<String>()
        var takenSpots = Set<String>()
        for wish in contents.wishes {
            let item = Self.named("Wish", wish.name)
            switch try land("wishes", wish.id) {
            case .held:
                count(\.skipped, "wishes")
                count(\.skipped, "photos", by: wish.photoIds.count)
                importedWishes.insert(wish.id)
                continue
            case .taken:
                refuse(item, name: wish.name, taken)
                continue
            case .free: break
            }
            if let reason = try photoRefusal(wish.photoIds) {
                refuse(item, name: wish.name, reason)
                continue
            }
            newWishes.append(wish.id)
            newPhotos += wish.photoIds
            importedWishes.insert(wish.id)
            if let spot = wish.spotId {
                let spotTaken: Int? = try db.scalar(
                    "SELECT 1 FROM spot_wishes WHERE owner_id = :owner AND spot_uuid = :spot", ["owner": ownerID, "spot": spot])
                if spotTaken != nil || !takenSpots.insert(spot).inserted {
                    droppedSpotLinks.insert(wish.id)
                    refuse(
                        "Spot link of \(item)", name: wish.name,
                        (
                            code: "spot_link_dropped",
                            text:
                                "Another wish of this account was made from the same K-culture spot; the wish is imported without the link."
                        ))
                }
            }
        }
        let wishNames = Dictionary(contents.wishes.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for entry in contents.journal {
            let title = entry.title.isEmpty ? entry.date : entry.title
            let item = Self.named("Journal entry", title)
            switch try land("journal_entries", entry.id) {
            case .held:
                count(\.skipped, "journalEntries")
                count(\.skipped, "photos", by: entry.photoIds.count)
                continue
            case .taken:
                refuse(item, name: title, taken)
                continue
            case .free: break
            }
            if let reason = try photoRefusal(entry.photoIds) {
                refuse(item, name: title, reason)
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
                let wish = wishNames[missing].map { Self.named("wish", $0) } ?? "a wish"
                refuse(
                    item, name: title,
                    (code: "mentioned_wish_missing", text: "It mentions \(wish), which is neither in this account nor imported."))
                continue
            }
            newEntries.append(entry.id)
            newPhotos += entry.photoIds
        }
        count(\.imported, "wishes", by: newWishes.count)
        count(\.imported, "journalEntries", by: newEntries.count)
        count(\.imported, "photos", by: newPhotos.count)

        var favorites: Int = try db.scalar("SELECT count(*) FROM gif_favorites WHERE owner_id = :owner", ["owner": ownerID]) ?? 0
        for favorite in contents.gifFavorites {
            let existing: Int? = try db.scalar(
                "SELECT 1 FROM gif_favorites WHERE owner_id = :owner AND gif_id = :gif", ["owner": ownerID, "gif": favorite.gif.id])
            if existing != nil {
                count(\.skipped, "gifFavorites")
            } else if favorites >= FavoriteGif.limit {
                let name = favorite.gif.title.isEmpty ? favorite.gif.id : favorite.gif.title
                refuse(
                    Self.named("GIF favorite", name), name: name,
                    (code: "favorites_full", text: "An account keeps at most \(FavoriteGif.limit) favorite GIFs."))
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
                "SELECT 1 FROM recent_searches WHERE owner_id = :owner AND query_key = :key", ["owner": ownerID, "key": key])
            switch try land("recent_searches", search.id) {
            case .held:
                count(\.skipped, "recentSearches")
            case .taken:
                refuse(Self.named("Recent search", search.query), name: search.query, taken)
            case .free where sameQuery != nil || !keys.insert(key).inserted:
                count(\.skipped, "recentSearches")
            case .free:
                newRecentSearches.append(search.id)
            }
        }
        count(\.imported, "recentSearches", by: newRecentSearches.count)
    }

    /// A record named as a person knows it, e.g. `Wish “Desk lamp”`, cut at 80 characters.
    private static func named(_ kind: String, _ name: String) -> String {
        let trimmed = name.trimmingWhitespace()
        return "\(kind) “\(trimmed.count > 80 ? String(trimmed.prefix(79)) + "…" : trimmed)”"
    }

    private mutating func count(_ counts: WritableKeyPath<ImportReport, [String: Int]>, _ kind: String, by amount: Int = 1) {
        report[keyPath: counts][kind, default: 0] += amount
    }
}
