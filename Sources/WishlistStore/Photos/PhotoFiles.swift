import Crypto
import Foundation
import Imaging
import SQLite
import WishlistCore

/// The photo files (W12, W14), kept in a `MediaStore` (a folder, or an S3 bucket): each original
/// once, named by its SHA-256 under `originals/`, byte for byte as uploaded, with a full-size
/// upright JPEG beside it (`<digest>.jpg`) when browsers cannot show its format (HEIC); and each
/// photo's renditions, made once per edit, under `renditions/<photo id>/<revision>-<size>.jpg`.
/// Files are made in the store's work folder (`staging/`) and handed to the store whole. The
/// database says which files exist; `PhotoLibrary` keeps the two in step.
struct PhotoFiles: Sendable {
    /// The largest file one photo may be.
    static let maximumFileBytes = Limits.standard.photoFileBytes

    let media: any MediaStore
    let processor: ImageProcessor

    init(media: any MediaStore, processor: ImageProcessor) throws {
        self.media = media
        self.processor = processor
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }

    /// Where files are made before the store keeps them, and an import's archive is unpacked.
    var staging: URL { media.workFolder.appendingPathComponent("staging") }

    // MARK: Names

    static func originalName(_ sha256: String) -> String {
        "originals/\(sha256.prefix(2))/\(sha256)"
    }

    static func fullSizeJPEGName(_ sha256: String) -> String {
        originalName(sha256) + ".jpg"
    }

    static func renditionName(_ id: UUID, revision: Int, size: RenditionSize) -> String {
        renditionsFolderName(id.lowercasedString) + "/" + renditionFileName(revision: revision, size: size)
    }

    /// The photo as edited at full size, made when first asked for (`fullSizeEdited`).
    static func fullSizeEditedName(_ id: UUID, revision: Int) -> String {
        renditionsFolderName(id.lowercasedString) + "/" + fullSizeEditedFileName(revision: revision)
    }

    // MARK: Local files

    /// A local file with the original's bytes.
    /// - Throws: `NotFoundError("photo")` when the store has no such original.
    func original(_ sha256: String) throws -> String {
        try local(Self.originalName(sha256))
    }

    /// A local file with `name`'s bytes.
    /// - Throws: `NotFoundError("photo")` when the store has no such file.
    func local(_ name: String) throws -> String {
        guard let path = try media.file(name) else { throw NotFoundError("photo") }
        return path
    }

    /// Every file the photo rows in `db` name, relative to the media folder: each original, its
    /// full-size JPEG where its format has one, and each photo's current renditions. The rows are
    /// read a page at a time by id, so a million photos never sit in memory as rows at once.
    static func namedFiles(in db: any SQLConnection) throws -> [String] {
        var names = Set<String>()
        try db.forEachPage(
            "SELECT id, uuid, revision, sha256, format FROM photos WHERE id > :after ORDER BY id LIMIT :limit", pageSize: 10_000
        ) { row in
            let sha256: String = try row["sha256"]
            let revision: Int = try row["revision"]
            names.insert(originalName(sha256))
            if let format = ImageFormat(rawValue: try row["format"]), needsFullSizeJPEG(format) {
                names.insert(originalName(sha256) + ".jpg")
            }
            let folder = renditionsFolderName(try row["uuid"])
            for size in RenditionSize.allCases {
                names.insert(folder + "/" + renditionFileName(revision: revision, size: size))
            }
        }
        return names.sorted()
    }

    static func renditionsFolderName(_ id: String) -> String {
        "renditions/\(id)"
    }

    private static func renditionFileName(revision: Int, size: RenditionSize) -> String {
        "\(revision)-\(size.rawValue).jpg"
    }

    private static func fullSizeEditedFileName(revision: Int) -> String {
        "\(revision)-full.jpg"
    }

    /// Whether originals of `format` get a full-size JPEG beside them: HEIC is shown by Safari only.
    static func needsFullSizeJPEG(_ format: ImageFormat) -> Bool {
        format == .heif
    }

    // MARK: Checking

    /// What the source is, found without decoding its pixels: refuses what is too big, not an
    /// image, unreadable, or over the pixel limit.
    func inspect(_ source: PhotoSource) throws(PhotoError) -> ImageInfo {
        let size =
            switch source {
            case .bytes(let data): data.count
            case .file(let path):
                ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
            }
        guard size <= Self.maximumFileBytes else {
            throw .fileTooLarge(bytes: size, limit: Self.maximumFileBytes)
        }
        return try PhotoError.translating { () throws(ImagingError) in try processor.inspect(Self.imageSource(source)) }
    }

    // MARK: Keeping

    /// The SHA-256 of the source's bytes in lower-case hex, read a megabyte at a time.
    static func digest(of source: PhotoSource) throws -> String {
        var hasher = SHA256()
        switch source {
        case .bytes(let data):
            data.withUnsafeBytes { hasher.update($0) }
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                chunk.withUnsafeBytes { hasher.update($0) }
            }
        }
        return SHA256.hex(hasher.finalize())
    }

    /// Files the original under its digest unless it is there (however often it is uploaded), and
    /// its full-size JPEG when its format needs one. Cheap when both exist.
    func keepOriginal(_ source: PhotoSource, sha256: String, format: ImageFormat) throws {
        let name = Self.originalName(sha256)
        if try !media.contains(name) {
            try place(name) { staged in
                switch source {
                case .file(let path): try FileManager.default.copyItem(atPath: path, toPath: staged)
                case .bytes(let data): try data.write(to: URL(fileURLWithPath: staged))
                }
            }
        }
        if Self.needsFullSizeJPEG(format) {
            try keepFullSizeJPEG(sha256, from: source)
        }
    }

    /// Makes the original's full-size JPEG unless it exists, from `source` (the original's bytes).
    func keepFullSizeJPEG(_ sha256: String, from source: PhotoSource) throws {
        let name = Self.fullSizeJPEGName(sha256)
        guard try !media.contains(name) else { return }
        try place(name) { staged in
            try PhotoError.translating { () throws(ImagingError) in
                try processor.writeFullSizeJPEG(of: Self.imageSource(source), to: staged)
            }
        }
    }

    /// A local file of the photo's `revision` as edited (`edit`) at full size, made from its
    /// original unless it exists: on first asking rather than at every edit, since most are never
    /// looked at that closely and an original may be 40 MB.
    func fullSizeEdited(_ id: UUID, revision: Int, sha256: String, edit: Photo.Edit?) throws -> String {
        let name = Self.fullSizeEditedName(id, revision: revision)
        if let made = try media.file(name) { return made }
        let original = try original(sha256)
        try place(name) { staged in
            try PhotoError.translating { () throws(ImagingError) in
                try processor.writeFullSizeJPEG(of: Self.imageSource(.file(path: original)), edit: Self.imagingEdit(edit), to: staged)
            }
        }
        return try local(name)
    }

    private static func imagingEdit(_ edit: Photo.Edit?) -> PhotoEdit {
        PhotoEdit(
            crop: edit?.crop.map { CropRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
            rotation: Rotation(degrees: edit?.rotate ?? 0) ?? .none)
    }

    /// Makes the renditions of an original (`source`) with `edit` applied in a new folder under
    /// `staging/`, for `publish` to hand to the store. An upload renders from the uploaded bytes,
    /// not the filed original: until its row is saved, a deletion of the last other photo showing
    /// the same original may remove that file.
    func stageRenditions(of source: PhotoSource, edit: Photo.Edit?) throws -> URL {
        let renditions = try PhotoError.translating { () throws(ImagingError) in
            try processor.renditions(of: Self.imageSource(source), edit: Self.imagingEdit(edit))
        }
        let folder = staging.appendingPathComponent(SecureRandom.uuid().lowercasedString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            for rendition in renditions {
                let file = folder.appendingPathComponent(rendition.size.rawValue)
                try rendition.data.write(to: file)
                try FileSync.file(file.path)
            }
        } catch {
            discard(folder)
            throw error
        }
        return folder
    }

    /// Hands staged renditions (flushed when written) to the store as the photo's `revision`,
    /// replacing any left there: once this returns, the renditions survive a power cut.
    func publish(_ staged: URL, as id: UUID, revision: Int) throws {
        try media.keep(
            RenditionSize.allCases.map { size in
                (staged.appendingPathComponent(size.rawValue).path, Self.renditionName(id, revision: revision, size: size))
            })
        discard(staged)
    }

    /// Removes staged renditions that were not published (or the empty folder of published ones).
    func discard(_ staged: URL) {
        try? FileManager.default.removeItem(at: staged)
    }

    // MARK: Removal
    //
    // What cannot be removed now (a store out of reach) is left to the next sweep, which finds
    // every file no row names.

    /// Deletes one revision's renditions, and its full-size picture if it was made.
    func removeRenditions(of id: UUID, revision: Int) {
        for size in RenditionSize.allCases {
            try? media.remove(Self.renditionName(id, revision: revision, size: size))
        }
        try? media.remove(Self.fullSizeEditedName(id, revision: revision))
    }

    /// Deletes every rendition of a deleted photo.
    func removeRenditions(of id: UUID) {
        try? media.removeAll(under: Self.renditionsFolderName(id.lowercasedString))
    }

    /// Deletes an original no photo shows any more, with its full-size JPEG.
    func removeOriginal(_ sha256: String) {
        try? media.remove(Self.originalName(sha256))
        try? media.remove(Self.fullSizeJPEGName(sha256))
    }

    // MARK: Sweeping

    /// How long a file or folder of the media folder is kept whatever the database says. Files are
    /// written before the row that names them, and on a folder shared by several servers another
    /// one may be writing them now: an upload's a few seconds before its commit, an import's
    /// renditions minutes before (its originals are safe anyway: see `PhotoLibrary.sweep`). An hour
    /// is far above both, and above any difference between the clocks of the machines that share
    /// the folder (a file's time is the file server's); a crash's leftovers waiting an hour more
    /// cost a little disk.
    static let sweepGrace: TimeInterval = 3600

    /// The files last changed before `cutoff`, the candidates of one sweep.
    struct Listing: Sendable {
        let cutoff: Date
        /// Names in `staging/` (an upload's renditions, an import's unpacked archive), on this machine.
        var staged: [String] = []
        /// The old files of each folder under `renditions/`, by folder (photo id).
        var renditions: [String: [String]] = [:]
        /// The old files under `originals/`, as `<prefix>/<name>`.
        var originals: [String] = []
    }

    /// Lists what a sweep may remove: the files last changed before `cutoff` (a folder in
    /// `staging/` by the newest thing in it). The first step, taken before the database's
    /// references are read, so that a file whose row commits meanwhile is seen named.
    func oldFiles(before cutoff: Date) throws -> Listing {
        var listing = Listing(cutoff: cutoff)
        listing.staged = ((try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []).filter { name in
            Self.isOld(staging.appendingPathComponent(name), before: cutoff)
        }
        for entry in try media.list(under: "renditions/") where entry.lastChanged < cutoff {
            let parts = entry.name.split(separator: "/")
            guard parts.count == 3 else { continue }
            listing.renditions[String(parts[1]), default: []].append(String(parts[2]))
        }
        listing.originals = try media.list(under: "originals/").filter { $0.lastChanged < cutoff }.map {
            String($0.name.dropFirst("originals/".count))
        }
        return listing
    }

    /// Removes of `listed` what no row names (read after the listing), each file only if it is
    /// still old now, and makes the full-size JPEGs of originals filed before there were any.
    /// Answers the digests of the unnamed originals, which only `PhotoLibrary` removes, under their
    /// locks.
    ///
    /// - Parameters:
    ///   - photos: every photo's current revision, by id (as its folder is named). Other revisions'
    ///     renditions go: an edit killed before its commit leaves the next revision's, one killed
    ///     after it the previous revision's.
    ///   - originals: the format of every original, by digest.
    func sweep(_ listed: Listing, photos: [String: Int], originals: [String: ImageFormat?]) -> Set<String> {
        for name in listed.staged {
            let staged = staging.appendingPathComponent(name)
            if Self.isOld(staged, before: listed.cutoff) { try? FileManager.default.removeItem(at: staged) }
        }
        for (folder, old) in listed.renditions {
            let current = photos[folder].map { revision in
                Set(RenditionSize.allCases.map { Self.renditionFileName(revision: revision, size: $0) })
                    .union([Self.fullSizeEditedFileName(revision: revision)])
            }
            for file in old where current?.contains(file) != true {
                removeIfOld(Self.renditionsFolderName(folder) + "/" + file, before: listed.cutoff)
            }
        }
        let converted = originals.filter { $0.value.map(Self.needsFullSizeJPEG) == true }.keys
        let kept = Set(originals.keys).union(converted.map { $0 + ".jpg" })
        var unnamed = Set<String>()
        for path in listed.originals {
            let name = String(path.split(separator: "/").last ?? "")
            guard !kept.contains(name) else { continue }
            let digest = name.hasSuffix(".jpg") ? String(name.dropLast(4)) : name
            if digest.count == 64 && digest.allSatisfy(\.isHexDigit) {
                unnamed.insert(digest)
            } else {
                removeIfOld("originals/\(path)", before: listed.cutoff)
            }
        }
        for sha256 in converted {
            // A file that cannot be converted keeps being served as it is.
            if let original = try? original(sha256) { try? keepFullSizeJPEG(sha256, from: .file(path: original)) }
        }
        try? media.tidy()
        return unnamed
    }

    /// Whether `url` and everything under it was last changed before `cutoff`. Something that
    /// cannot be read is not old: it is left alone.
    private static func isOld(_ url: URL, before cutoff: Date) -> Bool {
        guard let changed = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
            changed < cutoff
        else { return false }
        guard let inside = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return true }
        return inside.allSatisfy { ($0 as? URL).map { isOld($0, before: cutoff) } ?? false }
    }

    /// Removes `name` unless it changed since it was listed (another server writing there now).
    private func removeIfOld(_ name: String, before cutoff: Date) {
        if let changed = try? media.lastChanged(name), changed < cutoff {
            try? media.remove(name)
        }
    }

    // MARK: Helpers

    /// Makes a file in `staging/` and has the store keep it as `name`, flushed first: no one ever
    /// sees it half written, and once this returns it survives a power cut.
    private func place(_ name: String, write: (String) throws -> Void) throws {
        let staged = staging.appendingPathComponent("\(SecureRandom.uuid().lowercasedString)-\((name as NSString).lastPathComponent)").path
        defer { unlink(staged) }
        try write(staged)
        try FileSync.file(staged)
        try media.keep([(staged, name)])
    }

    private static func imageSource(_ source: PhotoSource) -> ImageSource {
        switch source {
        case .file(let path): .file(path: path)
        case .bytes(let data): .data(data)
        }
    }
}
