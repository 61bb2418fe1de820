import Crypto
import Foundation
import Imaging
import WishlistCore

/// Every account's photos, records and files together (W2, W8, W12, W14, D3): adds photos from
/// files or bytes, edits them without touching the original, deletes them, and says which file
/// `/media` serves. Whatever adds, changes or lets go of a photo — an upload, a link preview's
/// image, an import, an edit of a wish or an entry that takes photos off it, deleting a wish or an
/// entry (`update(_:_:owner:with:expectedVersion:now:)`, `delete(_:_:owner:)`) — goes through
/// here, which keeps four promises:
///
/// - files are in place before the record that names them is saved;
/// - the files of a photo's current revision are never deleted while it is current;
/// - files are removed only after the commit that deleted the last row naming them, by the same
///   call: a caller has no second step to take or forget. Should the process die between the
///   commit and the removal, the files no row names are swept by the next `tidy` (housekeeping),
///   once older than `PhotoFiles.sweepGrace`: a younger one may be another server's, written a
///   moment before its row;
/// - every check of a photo's state (on a wish or an entry or not, at which revision) is made inside the
///   write transaction that acts on it, so concurrent requests cannot slip between;
/// - an original is filed once however many photos show it (the same bytes, whoever uploaded
///   them), and removed only once none does: on PostgreSQL, where writers run at once, the saving
///   of a photo and the removal of its original take the original's `StoreLock`.
///
/// The same on both engines (`StoreDatabase`).
///
/// Throws domain errors only (`PhotoError`, `NotFoundError`, `StaleVersionError`, `ValidationError`).
public struct PhotoLibrary: Sendable {
    /// The largest file one photo may be.
    public static let maximumFileBytes = PhotoFiles.maximumFileBytes

    package let store: Store
    let files: PhotoFiles

    /// The library of `store` with its files in `folder` (created when missing).
    public init(store: Store, folder: String, processor: ImageProcessor = ImageProcessor()) throws {
        try self.init(store: store, location: .folder(folder), processor: processor)
    }

    /// The library of `store` with its files where `location` says.
    public init(store: Store, location: MediaLocation, processor: ImageProcessor = ImageProcessor()) throws {
        self.store = store
        self.location = location
        files = try PhotoFiles(media: location.store(), processor: processor)
    }

    /// Where the files are.
    public let location: MediaLocation

    private var repository: PhotoRepository { store.photos }

    // MARK: Adding

    /// Adds photos to the account, each one not yet on a record. Every source is checked before any
    /// is kept, so a bad file among good ones keeps nothing; nor does a failure halfway.
    ///
    /// - Throws: `PhotoError.fileTooLarge`, `.unsupportedImage`, `.unreadableImage`, `.tooManyPixels`.
    public func add(_ sources: [PhotoSource], owner: UserKey, now: Date = .nowInMilliseconds()) throws -> [Photo] {
        let checked = try sources.map { source in (source, try files.inspect(source)) }
        var added: [StoredPhoto] = []
        do {
            for (source, info) in checked {
                added.append(try add(source, info, owner: owner, now: now))
            }
        } catch {
            try? removeFiles(of: repository.deleteUnattached(added.map(\.photo.id), owner: owner))
            throw error
        }
        return added.map(\.photo)
    }

    private func add(_ source: PhotoSource, _ info: ImageInfo, owner: UserKey, now: Date) throws -> StoredPhoto {
        let sha256 = try PhotoFiles.digest(of: source)
        try files.keepOriginal(source, sha256: sha256, format: info.format)
        let new = NewPhoto(
            id: SecureRandom.uuid(), sha256: sha256, format: info.format.rawValue, width: info.uprightWidth,
            height: info.uprightHeight, takenAt: info.capturedAt,
            gps: info.location.map { Photo.GPS(latitude: $0.latitude, longitude: $0.longitude) },
            frameCount: info.frameCount)
        let staged = try files.stageRenditions(of: source, edit: nil)
        defer { files.discard(staged) }
        try files.publish(staged, as: new.id, revision: 1)
        do {
            return try store.database.write(locking: .original(sha256: sha256)) { db in
                // The last photo showing this original may have been deleted since it was filed,
                // taking the file along; under the original's lock no removal can run until the
                // new row is committed.
                try files.keepOriginal(source, sha256: sha256, format: info.format)
                return try PhotoRepository.insert(new, owner: owner, now: now, db)
            }
        } catch {
            files.removeRenditions(of: new.id)
            throw error
        }
    }

    // MARK: Reading

    /// The account's photo.
    /// - Throws: `NotFoundError("photo")`.
    public func photo(_ id: UUID, owner: UserKey) throws -> Photo {
        try stored(id, owner: owner).photo
    }

    /// The file `/media/{id}/{size}` serves: a rendition of the current revision, the current
    /// revision at full size (`full`, made at the first asking), or the original (for HEIC, its
    /// full-size JPEG, which every browser can show).
    /// - Throws: `NotFoundError("photo")`, `PhotoError` when the full-size picture cannot be made.
    public func media(_ id: UUID, size: Photo.Size, owner: UserKey) throws -> MediaFile {
        let photo = try stored(id, owner: owner)
        if size == .full {
            let path = try files.fullSizeEdited(id, revision: photo.revision, sha256: photo.sha256, edit: photo.photo.edit)
            return MediaFile(path: path, contentType: "image/jpeg", version: String(photo.revision), filename: nil)
        }
        if let rendition = RenditionSize(rawValue: size.rawValue) {
            return MediaFile(
                path: try files.local(PhotoFiles.renditionName(id, revision: photo.revision, size: rendition)),
                contentType: "image/jpeg", version: String(photo.revision), filename: nil)
        }
        let version = String(photo.sha256.prefix(16))
        let format = ImageFormat(rawValue: photo.format)
        if let format, PhotoFiles.needsFullSizeJPEG(format), let fullSize = try files.media.file(PhotoFiles.fullSizeJPEGName(photo.sha256))
        {
            return MediaFile(path: fullSize, contentType: "image/jpeg", version: version, filename: "photo.jpg")
        }
        return MediaFile(
            path: try files.original(photo.sha256), contentType: format?.mimeType ?? "application/octet-stream",
            version: version, filename: "photo.\(format?.fileExtension ?? "bin")")
    }

    // MARK: Editing

    /// Applies an edit to the original (nil: none, back to the original) as the photo's next
    /// revision; the original never changes. The renditions are made outside any transaction and
    /// saved only if no other edit was saved meanwhile.
    ///
    /// - Throws: `ValidationError` for an edit of the wrong shape, `PhotoError.invalidEdit`,
    ///   `PhotoError.editConflict` when another edit of the photo was saved first,
    ///   `NotFoundError("photo")`, also when the photo was deleted meanwhile.
    public func edit(_ id: UUID, _ request: PhotoEditRequest?, owner: UserKey) throws -> Photo {
        let current = try stored(id, owner: owner)
        let edit = try request?.validated(originalWidth: current.originalWidth, originalHeight: current.originalHeight)
        let staged: URL
        do {
            staged = try files.stageRenditions(of: .file(path: files.original(current.sha256)), edit: edit)
        } catch {
            // Deleted meanwhile, original and all.
            _ = try stored(id, owner: owner)
            throw error
        }
        defer { files.discard(staged) }
        let (width, height) = Self.shownSize(of: current, edit: edit)
        // Under the account's lock, as every change of its records is: the record showing the photo
        // gets a new version, counted from the one really stored.
        let updated = try store.database.write(locking: .account(owner)) { db in
            let updated = try PhotoRepository.setEdit(
                edit, width: width, height: height, of: id, owner: owner, after: current.revision, db)
            // Moved into place before the new revision is committed: readers see the old one until then.
            try files.publish(staged, as: id, revision: updated.revision)
            return updated
        }
        files.removeRenditions(of: id, revision: current.revision)
        return updated.photo
    }

    /// The size the photo shows at with `edit`: the crop's, or the original's, turned.
    private static func shownSize(of photo: StoredPhoto, edit: Photo.Edit?) -> (width: Int, height: Int) {
        let width = edit?.crop?.width ?? photo.originalWidth
        let height = edit?.crop?.height ?? photo.originalHeight
        return (edit?.rotate ?? 0) % 180 == 0 ? (width, height) : (height, width)
    }

    // MARK: Deleting

    /// Deletes a photo that is on no record (e.g. uploaded, then dropped before saving the wish).
    /// - Throws: `PhotoError.inUse` when it is on a wish or an entry; `NotFoundError("photo")`.
    public func delete(_ id: UUID, owner: UserKey) throws {
        try removeFiles(of: [repository.delete(id, owner: owner)])
    }

    /// Deletes those of the account's uploads `ids` that are on no record, with their files: photos
    /// added for a record that then could not be made. One put on a record meanwhile stays.
    public func release(_ ids: [UUID], owner: UserKey) throws {
        try removeFiles(of: repository.deleteUnattached(ids, owner: owner))
    }

    /// Deletes the files of photos whose rows were deleted and committed: their renditions, and
    /// each original no photo shows any more.
    func removeFiles(of photos: [StoredPhoto]) throws {
        for photo in photos {
            files.removeRenditions(of: photo.photo.id)
        }
        try removeOriginals(Set(photos.map(\.sha256)))
    }

    /// Deletes the files placed for photos whose rows were never saved (an import that failed):
    /// their renditions, unless a photo of that id has a row after all, and each original no
    /// photo shows.
    func removeUnsavedFiles(photoIDs: [UUID], originals digests: Set<String>) throws {
        let unsaved = try store.database.read { db in try photoIDs.filter { try !PhotoRepository.isRecorded($0, db) } }
        for id in unsaved {
            files.removeRenditions(of: id)
        }
        try removeOriginals(digests)
    }

    /// Removes each of these originals that no photo shows, each under its lock
    /// (`StoreLock.original`), which an upload of the same file holds while it checks that the file
    /// is there and saves its row: the removal comes wholly before that upload, whose check then
    /// files the original again, or after its commit, and then sees its row and keeps the file.
    private func removeOriginals(_ digests: Set<String>) throws {
        for sha256 in digests {
            try store.database.write(counted: false, locking: .original(sha256: sha256)) { db in
                if try !PhotoRepository.isOriginalInUse(sha256, db) {
                    files.removeOriginal(sha256)
                }
            }
        }
    }

    // MARK: Housekeeping

    /// Deletes uploads a day old that are on no record (never made it onto a wish or an entry),
    /// with their files.
    public func removeAbandonedUploads(now: Date) throws {
        try removeFiles(of: repository.deleteUnattached(before: now.addingTimeInterval(-24 * 3600)))
    }

    /// Housekeeping: deletes abandoned uploads, then every file no record names (left by a crash,
    /// or by deleting an account from the command line) that is older than
    /// `PhotoFiles.sweepGrace`, makes what is missing of the files records need, and counts the
    /// frames of originals filed before photos recorded them. Safe beside requests and other servers
    /// on the same folder: a file being written is young, and is kept.
    public func tidy(now: Date) throws {
        try removeAbandonedUploads(now: now)
        // A file's age is by the file system's clock, never the server's (which tests move).
        try sweep(files.oldFiles(before: Date().addingTimeInterval(-PhotoFiles.sweepGrace)))
        try countMissingFrames()
    }

    /// Removes what of `listed` no row names, reading the rows now: after the listing, so a file
    /// whose row was committed meanwhile is named and kept. An unnamed original is removed as a
    /// deleted photo's is (`removeOriginals`), under its lock, so that an upload of the same bytes
    /// now either files it again or is seen using it.
    func sweep(_ listed: PhotoFiles.Listing) throws {
        let known = try repository.allFiles()
        try removeOriginals(
            files.sweep(listed, photos: known.photos, originals: known.originals.mapValues(ImageFormat.init(rawValue:))))
    }

    /// Reads the header of every original whose frames were never counted. One that cannot be
    /// read any more stays uncounted, and shows as a still.
    private func countMissingFrames() throws {
        for sha256 in try repository.originalsWithoutFrameCount() {
            guard let original = try? files.original(sha256), let info = try? files.inspect(.file(path: original)) else { continue }
            try repository.setFrameCount(info.frameCount, ofOriginal: sha256)
        }
    }

    // MARK: Helpers

    private func stored(_ id: UUID, owner: UserKey) throws -> StoredPhoto {
        guard let photo = try repository.get(id, owner: owner) else { throw NotFoundError("photo") }
        return photo
    }
}
