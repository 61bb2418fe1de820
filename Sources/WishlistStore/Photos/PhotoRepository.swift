import Foundation
import SQLite
import WishlistCore

/// Photos of each account: the record of an upload, its edit, and which record (a wish or a journal
/// entry) shows it where.
/// The files themselves are `PhotoLibrary`'s, which records and changes photos through this repository.
/// The same SQL on both engines (`StoreDatabase`); a deletion answers exactly the rows it deleted
/// (`RETURNING`), so that only their files go, whatever other writers do meanwhile.
public struct PhotoRepository: Sendable {
    let database: StoreDatabase

    /// The columns `stored(from:)` reads, as named in `photos`.
    private static let columnNames = [
        "id", "uuid", "wish_id", "entry_id", "sha256", "format", "original_width", "original_height", "width", "height",
        "crop_x", "crop_y", "crop_width", "crop_height", "rotate", "revision", "taken_at", "gps_latitude", "gps_longitude",
        "frame_count"
    ]

    /// The columns `stored(from:)` reads, of `photos p`.
    static let columns = columnNames.map { "p." + $0 }.joined(separator: ", ")

    /// The same, for the RETURNING clause of a deletion (which names no alias).
    private static let returnedColumns = columnNames.joined(separator: ", ")

    /// The photo, when this account has it.
    public func get(_ id: UUID, owner: UserKey) throws -> StoredPhoto? {
        try database.read { db in try Self.fetch(id, owner: owner, db) }
    }

    /// Deletes a photo of the account that is on no record, answering it for its files to go too.
    /// One statement deletes it only while it is on no record, so a photo put on one meanwhile stays.
    /// - Throws: `NotFoundError("photo")`; `PhotoError.inUse` when it is on a wish or an entry.
    func delete(_ id: UUID, owner: UserKey) throws -> StoredPhoto {
        try database.write { db in
            let deleted = try db.query(
                "DELETE FROM photos WHERE uuid = :uuid AND owner_id = :owner AND \(Self.unattached) RETURNING \(Self.returnedColumns)",
                ["uuid": id.lowercasedString, "owner": owner.rawValue])
            guard let row = deleted.first else {
                guard try Self.fetch(id, owner: owner, db) != nil else { throw NotFoundError("photo") }
                throw PhotoError.inUse
            }
            return try Self.stored(from: row)
        }
    }

    /// Deletes those of the account's photos `ids` that are on no record (let go by one, or an
    /// upload that failed halfway), answering what was deleted for the files to go too. A photo put
    /// on a record again meanwhile stays: the deletion answers exactly the rows it deleted.
    func deleteUnattached(_ ids: [UUID], owner: UserKey) throws -> [StoredPhoto] {
        guard !ids.isEmpty else { return [] }
        return try database.write { db in
            try db.query(
                """
                DELETE FROM photos
                WHERE owner_id = :owner AND \(Self.unattached) AND uuid IN (\(db.dialect.members(ofJSONArray: ":ids", as: .text)))
                RETURNING \(Self.returnedColumns)
                """,
                ["owner": owner.rawValue, "ids": ids.jsonArray]
            ).map(Self.stored(from:))
        }
    }

    /// Deletes every account's photos uploaded before `date` and on no record (an upload abandoned
    /// before its wish or entry was saved), answering them so their files can go too.
    func deleteUnattached(before date: Date) throws -> [StoredPhoto] {
        try database.write { db in
            try db.query(
                "DELETE FROM photos WHERE \(Self.unattached) AND created_at < :before RETURNING \(Self.returnedColumns)",
                ["before": date.millisecondsSince1970]
            ).map(Self.stored(from:))
        }
    }

    /// The digest of every original whose frames were never counted (filed before photos recorded
    /// them), for `PhotoLibrary.tidy` to count.
    func originalsWithoutFrameCount() throws -> [String] {
        try database.read { db in
            try db.query("SELECT DISTINCT sha256 FROM photos WHERE frame_count IS NULL ORDER BY sha256").map { try $0["sha256"] }
        }
    }

    /// Records the frames of the original with this digest, for every photo showing it.
    func setFrameCount(_ frameCount: Int, ofOriginal sha256: String) throws {
        try database.write { db in
            try db.run(
                "UPDATE photos SET frame_count = :frames WHERE sha256 = :sha256 AND frame_count IS NULL",
                ["frames": frameCount, "sha256": sha256])
        }
    }

    /// Every photo's current revision by id, and the format of every original by digest, for sweeping
    /// files left behind.
    func allFiles() throws -> (photos: [String: Int], originals: [String: String]) {
        try database.read { db in
            var photos: [String: Int] = [:]
            var originals: [String: String] = [:]
            for row in try db.query("SELECT uuid, revision, sha256, format FROM photos") {
                photos[try row["uuid"]] = try row["revision"]
                originals[try row["sha256"]] = try row["format"]
            }
            return (photos, originals)
        }
    }

    // MARK: Used by PhotoLibrary inside its transactions, beside the files

    static func insert(_ new: NewPhoto, owner: UserKey, now: Date, _ db: any SQLConnection) throws -> StoredPhoto {
        try db.run(
            """
            INSERT INTO photos (uuid, owner_id, sha256, format, original_width, original_height, width, height,
                taken_at, gps_latitude, gps_longitude, frame_count, created_at)
            VALUES (:uuid, :owner, :sha256, :format, :width, :height, :width, :height,
                :takenAt, :latitude, :longitude, :frames, :created)
            """,
            [
                "uuid": new.id.lowercasedString, "owner": owner.rawValue, "sha256": new.sha256, "format": new.format,
                "width": new.width, "height": new.height, "takenAt": new.takenAt?.millisecondsSince1970,
                "latitude": new.gps?.latitude, "longitude": new.gps?.longitude, "frames": new.frameCount,
                "created": now.millisecondsSince1970
            ])
        return try fetch(new.id, owner: owner, db)!
    }

    /// Records a new edit (nil: back to the original) with the size the photo now shows at, as the
    /// revision after `revision`, if the photo is still at `revision`: a compare-and-swap, so that
    /// of two edits made from the same revision only one is saved.
    /// - Throws: `NotFoundError("photo")`; `PhotoError.editConflict` when another edit came first.
    static func setEdit(
        _ edit: Photo.Edit?, width: Int, height: Int, of id: UUID, owner: UserKey, after revision: Int,
        _ db: any SQLConnection
    ) throws -> StoredPhoto {
        let changed = try db.run(
            """
            UPDATE photos SET crop_x = :cropX, crop_y = :cropY, crop_width = :cropWidth, crop_height = :cropHeight,
                rotate = :rotate, width = :width, height = :height, revision = revision + 1
            WHERE uuid = :uuid AND owner_id = :owner AND revision = :revision
            """,
            [
                "cropX": edit?.crop?.x, "cropY": edit?.crop?.y, "cropWidth": edit?.crop?.width,
                "cropHeight": edit?.crop?.height, "rotate": edit?.rotate ?? 0, "width": width, "height": height,
                "uuid": id.lowercasedString, "owner": owner.rawValue, "revision": revision
            ])
        guard changed == 1, let stored = try fetch(id, owner: owner, db) else {
            if try fetch(id, owner: owner, db) == nil { throw NotFoundError("photo") }
            throw PhotoError.editConflict
        }
        // The record showing the photo changed with it (its photos' urls and sizes).
        if stored.isAttached {
            for record in PhotoRecord.allCases {
                try db.run(
                    """
                    UPDATE \(record.table) SET version = version + 1
                    WHERE id = (SELECT \(record.column) FROM photos WHERE uuid = :uuid)
                    """,
                    ["uuid": id.lowercasedString])
            }
        }
        return stored
    }

    /// Whether a photo of this id has a row, whoever's it is.
    static func isRecorded(_ id: UUID, _ db: any SQLConnection) throws -> Bool {
        try db.scalar("SELECT 1 FROM photos WHERE uuid = :uuid", ["uuid": id.lowercasedString]) as Int? != nil
    }

    /// Whether any photo still shows the original with this digest.
    static func isOriginalInUse(_ sha256: String, _ db: any SQLConnection) throws -> Bool {
        try db.scalar("SELECT 1 FROM photos WHERE sha256 = :sha256 LIMIT 1", ["sha256": sha256]) as Int? != nil
    }

    // MARK: Used by the repositories of records with photos, inside their transactions

    /// Puts exactly `ids` on the record, in that order, answering its photos as they now are and
    /// those that were on it and are not in `ids`: let go, and deleted here with the change, for
    /// `PhotoLibrary` to remove their files once it is committed. Each photo must belong to the
    /// owner and be on no record or already on this one. The same SQL on both engines.
    /// - Throws: `ValidationError` naming `photoIds`.
    static func attach(
        _ ids: [UUID], to record: PhotoRecord, rowID: Int64, owner: UserKey, _ db: any SQLConnection
    ) throws -> (photos: [Photo], released: [StoredPhoto]) {
        let idTexts = ids.map(\.lowercasedString)
        for text in idTexts {
            let isFree: Bool? = try db.scalar(
                """
                SELECT coalesce(\(record.column) = :record, FALSE) OR (wish_id IS NULL AND entry_id IS NULL)
                FROM photos WHERE uuid = :uuid AND owner_id = :owner
                """,
                ["record": rowID, "uuid": text, "owner": owner.rawValue])
            guard let isFree else { throw unknownPhoto(text) }
            guard isFree else {
                throw ValidationError(
                    field: "photoIds", code: "unknown_photo",
                    message: "The photo with id \(text) is on another wish or journal entry; a photo can be on one only.")
            }
        }
        let letGo = "\(record.column) = :record AND uuid NOT IN (\(db.dialect.members(ofJSONArray: ":kept", as: .text)))"
        let arguments: SQLArguments = ["record": rowID, "kept": ids.jsonArray]
        let released = try db.query("SELECT \(columns) FROM photos p WHERE p.\(letGo)", arguments).map(stored(from:))
        try db.run("DELETE FROM photos WHERE \(letGo)", arguments)
        for (position, text) in idTexts.enumerated() {
            // Deleted since it was checked (on PostgreSQL, where an upload's deletion does not wait
            // for the account's writes), it changes no row, and the record is refused as above.
            let changed = try db.run(
                "UPDATE photos SET \(record.column) = :record, position = :position WHERE uuid = :uuid",
                ["record": rowID, "position": position, "uuid": text])
            guard changed == 1 else { throw unknownPhoto(text) }
        }
        return (try photos(of: record, [rowID], db)[rowID] ?? [], released)
    }

    /// The photos of each of the records in `rowIDs`, in their order.
    static func photos(of record: PhotoRecord, _ rowIDs: [Int64], _ db: any SQLConnection) throws -> [Int64: [Photo]] {
        guard !rowIDs.isEmpty else { return [:] }
        let query = photosQuery(of: record, .listed(rowIDs), db.dialect)
        return try photos(of: record, in: db.query(query.sql, query.arguments))
    }

    /// The query of ``photos(of:_:_:)``, for a caller that sends it with others (`SQLConnection.queries`).
    static func photosQuery(of record: PhotoRecord, _ records: RecordIDs, _ dialect: SQLDialect)
        -> (sql: String, arguments: SQLArguments)
    {
        let among = records.test("p.\(record.column)", parameter: "records", dialect)
        return (
            "SELECT \(columns) FROM photos p WHERE \(among.sql) ORDER BY p.\(record.column), p.position",
            among.arguments
        )
    }

    /// The photos of each record in the rows of ``photosQuery(of:_:_:)``.
    static func photos(of record: PhotoRecord, in rows: [SQLRow]) throws -> [Int64: [Photo]] {
        var photos: [Int64: [Photo]] = [:]
        for row in rows {
            photos[try row[record.column], default: []].append(try stored(from: row).photo)
        }
        return photos
    }

    /// The photos on a record with what their files need, in order.
    static func stored(of record: PhotoRecord, rowID: Int64, _ db: any SQLConnection) throws -> [StoredPhoto] {
        try db.query(
            "SELECT \(columns) FROM photos p WHERE p.\(record.column) = :record ORDER BY p.position", ["record": rowID]
        ).map(stored(from:))
    }

    private static func unknownPhoto(_ text: String) -> ValidationError {
        ValidationError(
            field: "photoIds", code: "unknown_photo", message: "There is no photo with id \(text) to add; upload it first.")
    }

    /// The condition, on `photos`, of a photo on no record.
    private static let unattached = "wish_id IS NULL AND entry_id IS NULL"

    private static func fetch(_ id: UUID, owner: UserKey, _ db: any SQLConnection) throws -> StoredPhoto? {
        try db.queryFirst(
            "SELECT \(columns) FROM photos p WHERE p.uuid = :uuid AND p.owner_id = :owner",
            ["uuid": id.lowercasedString, "owner": owner.rawValue]
        ).map(stored(from:))
    }

    /// ``stored(from:)`` for the account archive, which runs on SQLite only so far.
    static func stored(from row: Row) throws -> StoredPhoto {
        try stored(from: SQLRow(row))
    }

    static func stored(from row: SQLRow) throws -> StoredPhoto {
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
        // An edit is drawn from the first frame: the photo it shows is a still.
        let frameCount = (try row["frame_count"] as Int?) ?? 1
        let photo = Photo(
            id: id, width: try row["width"], height: try row["height"], originalWidth: try row["original_width"],
            originalHeight: try row["original_height"], urls: Photo.urls(id: id, revision: revision, originalDigest: sha256), edit: edit,
            takenAt: (try row["taken_at"] as Int64?).map(Date.init(millisecondsSince1970:)), gps: gps,
            animated: frameCount > 1 && edit == nil)
        return StoredPhoto(
            photo: photo, sha256: sha256, format: try row["format"], revision: revision,
            isAttached: try row["wish_id"] as Int64? != nil || row["entry_id"] as Int64? != nil)
    }
}
