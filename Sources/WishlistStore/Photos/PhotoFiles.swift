import Crypto
import Foundation
import Imaging
import SQLite
import WishlistCore

/// The photo files in the media folder (W12, W14): each original once, named by its SHA-256 under
/// `originals/`, byte for byte as uploaded, with a full-size upright JPEG beside it (`<digest>.jpg`)
/// when browsers cannot show its format (HEIC); and each photo's renditions, made once per edit,
/// under `renditions/<photo id>/<revision>-<size>.jpg`. Renditions are made in `staging/` and moved
/// into place whole. The database says which files exist; `PhotoLibrary` keeps the two in step.
struct PhotoFiles: Sendable {
    /// The largest file one photo may be.
    static let maximumFileBytes = Limits.standard.photoFileBytes

    let root: URL
    let processor: ImageProcessor

    init(folder: String, processor: ImageProcessor) throws {
        root = URL(fileURLWithPath: folder)
        self.processor = processor
        for folder in ["originals", "renditions", "staging"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    // MARK: Paths

    func originalPath(_ sha256: String) -> String {
        root.appendingPathComponent(Self.originalName(sha256)).path
    }

    func fullSizeJPEGPath(_ sha256: String) -> String {
        originalPath(sha256) + ".jpg"
    }

    /// The photo as edited at full size, made when first asked for (`fullSizeEdited`).
    func fullSizeEditedPath(_ id: UUID, revision: Int) -> String {
        renditionsFolder(id).appendingPathComponent(Self.fullSizeEditedName(revision: revision)).path
    }

    func renditionsFolder(_ id: UUID) -> URL {
        root.appendingPathComponent(Self.renditionsFolderName(id.lowercasedString))
    }

    func renditionPath(_ id: UUID, revision: Int, size: RenditionSize) -> String {
        renditionsFolder(id).appendingPathComponent(Self.renditionName(revision: revision, size: size)).path
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
                names.insert(folder + "/" + renditionName(revision: revision, size: size))
            }
        }
        return names.sorted()
    }

    private static func originalName(_ sha256: String) -> String {
        "originals/\(sha256.prefix(2))/\(sha256)"
    }

    private static func renditionsFolderName(_ id: String) -> String {
        "renditions/\(id)"
    }

    private static func renditionName(revision: Int, size: RenditionSize) -> String {
        "\(revision)-\(size.rawValue).jpg"
    }

    private static func fullSizeEditedName(revision: Int) -> String {
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
        let original = originalPath(sha256)
        if !FileManager.default.fileExists(atPath: original) {
            try FileManager.default.createDirectory(
                atPath: (original as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try place(at: original) { staged in
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
        let path = fullSizeJPEGPath(sha256)
        guard !FileManager.default.fileExists(atPath: path) else { return }
        try place(at: path) { staged in
            try PhotoError.translating { () throws(ImagingError) in
                try processor.writeFullSizeJPEG(of: Self.imageSource(source), to: staged)
            }
        }
    }

    /// The path of the photo's `revision` as edited (`edit`) at full size, made from its original
    /// unless it exists: on first asking rather than at every edit, since most are never looked at
    /// that closely and an original may be 40 MB.
    func fullSizeEdited(_ id: UUID, revision: Int, sha256: String, edit: Photo.Edit?) throws -> String {
        let path = fullSizeEditedPath(id, revision: revision)
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        try FileManager.default.createDirectory(at: renditionsFolder(id), withIntermediateDirectories: true)
        try place(at: path) { staged in
            try PhotoError.translating { () throws(ImagingError) in
                try processor.writeFullSizeJPEG(
                    of: Self.imageSource(.file(path: originalPath(sha256))), edit: Self.imagingEdit(edit), to: staged)
            }
        }
        return path
    }

    private static func imagingEdit(_ edit: Photo.Edit?) -> PhotoEdit {
        PhotoEdit(
            crop: edit?.crop.map { CropRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
            rotation: Rotation(degrees: edit?.rotate ?? 0) ?? .none)
    }

    /// Makes the renditions of an original (`source`) with `edit` applied in a new folder under
    /// `staging/`, for `publish` to move into place. An upload renders from the uploaded bytes, not
    /// the filed original: until its row is saved, a deletion of the last other photo showing the
    /// same original may remove that file.
    func stageRenditions(of source: PhotoSource, edit: Photo.Edit?) throws -> URL {
        let renditions = try PhotoError.translating { () throws(ImagingError) in
            try processor.renditions(of: Self.imageSource(source), edit: Self.imagingEdit(edit))
        }
        let folder = root.appendingPathComponent("staging/\(UUID().lowercasedString)")
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

    /// Moves staged renditions (flushed when written) into place as the photo's `revision`,
    /// replacing any left there, and flushes the folders that name them: once this returns, the
    /// renditions survive a power cut.
    func publish(_ staged: URL, as id: UUID, revision: Int) throws {
        try FileManager.default.createDirectory(at: renditionsFolder(id), withIntermediateDirectories: true)
        for size in RenditionSize.allCases {
            try Self.move(staged.appendingPathComponent(size.rawValue).path, to: renditionPath(id, revision: revision, size: size))
        }
        try Self.syncFolders(holding: renditionsFolder(id).path)
        discard(staged)
    }

    /// Removes staged renditions that were not published (or the empty folder of published ones).
    func discard(_ staged: URL) {
        try? FileManager.default.removeItem(at: staged)
    }

    // MARK: Removal

    /// Deletes one revision's renditions, and its full-size picture if it was made.
    func removeRenditions(of id: UUID, revision: Int) {
        for size in RenditionSize.allCases {
            try? FileManager.default.removeItem(atPath: renditionPath(id, revision: revision, size: size))
        }
        try? FileManager.default.removeItem(atPath: fullSizeEditedPath(id, revision: revision))
    }

    /// Deletes every rendition of a deleted photo.
    func removeRenditions(of id: UUID) {
        try? FileManager.default.removeItem(at: renditionsFolder(id))
    }

    /// Deletes an original no photo shows any more, with its full-size JPEG.
    func removeOriginal(_ sha256: String) {
        try? FileManager.default.removeItem(atPath: originalPath(sha256))
        try? FileManager.default.removeItem(atPath: fullSizeJPEGPath(sha256))
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

    /// The entries of the media folder last changed before `cutoff`, the candidates of one sweep.
    struct Listing: Sendable {
        let cutoff: Date
        /// Names in `staging/` (an upload's renditions, an import's unpacked archive).
        var staged: [String] = []
        /// The old files of each folder under `renditions/`, by folder (photo id).
        var renditions: [String: [String]] = [:]
        /// The folders under `renditions/` that are old themselves: only those may go when no row
        /// names them (an upload creates its photo's folder a moment before it moves files in).
        var oldRenditionFolders: Set<String> = []
        /// The old files under `originals/`, as `<prefix>/<name>`.
        var originals: [String] = []
    }

    /// Lists what a sweep may remove: the entries last changed before `cutoff` (a folder in
    /// `staging/` by the newest thing in it). The first step, taken before the database's
    /// references are read, so that a file whose row commits meanwhile is seen named.
    func oldFiles(before cutoff: Date) -> Listing {
        var listing = Listing(cutoff: cutoff)
        listing.staged = Self.names(in: root.appendingPathComponent("staging")).filter { name in
            Self.isOld(root.appendingPathComponent("staging/\(name)"), before: cutoff, wholeTree: true)
        }
        let renditions = root.appendingPathComponent("renditions")
        for name in Self.names(in: renditions) {
            let folder = renditions.appendingPathComponent(name)
            if Self.isOld(folder, before: cutoff) { listing.oldRenditionFolders.insert(name) }
            listing.renditions[name] = Self.names(in: folder).filter { Self.isOld(folder.appendingPathComponent($0), before: cutoff) }
        }
        let originals = root.appendingPathComponent("originals")
        for prefix in Self.names(in: originals) {
            let folder = originals.appendingPathComponent(prefix)
            listing.originals += Self.names(in: folder)
                .filter { Self.isOld(folder.appendingPathComponent($0), before: cutoff) }
                .map { "\(prefix)/\($0)" }
        }
        return listing
    }

    /// Removes of `listed` what no row names (read after the listing), each entry only if it is
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
            removeIfOld(root.appendingPathComponent("staging/\(name)"), before: listed.cutoff, wholeTree: true)
        }
        for (name, old) in listed.renditions {
            let folder = root.appendingPathComponent(Self.renditionsFolderName(name))
            let current = photos[name].map { revision in
                Set(RenditionSize.allCases.map { Self.renditionName(revision: revision, size: $0) })
                    .union([Self.fullSizeEditedName(revision: revision)])
            }
            guard current != nil || listed.oldRenditionFolders.contains(name) else { continue }
            for file in old where current?.contains(file) != true {
                removeIfOld(folder.appendingPathComponent(file), before: listed.cutoff)
            }
            // rmdir(2) removes a folder only when empty: a file placed in it meanwhile keeps it.
            if current == nil { Foundation.rmdir(folder.path) }
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
                removeIfOld(root.appendingPathComponent("originals/\(path)"), before: listed.cutoff)
            }
        }
        for sha256 in converted {
            // A file that cannot be converted keeps being served as it is.
            try? keepFullSizeJPEG(sha256, from: .file(path: originalPath(sha256)))
        }
        return unnamed
    }

    private static func names(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// Whether `url` was last changed before `cutoff`; with `wholeTree`, everything under it too.
    /// Something that cannot be read is not old: it is left alone.
    private static func isOld(_ url: URL, before cutoff: Date, wholeTree: Bool = false) -> Bool {
        guard let changed = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
            changed < cutoff
        else { return false }
        guard wholeTree, let inside = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return true }
        return inside.allSatisfy { ($0 as? URL).map { isOld($0, before: cutoff) } ?? false }
    }

    /// Removes `url` unless it changed since it was listed (another server writing there now).
    private func removeIfOld(_ url: URL, before cutoff: Date, wholeTree: Bool = false) {
        if Self.isOld(url, before: cutoff, wholeTree: wholeTree) {
            try? FileManager.default.removeItem(at: url)
        }
    }

    // MARK: Helpers

    /// Writes a file under a temporary name beside `path` and moves it into place, so that no one
    /// ever sees it half written, flushing it before the move and its folders after: once this
    /// returns, the file survives a power cut.
    private func place(at path: String, write: (String) throws -> Void) throws {
        let staged = path + ".part-\(UUID().lowercasedString)"
        do {
            try write(staged)
            try FileSync.file(staged)
            try Self.move(staged, to: path)
            try Self.syncFolders(holding: (path as NSString).deletingLastPathComponent)
        } catch {
            try? FileManager.default.removeItem(atPath: staged)
            throw error
        }
    }

    /// Flushes `folder` (the names just placed in it) and its parent (which names `folder`, perhaps
    /// just created: `originals/<prefix>`, `renditions/<photo id>`).
    private static func syncFolders(holding folder: String) throws {
        try FileSync.folder(folder)
        try FileSync.folder((folder as NSString).deletingLastPathComponent)
    }

    /// rename(2): atomic, and replaces what is there (FileManager's move refuses to).
    private static func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
        }
    }

    private static func imageSource(_ source: PhotoSource) -> ImageSource {
        switch source {
        case .file(let path): .file(path: path)
        case .bytes(let data): .data(data)
        }
    }
}
