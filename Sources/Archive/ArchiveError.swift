/// Why an archive could not be read or written. A reader's errors name the entry at fault, so a
/// person can be told which file of their archive was refused and why.
public enum ArchiveError: Error, Equatable, Sendable {
    /// The file could not be opened, or is not a zip or tar archive.
    case unreadable(String)
    /// The archive is damaged or cut short (libarchive's message).
    case damaged(String)
    /// An entry's name is absolute, climbs out with `..`, or is not plain UTF-8 text.
    case unsafePath(String)
    /// An entry is not a file or folder: a symbolic or hard link, a device, a pipe or a socket.
    case unsupportedEntry(path: String, kind: String)
    /// Two entries have the same name.
    case duplicateEntry(String)
    case tooManyEntries(limit: Int)
    /// An entry holds more than the limit for one entry, counted while inflating.
    case entryTooLarge(path: String, limit: Int)
    /// The entries together hold more than the limit, counted while inflating.
    case tooLarge(limit: Int)
    /// The archive inflates to far more than its own size: a zip bomb.
    case compressionRatioTooHigh(path: String, limit: Int)
    /// Writing failed: libarchive's message, or the sink's error.
    case writeFailed(String)
    /// Unpacking found no room on the disk (or the user's quota used up).
    case diskFull
}
