import Foundation
import Imaging
import WishlistCore

/// An unpacked account archive, read and checked whole before anything of it is kept: the manifest
/// and its version, every record against the rules the API applies, every reference between
/// records, and every photo file (an original's digest, format and size; the renditions' format).
/// Anything wrong refuses the whole archive with `AccountImportError`.
struct ArchiveContents {
    var manifest: ArchiveManifest
    var wishes: [ArchivedWish] = []
    var journal: [ArchivedJournalEntry] = []
    var photos: [String: ArchivedPhoto] = [:]
    var gifFavorites: [ArchivedGifFavorite] = []
    var recentSearches: [ArchivedRecentSearch] = []
    /// The unpacked archive.
    let folder: String

    func originalFile(_ photo: ArchivedPhoto) -> String { folder + "/" + AccountArchiveFormat.originalPath(photo.sha256) }

    func renditionFile(_ photo: ArchivedPhoto, _ size: RenditionSize) -> String {
        folder + "/" + AccountArchiveFormat.renditionPath(photo.id, size.rawValue)
    }

    /// Reads and checks the archive unpacked in `folder`, whose files are `paths`.
    init(folder: String, paths: [String], processor: ImageProcessor) throws {
        self.folder = folder
        for path in paths where !Self.isKnown(path) {
            throw AccountImportError.invalid("\"\(path)\" is not a file an export holds.")
        }
        guard paths.contains(AccountArchiveFormat.manifest) else {
            throw AccountImportError.invalid("it has no \(AccountArchiveFormat.manifest).")
        }
        manifest = try Self.readManifest(folder + "/" + AccountArchiveFormat.manifest)
        let photoList: [ArchivedPhoto] = try Self.records(AccountArchiveFormat.photos, in: folder)
        wishes = try Self.records(AccountArchiveFormat.wishes, in: folder)
        journal = try Self.records(AccountArchiveFormat.journal, in: folder)
        gifFavorites = try Self.records(AccountArchiveFormat.gifFavorites, in: folder)
        recentSearches = try Self.records(AccountArchiveFormat.recentSearches, in: folder)

        wishes = try wishes.map(Self.checked)
        journal = try journal.map(Self.checked)
        for photo in photoList {
            guard photos.updateValue(try Self.checked(photo), forKey: photo.id) == nil else {
                throw AccountImportError.invalid("photo \(photo.id) is there twice.")
            }
        }
        try Self.requireUnique(wishes.map(\.id), "wish")
        try Self.requireUnique(journal.map(\.id), "journal entry")
        try Self.requireUnique(gifFavorites.map(\.gif.id), "GIF favorite")
        try Self.requireUnique(recentSearches.map(\.id), "recent search")
        recentSearches = try recentSearches.map(Self.checked)
        for favorite in gifFavorites where favorite.gif.id.isEmpty || favorite.gif.id.count > 100 {
            throw AccountImportError.invalid("a GIF favorite has no valid id.")
        }
        try checkPhotoReferences()
        for photo in photos.values.sorted(by: { $0.id < $1.id }) {
            try checkFiles(of: photo, processor: processor)
        }
    }

    // MARK: Files

    private static func isKnown(_ path: String) -> Bool {
        if path == AccountArchiveFormat.manifest || AccountArchiveFormat.recordFiles.contains(path) { return true }
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "media", parts[1] == "originals" { return isDigest(parts[2]) }
        if parts.count == 4, parts[0] == "media", parts[1] == "renditions" {
            return isID(parts[2]) && RenditionSize.allCases.contains { "\($0.rawValue).jpg" == parts[3] }
        }
        return false
    }

    private static func readManifest(_ path: String) throws -> ArchiveManifest {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // The version is read first, alone: a newer version's manifest may have other fields.
        struct Versioned: Decodable {
            var format: String?
            var version: Int?
        }
        guard let versioned = try? JSONDecoder().decode(Versioned.self, from: data),
            versioned.format == AccountArchiveFormat.name, let version = versioned.version
        else {
            throw AccountImportError.invalid("its manifest does not say it is a \(AccountArchiveFormat.name) archive.")
        }
        guard version <= AccountArchiveFormat.version else { throw AccountImportError.futureVersion(version) }
        guard version == AccountArchiveFormat.version else {
            throw AccountImportError.invalid("its manifest names version \(version), which never existed.")
        }
        do {
            return try AccountArchiveFormat.decoder().decode(ArchiveManifest.self, from: data)
        } catch {
            throw AccountImportError.invalid("its manifest cannot be read.")
        }
    }

    /// The records of one JSON Lines file; none when the archive has no such file.
    private static func records<Record: Decodable>(_ name: String, in folder: String) throws -> [Record] {
        let path = folder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let decoder = AccountArchiveFormat.decoder()
        var records: [Record] = []
        for (index, line) in try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: 0x0A).enumerated() {
            do {
                records.append(try decoder.decode(Record.self, from: line))
            } catch {
                throw AccountImportError.invalid("line \(index + 1) of \(name) is not a valid record (\(Self.describe(error))).")
            }
        }
        return records
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is wrong"
        default: "not JSON"
        }
    }

    // MARK: Records

    private static func checked(_ wish: ArchivedWish) throws -> ArchivedWish {
        let item = "wish \(wish.id)"
        try requireID(wish.id, item)
        for photo in wish.photoIds { try requireID(photo, item) }
        if let spot = wish.spotId { try requireID(spot, item) }
        let draft = try rule(item) { () throws(ValidationError) in
            try WishDraft(
                name: wish.name, memo: wish.memo, link: wish.link, tags: wish.tags, place: wish.place,
                photoIDs: wish.photoIds.compactMap(UUID.init(uuidString:)), favorite: wish.favorite,
                isPrivate: wish.private ?? false
            ).validated()
        }
        try requireVersion(wish.version, created: wish.createdAt, updated: wish.updatedAt, item)
        for price in wish.prices {
            guard Decimal(string: price.amount) != nil, price.amount.count <= 40,
                price.amount.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
                price.currency.map({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isLetter } }) ?? true
            else { throw AccountImportError.invalid("\(item) has a price that is not a number with a currency code.") }
        }
        var checked = wish
        (checked.name, checked.memo, checked.link, checked.tags, checked.place) =
            (draft.name, draft.memo, draft.link, draft.tags, draft.place)
        return checked
    }

    private static func checked(_ entry: ArchivedJournalEntry) throws -> ArchivedJournalEntry {
        let item = "journal entry \(entry.id)"
        try requireID(entry.id, item)
        for id in entry.photoIds + entry.wishIds { try requireID(id, item) }
        let draft = try rule(item) { () throws(ValidationError) in
            try JournalDraft(
                title: entry.title, contents: entry.contents, date: entry.date, time: entry.time, place: entry.place,
                photoIDs: entry.photoIds.compactMap(UUID.init(uuidString:)),
                wishIDs: entry.wishIds.compactMap(UUID.init(uuidString:)), hearted: entry.hearted
            ).validated()
        }
        try requireVersion(entry.version, created: entry.createdAt, updated: entry.updatedAt, item)
        var checked = entry
        (checked.title, checked.contents, checked.date, checked.time, checked.place) =
            (draft.title, draft.contents, draft.date, draft.time, draft.place)
        return checked
    }

    private static func checked(_ photo: ArchivedPhoto) throws -> ArchivedPhoto {
        let item = "photo \(photo.id)"
        try requireID(photo.id, item)
        guard isDigest(photo.sha256) else { throw AccountImportError.invalid("\(item) has no valid SHA-256.") }
        guard ImageFormat(rawValue: photo.format) != nil else {
            throw AccountImportError.invalid("\(item) has an unknown format \"\(photo.format)\".")
        }
        let sizes = [photo.originalWidth, photo.originalHeight, photo.width, photo.height]
        guard sizes.allSatisfy({ (1...1_000_000).contains($0) }), photo.revision >= 1,
            photo.frameCount.map({ $0 >= 1 }) ?? true
        else { throw AccountImportError.invalid("\(item) has impossible sizes or counts.") }
        let edit = try rule(item) { () throws(ValidationError) in
            try PhotoEditRequest(crop: photo.crop, rotate: photo.rotate)
                .validated(originalWidth: photo.originalWidth, originalHeight: photo.originalHeight)
        }
        let shown = (edit.crop?.width ?? photo.originalWidth, edit.crop?.height ?? photo.originalHeight)
        let (width, height) = edit.rotate % 180 == 0 ? shown : (shown.1, shown.0)
        guard (width, height) == (photo.width, photo.height) else {
            throw AccountImportError.invalid("\(item) has a size its edit does not give.")
        }
        return photo
    }

    private static func checked(_ search: ArchivedRecentSearch) throws -> ArchivedRecentSearch {
        let item = "recent search \(search.id)"
        try requireID(search.id, item)
        var checked = search
        checked.query = try rule(item) { () throws(ValidationError) in try WishSearchResult.normalizedQuery(search.query) }
        return checked
    }

    /// Every photo is on exactly one record of the archive, and every photo a record names is there.
    private func checkPhotoReferences() throws {
        var seen = Set<String>()
        let references =
            wishes.flatMap { wish in wish.photoIds.map { ($0, "wish \(wish.id)") } }
            + journal.flatMap { entry in entry.photoIds.map { ($0, "journal entry \(entry.id)") } }
        for (id, item) in references {
            guard photos[id] != nil else { throw AccountImportError.invalid("\(item) shows photo \(id), which is not in the archive.") }
            guard seen.insert(id).inserted else { throw AccountImportError.invalid("photo \(id) is on more than one record.") }
        }
        if let loose = photos.keys.sorted().first(where: { !seen.contains($0) }) {
            throw AccountImportError.invalid("photo \(loose) is on no wish or journal entry.")
        }
    }

    /// The original's bytes are those its digest names, in its format and size; the renditions are JPEGs.
    private func checkFiles(of photo: ArchivedPhoto, processor: ImageProcessor) throws {
        let item = "photo \(photo.id)"
        let original = originalFile(photo)
        guard FileManager.default.fileExists(atPath: original) else {
            throw AccountImportError.invalid("the original of \(item) is missing.")
        }
        guard try PhotoFiles.digest(of: .file(path: original)) == photo.sha256 else {
            throw AccountImportError.invalid("the original of \(item) is not the file its SHA-256 names.")
        }
        let info = try? processor.inspect(.file(path: original))
        guard let info, info.format.rawValue == photo.format,
            (info.uprightWidth, info.uprightHeight) == (photo.originalWidth, photo.originalHeight)
        else { throw AccountImportError.invalid("the original of \(item) is not the \(photo.format) image it says.") }
        for size in RenditionSize.allCases {
            let rendition = renditionFile(photo, size)
            guard FileManager.default.fileExists(atPath: rendition),
                (try? processor.inspect(.file(path: rendition)))?.format == .jpeg
            else { throw AccountImportError.invalid("the \(size.rawValue) rendition of \(item) is missing or not a JPEG.") }
        }
    }

    // MARK: Helpers

    private static func rule<T>(_ item: String, _ check: () throws(ValidationError) -> T) throws -> T {
        do {
            return try check()
        } catch {
            throw AccountImportError.invalid("\(item): \(error.message)")
        }
    }

    private static func requireID(_ text: String, _ item: String) throws {
        guard isID(text) else { throw AccountImportError.invalid("\(item) names \"\(text)\", which is not a lower-case UUID.") }
    }

    private static func requireVersion(_ version: Int, created: Date, updated: Date, _ item: String) throws {
        guard version >= 1, created <= updated else {
            throw AccountImportError.invalid("\(item) has an impossible version or times.")
        }
    }

    private static func requireUnique(_ ids: [String], _ kind: String) throws {
        var seen = Set<String>()
        if let twice = ids.first(where: { !seen.insert($0).inserted }) {
            throw AccountImportError.invalid("\(kind) \(twice) is there twice.")
        }
    }

    private static func isID(_ text: String) -> Bool {
        text.count == 36 && UUID(uuidString: text)?.uuidString.lowercased() == text
    }

    private static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
