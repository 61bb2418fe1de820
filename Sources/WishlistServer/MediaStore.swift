import Crypto
import Foundation
import HTTPServer
import Imaging
import WishlistCore
import WishlistStore

/// The photo files in the data directory (W14): each original once, named by its SHA-256 under
/// `media/originals/`, byte for byte as uploaded; and each photo's renditions, made once per edit,
/// under `media/renditions/<photo id>/<revision>-<size>.jpg`. The database says which exist.
struct MediaStore: Sendable {
    /// The largest file one upload may hold.
    static let maximumFileBytes = 40 << 20

    let root: URL
    let processor = ImageProcessor()

    init(dataDirectory: String) throws {
        root = URL(fileURLWithPath: dataDirectory).appendingPathComponent("media")
        for folder in ["originals", "renditions"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    // MARK: Paths

    func originalPath(_ sha256: String) -> String {
        root.appendingPathComponent("originals/\(sha256.prefix(2))/\(sha256)").path
    }

    func renditionsFolder(_ id: UUID) -> URL {
        root.appendingPathComponent("renditions/\(id.uuidString.lowercased())")
    }

    func renditionPath(_ id: UUID, revision: Int, size: RenditionSize) -> String {
        renditionsFolder(id).appendingPathComponent("\(revision)-\(size.rawValue).jpg").path
    }

    // MARK: Uploads

    /// An uploaded file found to be an acceptable image, not yet filed.
    struct CheckedUpload {
        let path: String
        let info: ImageInfo
        /// A copy made here of a part that arrived in memory, to delete when done.
        let isCopy: Bool
    }

    /// What an uploaded file is, found without decoding its pixels: refuses what is too big, not
    /// an image, unreadable, or over the pixel limit.
    func check(_ part: MultipartPart) throws -> CheckedUpload {
        guard case .file(let path, let size) = part.body else {
            // Small parts arrive in memory; write them out so every photo is handled the same way.
            let path = root.appendingPathComponent("upload-\(UUID().uuidString)").path
            try part.body.data().write(to: URL(fileURLWithPath: path))
            do {
                return CheckedUpload(path: path, info: try inspect(path, size: part.body.size), isCopy: true)
            } catch {
                try? FileManager.default.removeItem(atPath: path)
                throw error
            }
        }
        return CheckedUpload(path: path, info: try inspect(path, size: size), isCopy: false)
    }

    private func inspect(_ path: String, size: Int) throws -> ImageInfo {
        guard size <= Self.maximumFileBytes else {
            throw HTTPError(
                .contentTooLarge, code: "file_too_large",
                message: "A photo may be at most \(Self.maximumFileBytes >> 20) MB; this one is \(size >> 20) MB.")
        }
        return try Self.translating { () throws(ImagingError) in try processor.inspect(.file(path: path)) }
    }

    /// Files a checked upload: the original under its digest (once, however often it is uploaded)
    /// and the renditions of a new photo id. Answers what the store should record.
    func add(_ upload: CheckedUpload) throws -> NewPhoto {
        let (path, info) = (upload.path, upload.info)
        defer { if upload.isCopy { try? FileManager.default.removeItem(atPath: path) } }
        let sha256 = try Self.digest(ofFile: path)
        let original = originalPath(sha256)
        if !FileManager.default.fileExists(atPath: original) {
            try FileManager.default.createDirectory(
                atPath: (original as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let staged = original + ".part-\(UUID().uuidString)"
            try FileManager.default.copyItem(atPath: path, toPath: staged)
            try FileManager.default.moveItem(atPath: staged, toPath: original)
        }
        let id = UUID()
        try render(id, revision: 1, sha256: sha256, edit: nil)
        return NewPhoto(
            id: id, sha256: sha256, format: info.format.rawValue, width: info.uprightWidth, height: info.uprightHeight,
            takenAt: info.capturedAt,
            gps: info.location.map { Photo.GPS(latitude: $0.latitude, longitude: $0.longitude) })
    }

    /// Makes the renditions of `revision` from the original with `edit` applied.
    func render(_ id: UUID, revision: Int, sha256: String, edit: Photo.Edit?) throws {
        let imagingEdit = PhotoEdit(
            crop: edit?.crop.map { CropRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
            rotation: Rotation(degrees: edit?.rotate ?? 0) ?? .none)
        let original = originalPath(sha256)
        let renditions = try Self.translating { () throws(ImagingError) in
            try processor.renditions(of: .file(path: original), edit: imagingEdit)
        }
        try FileManager.default.createDirectory(at: renditionsFolder(id), withIntermediateDirectories: true)
        for rendition in renditions {
            let path = renditionPath(id, revision: revision, size: rendition.size)
            try rendition.data.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }

    // MARK: Removal

    /// Deletes the renditions of every revision but `keeping`.
    func removeRenditions(of id: UUID, keeping revision: Int? = nil) {
        let folder = renditionsFolder(id)
        guard let revision else {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        let kept = "\(revision)-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !name.hasPrefix(kept) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Deletes the files of deleted photos: their renditions, and each original no photo shows any more.
    func remove(_ photos: [StoredPhoto], store: PhotoRepository) throws {
        for photo in photos {
            removeRenditions(of: photo.photo.id)
        }
        for sha256 in Set(photos.map(\.sha256)) where try !store.isOriginalInUse(sha256) {
            try? FileManager.default.removeItem(atPath: originalPath(sha256))
        }
    }

    /// Start-up housekeeping: deletes abandoned uploads, then every file no record refers to (left
    /// by a crash, or by deleting an account from the command line). The sweep is for start-up
    /// only: while the server runs, an upload's files exist a moment before its record does.
    func tidy(_ store: PhotoRepository, now: Date) throws {
        try removeAbandonedUploads(store, now: now)
        sweep(known: try store.allFiles())
    }

    /// Deletes uploads a day old that never made it onto a wish, with their files.
    func removeAbandonedUploads(_ store: PhotoRepository, now: Date) throws {
        try remove(try store.deleteUnattached(before: now.addingTimeInterval(-24 * 3600)), store: store)
    }

    private func sweep(known: (photos: Set<String>, originals: Set<String>)) {
        let files = FileManager.default
        let renditions = root.appendingPathComponent("renditions")
        for name in (try? files.contentsOfDirectory(atPath: renditions.path)) ?? [] where !known.photos.contains(name) {
            try? files.removeItem(at: renditions.appendingPathComponent(name))
        }
        let originals = root.appendingPathComponent("originals")
        for prefix in (try? files.contentsOfDirectory(atPath: originals.path)) ?? [] {
            let folder = originals.appendingPathComponent(prefix)
            for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] where !known.originals.contains(name) {
                try? files.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    // MARK: Helpers

    static func digest(ofFile path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { hasher.update($0) }
        }
        return SHA256.hex(hasher.finalize())
    }

    /// Imaging's errors as the API's: 415 not an image, 422 unreadable, 413 too many pixels, 400 a bad edit.
    static func translating<Value>(_ body: () throws(ImagingError) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case .unsupportedFormat:
                throw HTTPError(
                    .unsupportedMediaType, code: "unsupported_image",
                    message: "This file is not a JPEG, PNG, WebP, GIF or HEIC image.")
            case .unreadable(let reason):
                throw HTTPError(
                    .unprocessableContent, code: "unreadable_image", message: "The image cannot be read: \(reason).")
            case .tooManyPixels(let width, let height, let limit):
                throw HTTPError(
                    .contentTooLarge, code: "too_many_pixels",
                    message: "The image is \(width)×\(height) pixels; at most \(limit / 1_000_000) megapixels are accepted.")
            case .invalidEdit(let reason):
                throw HTTPError(.badRequest, code: "invalid_edit", message: "The edit does not fit the photo: \(reason).")
            case .writeFailed, .fileUnavailable, .libraryUnavailable:
                throw error
            }
        }
    }
}
