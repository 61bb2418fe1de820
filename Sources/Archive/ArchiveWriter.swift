import CArchive
import Foundation

/// Writes a zip archive to a sink as it goes: each block is handed to the sink as soon as
/// libarchive has it, so an archive of any size costs a few buffers of memory. Files are stored as
/// they are (photos do not deflate), everything else is deflated.
///
/// Entries are written one at a time: `beginEntry`, `write` as often as needed, then the next
/// `beginEntry` or `finish`. Not for use from two threads at once.
public final class ArchiveWriter {
    /// Receives the archive's bytes in order. An error thrown here ends the archive: the call
    /// writing at that moment throws `ArchiveError.writeFailed` with it.
    public typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    private let archive: OpaquePointer
    private let sink: Sink
    private var sinkError: Error?
    private var finished = false
    private static let blockBytes = 64 << 10

    public init(sink: @escaping Sink) throws(ArchiveError) {
        try ArchiveLibrary.load()
        guard let archive = carchive_write_new() else { throw .writeFailed("libarchive could not start an archive.") }
        self.archive = archive
        self.sink = sink
        guard carchive_write_set_format_zip(archive) == CARCHIVE_OK,
            carchive_write_set_bytes_per_block(archive, Int32(Self.blockBytes)) == CARCHIVE_OK,
            // No padding after the last block: a zip is read from its end.
            carchive_write_set_bytes_in_last_block(archive, 1) == CARCHIVE_OK
        else { throw failure() }
        let opened = carchive_write_open2(
            archive, Unmanaged.passUnretained(self).toOpaque(), nil,
            { _, context, buffer, length in
                let writer = Unmanaged<ArchiveWriter>.fromOpaque(context!).takeUnretainedValue()
                return writer.deliver(UnsafeRawBufferPointer(start: buffer, count: length))
            },
            nil, nil)
        guard opened == CARCHIVE_OK else { throw failure() }
    }

    deinit {
        // An archive abandoned halfway (an error while writing) is freed without writing its end.
        if !finished { _ = carchive_write_fail(archive) }
        carchive_write_free(archive)
    }

    /// Starts an entry. `size` is required for a stored entry (the reader needs it to find the
    /// entry's end); a deflated entry of unknown size records it after its data.
    public func beginEntry(path: String, modified: Date, size: Int? = nil, compressed: Bool) throws(ArchiveError) {
        precondition(compressed || size != nil, "a stored entry needs its size")
        let entry = carchive_entry_new()
        defer { carchive_entry_free(entry) }
        carchive_entry_set_pathname_utf8(entry, path)
        carchive_entry_set_filetype(entry, wishlist_ae_regular)
        carchive_entry_set_perm(entry, 0o644)
        let seconds = modified.timeIntervalSince1970.rounded(.down)
        carchive_entry_set_mtime(entry, time_t(seconds), Int(((modified.timeIntervalSince1970 - seconds) * 1e9).rounded()))
        if let size { carchive_entry_set_size(entry, Int64(size)) }
        let compression =
            compressed
            ? carchive_write_zip_set_compression_deflate(archive)
            : carchive_write_zip_set_compression_store(archive)
        guard compression == CARCHIVE_OK, carchive_write_header(archive, entry) == CARCHIVE_OK else { throw failure() }
    }

    /// Appends bytes to the entry begun last.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveError) {
        var offset = 0
        while offset < bytes.count {
            let written = carchive_write_data(archive, bytes.baseAddress! + offset, bytes.count - offset)
            guard written > 0 else { throw failure() }
            offset += written
        }
    }

    public func write(_ data: Data) throws(ArchiveError) {
        var failed: ArchiveError?
        data.withUnsafeBytes { bytes in
            do throws(ArchiveError) { try write(bytes) } catch { failed = error }
        }
        if let failed { throw failed }
    }

    /// A whole entry from memory, deflated.
    public func addEntry(path: String, data: Data, modified: Date) throws(ArchiveError) {
        try beginEntry(path: path, modified: modified, size: data.count, compressed: true)
        try write(data)
    }

    /// A whole entry copied from a file a block at a time, stored as it is.
    public func addFile(path: String, from file: String, modified: Date) throws(ArchiveError) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed("Cannot open \(file): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .writeFailed("Cannot read \(file).") }
        try beginEntry(path: path, modified: modified, size: Int(info.st_size), compressed: false)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockBytes, alignment: 1)
        defer { buffer.deallocate() }
        var remaining = Int(info.st_size)
        while remaining > 0 {
            let count = read(descriptor, buffer.baseAddress, min(buffer.count, remaining))
            // A file that shrank while being copied would leave the entry short of its size.
            guard count > 0 else { throw .writeFailed("\(file) ended before its size.") }
            try write(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            remaining -= count
        }
    }

    /// Writes the central directory and hands the last bytes to the sink.
    public func finish() throws(ArchiveError) {
        guard !finished else { return }
        finished = true
        guard carchive_write_close(archive) == CARCHIVE_OK else { throw failure() }
    }

    private func deliver(_ bytes: UnsafeRawBufferPointer) -> Int {
        do {
            try sink(bytes)
            return bytes.count
        } catch {
            sinkError = error
            return -1
        }
    }

    private func failure() -> ArchiveError {
        if let sinkError { return .writeFailed(String(describing: sinkError)) }
        return .writeFailed(carchive_error_string(archive).map { String(cString: $0) } ?? "libarchive failed.")
    }
}
