import Foundation

/// The media store that is a folder: the data directory's `media/`, or a folder every server
/// mounts (`--media DIR`, NFS semantics: rename and fsync as on a local disk). Files are made in its
/// own `staging/`, on the same filesystem, and renamed into place.
struct MediaFolder: MediaStore {
    let root: URL

    init(_ path: String) throws {
        root = URL(fileURLWithPath: path)
        for folder in ["originals", "renditions", "staging"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    var workFolder: URL { root }

    private func path(_ name: String) -> String {
        root.appendingPathComponent(name).path
    }

    func file(_ name: String) -> String? {
        let path = path(name)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    func contains(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    /// Renames each file into place, then flushes each folder that names one and its parent (which
    /// names the folder, perhaps just made).
    func keep(_ files: [(path: String, name: String)]) throws {
        var folders = Set<String>()
        for (source, name) in files {
            let destination = path(name)
            try Self.move(source, to: destination)
            folders.insert((destination as NSString).deletingLastPathComponent)
        }
        for folder in folders.sorted() {
            try FileSync.folder(folder)
            try FileSync.folder((folder as NSString).deletingLastPathComponent)
        }
    }

    func copy(_ name: String, to destination: String) throws -> Bool {
        let source = path(name)
        guard link(source, destination) != 0 else { return true }
        switch errno {
        case ENOENT where !FileManager.default.fileExists(atPath: source):
            return false
        case EXDEV, EPERM, EMLINK:
            // Another filesystem, or one without hard links: a copy, which a removal during it
            // may cut short just the same.
            do {
                try FileManager.default.copyItem(atPath: source, toPath: destination)
                return true
            } catch CocoaError.fileReadNoSuchFile {
                return false
            }
        default:
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: path(name))
    }

    func removeAll(under prefix: String) {
        try? FileManager.default.removeItem(atPath: path(prefix))
    }

    func list(under prefix: String) -> [MediaStoreEntry] {
        let top = root.appendingPathComponent(prefix)
        guard let walker = FileManager.default.enumerator(at: top, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var entries: [MediaStoreEntry] = []
        let rootPath = root.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let changed = Self.lastChanged(url.path)
            else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(rootPath) else { continue }
            entries.append(MediaStoreEntry(name: String(full.dropFirst(rootPath.count)), lastChanged: changed))
        }
        return entries
    }

    func lastChanged(_ name: String) -> Date? {
        Self.lastChanged(path(name))
    }

    /// Removes the empty folders under `originals/` and `renditions/` (a deleted photo's). rmdir(2)
    /// removes a folder only while it is empty, and `keep` makes a folder again should it go
    /// between its making and the rename into it, so a server writing there now loses nothing.
    func tidy() {
        for top in ["originals", "renditions"] {
            let folder = root.appendingPathComponent(top)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                Foundation.rmdir(folder.appendingPathComponent(name).path)
            }
        }
    }

    private static func lastChanged(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// rename(2), which is atomic and replaces what is there (FileManager's move refuses to),
    /// into a folder made first; made again should a tidy remove it, empty, in between.
    private static func move(_ source: String, to destination: String) throws {
        let folder = (destination as NSString).deletingLastPathComponent
        for _ in 0..<3 {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if rename(source, destination) == 0 { return }
            guard errno == ENOENT, FileManager.default.fileExists(atPath: source) else { break }
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
    }
}
