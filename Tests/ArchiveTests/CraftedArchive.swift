import CArchive
import Foundation

/// Archives made with libarchive directly, entry by entry, so that a test can write what
/// `ArchiveWriter` never would: names with `..`, links, devices, headers that lie.
struct CraftedArchive {
    enum Format { case zip, tar }

    struct Entry {
        var name: String
        var contents = Data()
        var type = wishlist_ae_regular
        var linkTarget: String?
        var hardLinkTarget: String?
    }

    /// The archive's bytes.
    static func make(_ format: Format, _ entries: [Entry]) -> Data {
        precondition(carchive_load() == nil, "libarchive did not load")
        let archive = carchive_write_new()!
        defer { carchive_write_free(archive) }
        switch format {
        case .zip: carchive_write_set_format_zip(archive)
        case .tar: carchive_write_set_format_pax_restricted(archive)
        }
        carchive_write_set_bytes_in_last_block(archive, 1)
        let capacity = 64 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        var used = 0
        precondition(carchive_write_open_memory(archive, buffer, capacity, &used) == CARCHIVE_OK)
        for item in entries {
            let entry = carchive_entry_new()
            defer { carchive_entry_free(entry) }
            carchive_entry_set_pathname(entry, item.name)
            carchive_entry_set_filetype(entry, item.type)
            carchive_entry_set_perm(entry, 0o644)
            if let target = item.linkTarget { carchive_entry_set_symlink(entry, target) }
            if let target = item.hardLinkTarget { carchive_entry_set_hardlink(entry, target) }
            if item.type == wishlist_ae_character_device { carchive_entry_set_rdev(entry, 0x0103) }
            carchive_entry_set_size(entry, item.type == wishlist_ae_regular && item.hardLinkTarget == nil ? Int64(item.contents.count) : 0)
            precondition(carchive_write_header(archive, entry) == CARCHIVE_OK, String(cString: carchive_error_string(archive)))
            item.contents.withUnsafeBytes { bytes in
                if bytes.count > 0 { _ = carchive_write_data(archive, bytes.baseAddress, bytes.count) }
            }
        }
        precondition(carchive_write_close(archive) == CARCHIVE_OK)
        return Data(bytes: buffer, count: used)
    }
}
