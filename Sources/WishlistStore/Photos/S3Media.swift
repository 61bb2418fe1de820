import Crypto
import Foundation
import S3

/// The media store that is an S3 bucket (`--media s3://…`), for servers on several machines. Each
/// server keeps local copies of the files it has made or served in `workFolder/cache/`, since
/// libvips and the answers of `/media` (ranges, sendfile) read files, and a file never changes
/// under its name: a copy is never stale. The copies are a cache, trimmed by `tidy` to
/// `cacheBytes`; the bucket is the truth, asked whenever whether a file exists matters.
struct S3Media: MediaStore {
    let client: S3Client
    let workFolder: URL
    /// How much the local copies may take before `tidy` removes the oldest.
    let cacheBytes: Int

    init(client: S3Client, workFolder: String, cacheBytes: Int = 2 << 30) throws {
        self.client = client
        self.workFolder = URL(fileURLWithPath: workFolder)
        self.cacheBytes = cacheBytes
        for folder in ["cache", "staging"] {
            try FileManager.default.createDirectory(
                at: self.workFolder.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    private var cache: URL { workFolder.appendingPathComponent("cache") }

    private func cached(_ name: String) -> String {
        cache.appendingPathComponent(name).path
    }

    /// Makes the folder a local copy goes into.
    private static func makeFolder(of path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }

    func file(_ name: String) throws -> String? {
        let local = cached(name)
        if FileManager.default.fileExists(atPath: local) { return local }
        try Self.makeFolder(of: local)
        // Fetched beside its place and renamed in, so that no reader sees half a file.
        let part = local + ".part-\(SecureRandom.uuid().lowercasedString)"
        defer { unlink(part) }
        guard try reaching({ () throws(S3Error) in try client.get(name, into: part) }) else { return nil }
        guard rename(part, local) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: local]) }
        return local
    }

    func contains(_ name: String) throws -> Bool {
        try reaching { () throws(S3Error) in try client.head(name) } != nil
    }

    /// Puts each file into the bucket, then moves it among the local copies: the next reader on
    /// this server need not fetch what it just made.
    func keep(_ files: [(path: String, name: String)]) throws {
        for (path, name) in files {
            try reaching { () throws(S3Error) in try client.put(file: path, as: name) }
            let local = cached(name)
            try? Self.makeFolder(of: local)
            if rename(path, local) != 0 { unlink(path) }
        }
    }

    func copy(_ name: String, to path: String) throws -> Bool {
        try reaching { () throws(S3Error) in try client.get(name, into: path) }
    }

    func remove(_ name: String) throws {
        try reaching { () throws(S3Error) in try client.delete(name) }
        unlink(cached(name))
    }

    func removeAll(under prefix: String) throws {
        for entry in try reaching({ () throws(S3Error) in try client.list(prefix: prefix + "/") }) {
            try reaching { () throws(S3Error) in try client.delete(entry.key) }
        }
        try? FileManager.default.removeItem(atPath: cached(prefix))
    }

    func list(under prefix: String) throws -> [MediaStoreEntry] {
        try reaching { () throws(S3Error) in try client.list(prefix: prefix) }.map {
            MediaStoreEntry(name: $0.key, lastChanged: $0.lastModified)
        }
    }

    func lastChanged(_ name: String) throws -> Date? {
        try reaching { () throws(S3Error) in try client.head(name) }?.lastModified
    }

    /// Runs a request of the bucket; a failure is the request's `MediaUnavailableError` (503), not a
    /// fault of the server: the store will be back.
    private func reaching<Result>(_ request: () throws(S3Error) -> Result) throws(MediaUnavailableError) -> Result {
        do {
            return try request()
        } catch {
            throw MediaUnavailableError(reason: "\(client.bucket.description): \(error)")
        }
    }

    /// Trims the local copies to `cacheBytes`, the least recently made or fetched first, and removes
    /// the folders left empty. A copy removed while it is being served stays readable to the
    /// reader that opened it.
    func tidy() {
        guard
            let walker = FileManager.default.enumerator(
                at: cache, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey])
        else { return }
        var files: [(path: String, bytes: Int, changed: Date)] = []
        var folders: [String] = []
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]) else {
                continue
            }
            if values.isRegularFile == true {
                files.append((url.path, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
            } else {
                folders.append(url.path)
            }
        }
        var total = files.reduce(0) { $0 + $1.bytes }
        for file in files.sorted(by: { $0.changed < $1.changed }) where total > cacheBytes {
            unlink(file.path)
            total -= file.bytes
        }
        // Deepest first, so that a folder emptied by its children's removal goes too.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            Foundation.rmdir(folder)
        }
    }
}
