import Foundation
import SQLite
import WishlistCore

/// Photos of each account: the record of an upload, its edit, and which wish shows it where.
/// The files themselves are `PhotoLibrary`'s, which records and changes photos through this repository.
public struct PhotoRepository: Sendable {
    let pool: DatabasePool

    static let columns = """
        p.id, p.uuid, p.wish_id, p.sha256, p.format, p.original_width, p.original_height, p.width, p.height,
        p.crop_x, p.crop_y, p.crop_width, p.crop_height, p.rotate, p.revision, p.taken_at, p.gps_latitude, p.gps_longitude
        """

    /// The photo, when this account has it.
    public func get(_ id: UUID, owner: UserKey) throws -> StoredPhoto? {
        try pool.read { db in try Self.fetch(id, owner: owner, db) }
    }

    /// Deletes a photo of the account that is on no wish, answering it for its files to go too.
    /// - Throws: `NotFoundError("photo")`; `PhotoError.inUse` when it is on a wish.
    func delete(_ id: UUID, owner: UserKey) throws -> StoredPhoto {
        try pool.write { db in
            guard let photo = try Self.fetch(id, owner: owner, db) else { throw NotFoundError("photo") }
            guard !photo.isAttached else { throw PhotoError.inUse }
            try db.run("DELETE FROM photos WHERE uuid = ?", [id.lowercasedString])
            return photo
        }
    }

    /// Deletes those of the account's photos `ids` that are on no wish (let go by one, or an upload
    /// that failed halfway), answering what was deleted for the files to go too. A photo put on a
    /// wish again meanwhile stays.
    func deleteUnattached(_ ids: [UUID], owner: UserKey) throws -> [StoredPhoto] {
        guard !ids.isEmpty else { return [] }
        return try pool.write { db in
            let found = try ids.compactMap { try Self.fetch($0, owner: owner, db) }.filter { !$0.isAttached }
            for photo in found {
                try db.run("DELETE FROM photos WHERE uuid = ? AND wish_id IS NULL", [photo.photo.id.lowercasedString])
            }
            return found
        }
    }

    /// Deletes every account's photos uploaded before `date` and never put on a wish (an upload
    /// abandoned before its wish was saved), answering them so their files can go too.
    func deleteUnattached(before date: Date) throws -> [StoredPhoto] {
        try pool.write { db in
            let found = try db.query(
                "SELECT \(Self.columns) FROM photos p WHERE p.wish_id IS NULL AND p.created_at < ?",
                [date.millisecondsSince1970]
            ).map(Self.stored(from:))
            try db.run("DELETE FROM photos WHERE wish_id IS NULL AND created_at < ?", [date.millisecondsSince1970])
            return found
        }
    }

    /// Every photo id, and the format of every original by digest, for sweeping files left behind.
    func allFiles() throws -> (photos: Set<String>, originals: [String: String]) {
        try pool.read { db in
            var photos = Set<String>(), originals: [String: String] = [:]
            try db.forEach("SELECT uuid, sha256, format FROM photos") { row in
                photos.insert(try row["uuid"])
                originals[try row["sha256"]] = try row["format"]
            }
            return (photos, originals)
        }
    }

    // MARK: Used by PhotoLibrary inside its transactions, beside the files

    static func insert(_ new: NewPhoto, owner: UserKey, now: Date, _ db: Database) throws -> StoredPhoto {
        try db.run(
            """
            INSERT INTO photos (uuid, owner_id, sha256, format, original_width, original_height, width, height,
                taken_at, gps_latitude, gps_longitude, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [new.id.lowercasedString, owner.rawValue, new.sha256, new.format, new.width, new.height,
             new.width, new.height, new.takenAt?.millisecondsSince1970, new.gps?.latitude, new.gps?.longitude,
             now.millisecondsSince1970])
        return try fetch(new.id, owner: owner, db)!
    }

    /// Records a new edit (nil: back to the original) with the size the photo now shows at, as the
    /// revision after `revision`, if the photo is still at `revision`: a compare-and-swap, so that
    /// of two edits made from the same revision only one is saved.
    /// - Throws: `NotFoundError("photo")`; `PhotoError.editConflict` when another edit came first.
    static func setEdit(
        _ edit: Photo.Edit?, width: Int, height: Int, of id: UUID, owner: UserKey, after revision: Int, _ db: Database
    ) throws -> StoredPhoto {
        try db.run(
            """
            UPDATE photos SET crop_x = ?, crop_y = ?, crop_width = ?, crop_height = ?, rotate = ?,
                width = ?, height = ?, revision = revision + 1
            WHERE uuid = ? AND owner_id = ? AND revision = ?
            """,
            [edit?.crop?.x, edit?.crop?.y, edit?.crop?.width, edit?.crop?.height, edit?.rotate ?? 0, width, height,
             id.lowercasedString, owner.rawValue, revision])
        guard db.changes == 1, let stored = try fetch(id, owner: owner, db) else {
            if try fetch(id, owner: owner, db) == nil { throw NotFoundError("photo") }
            throw PhotoError.editConflict
        }
        if stored.isAttached {
            try db.run(
                "UPDATE wishes SET version = version + 1 WHERE id = (SELECT wish_id FROM photos WHERE uuid = ?)",
                [id.lowercasedString])
        }
        return stored
    }

    /// Whether any photo still shows the original with this digest.
    static func isOriginalInUse(_ sha256: String, _ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM photos WHERE sha256 = ? LIMIT 1", [sha256]) as Int? != nil
    }

    // MARK: Used by WishRepository inside its transactions

    /// Puts exactly `ids` on the wish, in that order; photos that were on it and are not in `ids`
    /// are let go (their ids are returned, for the caller to delete). Each photo must belong to
    /// the owner and be free or already on this wish.
    static func attach(_ ids: [UUID], toWish rowID: Int64, owner: UserKey, _ db: Database) throws -> [UUID] {
        let idTexts = ids.map(\.lowercasedString)
        for (text, id) in zip(idTexts, ids) {
            let wishID: Int64?? = try db.queryFirst(
                "SELECT wish_id FROM photos WHERE uuid = ? AND owner_id = ?", [text, owner.rawValue]
            ).map { try $0["wish_id"] }
            guard let wishID, wishID == nil || wishID == rowID else {
                throw ValidationError(
                    field: "photoIds", code: "unknown_photo",
                    message: "There is no photo with id \(id.lowercasedString) to add; upload it first.")
            }
        }
        let json = "[" + idTexts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let released = try db.query(
            "SELECT uuid FROM photos WHERE wish_id = ? AND uuid NOT IN (SELECT value FROM json_each(?))", [rowID, json]
        ).map { try UUID(storedText: $0["uuid"]) }
        try db.run(
            "UPDATE photos SET wish_id = NULL, position = NULL WHERE wish_id = ? AND uuid NOT IN (SELECT value FROM json_each(?))",
            [rowID, json])
        for (position, text) in idTexts.enumerated() {
            try db.run("UPDATE photos SET wish_id = ?, position = ? WHERE uuid = ?", [rowID, position, text])
        }
        return released
    }

    /// The photos of each of the wishes in `rowIDs`, in their order.
    static func photos(ofWishes rowIDs: [Int64], _ db: Database) throws -> [Int64: [Photo]] {
        guard !rowIDs.isEmpty else { return [:] }
        var photos: [Int64: [Photo]] = [:]
        try db.forEach(
            """
            SELECT \(columns) FROM photos p WHERE p.wish_id IN (SELECT value FROM json_each(?))
            ORDER BY p.wish_id, p.position
            """,
            [rowIDs.jsonArray]
        ) { row in
            photos[try row["wish_id"], default: []].append(try stored(from: row).photo)
        }
        return photos
    }

    /// The photos on a wish with what their files need, in order.
    static func stored(ofWish rowID: Int64, _ db: Database) throws -> [StoredPhoto] {
        try db.query("SELECT \(columns) FROM photos p WHERE p.wish_id = ? ORDER BY p.position", [rowID]).map(stored(from:))
    }

    private static func fetch(_ id: UUID, owner: UserKey, _ db: Database) throws -> StoredPhoto? {
        try db.queryFirst(
            "SELECT \(columns) FROM photos p WHERE p.uuid = ? AND p.owner_id = ?", [id.lowercasedString, owner.rawValue]
        ).map(stored(from:))
    }

    private static func stored(from row: Row) throws -> StoredPhoto {
        let id = try UUID(storedText: row["uuid"])
        let revision: Int = try row["revision"]
        let sha256: String = try row["sha256"]
        let rotate: Int = try row["rotate"]
        var crop: Photo.Crop?
        if let x: Int = try row["crop_x"] {
            crop = Photo.Crop(x: x, y: try row["crop_y"], width: try row["crop_width"], height: try row["crop_height"])
        }
        let edit = crop == nil && rotate == 0 ? nil : Photo.Edit(crop: crop, rotate: rotate)
        var gps: Photo.GPS?
        if let latitude: Double = try row["gps_latitude"] {
            gps = Photo.GPS(latitude: latitude, longitude: try row["gps_longitude"])
        }
        let photo = Photo(
            id: id, width: try row["width"], height: try row["height"], originalWidth: try row["original_width"],
            originalHeight: try row["original_height"], urls: Photo.urls(id: id, revision: revision, originalDigest: sha256), edit: edit,
            takenAt: (try row["taken_at"] as Int64?).map(Date.init(millisecondsSince1970:)), gps: gps)
        return StoredPhoto(
            photo: photo, sha256: sha256, format: try row["format"], revision: revision,
            isAttached: try row["wish_id"] as Int64? != nil)
    }
}
