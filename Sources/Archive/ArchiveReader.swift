import CArchive
import Foundation

/// Reads a zip or tar archive (plain or gzipped) from a file, entry by entry, refusing what could
/// hurt whoever unpacks it: names that are absolute or climb out with `..`, links, devices, too
/// many entries, and data past the limits, counted while inflating (a zip bomb's headers may claim
/// anything). Every refusal is an `ArchiveError`; a reader that threw is done.
///
/// Folders are checked and skipped: `nextEntry` hands out files only. Not for use from two threads at once.
public final class ArchiveReader {
    public let limits: ArchiveLimits
    private let archive: OpaquePointer
    private var entryCount = 0
    private var totalBytes = 0
    private var current: (entry: ArchiveEntry, bytes: Int)?

    public init(path: String, limits: ArchiveLimits) throws(ArchiveError) {
        try ArchiveLibrary.load()
        guard let archive = carchive_read_new() else { throw .unreadable("libarchive could not start reading.") }
        self.archive = archive
        self.limits = limits
        _ = carchive_read_support_format_zip(archive)
        _ = carchive_read_support_format_tar(archive)
        _ = carchive_read_support_filter_gzip(archive)
        guard carchive_read_open_filename(archive, path, 64 << 10) == CARCHIVE_OK else {
            throw .unreadable(message(or: "This is not a zip or tar archive."))
        }
    }

    deinit {
        carchive_read_free(archive)
    }

    /// The next file, after checking its header; nil at the end of the archive.
    public func nextEntry() throws(ArchiveError) -> ArchiveEntry? {
        current = nil
        while true {
            var header: OpaquePointer?
            let status = carchive_read_next_header(archive, &header)
            if status == CARCHIVE_EOF { return nil }
            guard status == CARCHIVE_OK || status == CARCHIVE_WARN, let header else {
                throw .damaged(message(or: "The archive is damaged."))
            }
            entryCount += 1
            guard entryCount <= limits.maximumEntries else { throw .tooManyEntries(limit: limits.maximumEntries) }
            let name = (carchive_entry_pathname_utf8(header) ?? carchive_entry_pathname(header)).map { String(cString: $0) } ?? ""
            guard let path = ArchivePath.normalized(name) else { throw .unsafePath(name) }
            let type = UInt32(carchive_entry_filetype(header))
            if type == wishlist_ae_directory { continue }
            guard type == wishlist_ae_regular, carchive_entry_hardlink(header) == nil else {
                throw .unsupportedEntry(path: path, kind: Self.kind(of: type, isHardLink: carchive_entry_hardlink(header) != nil))
            }
            let size = carchive_entry_size_is_set(header) != 0 ? Int(carchive_entry_size(header)) : nil
            let entry = ArchiveEntry(path: path, claimedSize: size)
            current = (entry, 0)
            return entry
        }
    }

    /// Reads the current entry's next bytes into `buffer`: the count read, 0 at the entry's end.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        guard let (entry, bytes) = current else { return 0 }
        let count = carchive_read_data(archive, buffer.baseAddress, buffer.count)
        guard count >= 0 else { throw .damaged(message(or: "The archive is damaged at \(entry.path).")) }
        let entryBytes = bytes + count
        totalBytes += count
        current = (entry, entryBytes)
        guard entryBytes <= limits.maximumEntryBytes else {
            throw .entryTooLarge(path: entry.path, limit: limits.maximumEntryBytes)
        }
        guard totalBytes <= limits.maximumTotalBytes else { throw .tooLarge(limit: limits.maximumTotalBytes) }
        if let claimed = entry.claimedSize, entryBytes > claimed {
            throw .damaged("\(entry.path) holds more than its header says.")
        }
        let archiveBytes = max(1, Int(carchive_filter_bytes(archive, -1)))
        if totalBytes > limits.ratioGraceBytes, totalBytes / archiveBytes > limits.maximumCompressionRatio {
            throw .compressionRatioTooHigh(path: entry.path, limit: limits.maximumCompressionRatio)
        }
        return count
    }

    /// The whole current entry, when it is at most `limit` bytes (which the limits bound anyway).
    public func readData(limit: Int? = nil) throws(ArchiveError) -> Data {
        let limit = min(limit ?? limits.maximumEntryBytes, limits.maximumEntryBytes)
        var data = Data()
        try forEachChunk { chunk throws(ArchiveError) in
            data.append(contentsOf: chunk)
            if data.count > limit, let entry = current?.entry { throw .entryTooLarge(path: entry.path, limit: limit) }
        }
        return data
    }

    /// Unpacks every remaining file under `folder` (which must exist and should be empty),
    /// answering the entries written. The whole archive is checked as it goes; after a throw the
    /// caller removes `folder`.
    public func extract(into folder: String) throws(ArchiveError) -> [ArchiveEntry] {
        var written: [ArchiveEntry] = []
        while let entry = try nextEntry() {
            let target = folder + "/" + entry.path
            try makeParents(of: entry.path, in: folder)
            // O_EXCL: a second entry of the same name fails; O_NOFOLLOW: never through a link.
            let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                if errno == EEXIST || errno == EISDIR || errno == ENOTDIR { throw .duplicateEntry(entry.path) }
                throw Self.writeFailure(entry.path)
            }
            defer { close(descriptor) }
            try forEachChunk { chunk throws(ArchiveError) in
                var offset = 0
                while offset < chunk.count {
                    let count = Foundation.write(descriptor, chunk.baseAddress! + offset, chunk.count - offset)
                    guard count > 0 else { throw Self.writeFailure(entry.path) }
                    offset += count
                }
            }
            written.append(entry)
        }
        return written
    }

    private func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(ArchiveError) -> Void) throws(ArchiveError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Creates the folders above an entry, each a real folder (a file of that name is a clash).
    private func makeParents(of path: String, in folder: String) throws(ArchiveError) {
        var components = path.split(separator: "/")
        components.removeLast()
        var parent = folder
        for component in components {
            parent += "/" + component
            if mkdir(parent, 0o700) != 0, errno != EEXIST { throw Self.writeFailure(parent) }
            var info = stat()
            guard lstat(parent, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw .duplicateEntry(path) }
        }
    }

    /// What `errno` says of a failed write of `path`: no room, or another failure.
    private static func writeFailure(_ path: String) -> ArchiveError {
        if errno == ENOSPC || errno == EDQUOT { return .diskFull }
        return .writeFailed("Cannot write \(path): \(String(cString: strerror(errno))).")
    }

    private func message(or fallback: String) -> String {
        carchive_error_string(archive).map { String(cString: $0) } ?? fallback
    }

    private static func kind(of type: UInt32, isHardLink: Bool) -> String {
        if isHardLink { return "hard link" }
        switch type {
        case wishlist_ae_symlink: return "symbolic link"
        case wishlist_ae_character_device, wishlist_ae_block_device: return "device"
        case wishlist_ae_fifo: return "pipe"
        case wishlist_ae_socket: return "socket"
        default: return "special file"
        }
    }
}
