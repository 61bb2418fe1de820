import Archive
import WishlistCore

/// Why an account archive was refused as a whole; nothing of it was kept.
public enum AccountImportError: DomainError, Equatable {
    /// Not a zip or tar archive, or damaged or cut short.
    case unreadable(String)
    /// An entry that could harm the server: a path out of the archive, a link, a zip bomb.
    case unsafe(String)
    /// A version of the format newer than this server reads.
    case futureVersion(Int)
    /// An archive, but not a valid account archive: a missing manifest, a bad record, a missing photo file.
    case invalid(String)
    /// Another import or a change to the same records got there first; nothing was kept, try again.
    case conflict(String)

    public var kind: DomainErrorKind {
        switch self {
        case .unreadable, .unsafe, .futureVersion, .invalid: .unprocessable
        case .conflict: .conflict
        }
    }

    public var code: String {
        switch self {
        case .unreadable: "unreadable_archive"
        case .unsafe: "unsafe_archive"
        case .futureVersion: "unsupported_archive_version"
        case .invalid: "invalid_archive"
        case .conflict: "import_conflict"
        }
    }

    public var message: String {
        switch self {
        case .unreadable(let reason): "This is not a readable export archive: \(reason) Nothing was imported."
        case .unsafe(let reason): "This archive was refused as unsafe: \(reason) Nothing was imported."
        case .futureVersion(let version):
            "This archive is version \(version) of the export format; this server reads version "
                + "\(AccountArchiveFormat.version). Update the server, then import again. Nothing was imported."
        case .invalid(let reason): "This is not a valid export archive: \(reason) Nothing was imported."
        case .conflict(let reason): "\(reason) Nothing was imported; try again."
        }
    }

    /// The refusal a reader's error means; nil for a failure of the server's own disk.
    init?(_ error: ArchiveError) {
        switch error {
        case .unreadable(let message), .damaged(let message): self = .unreadable(message)
        case .unsafePath(let path): self = .unsafe("the entry \"\(path)\" names a place outside the archive.")
        case .unsupportedEntry(let path, let kind): self = .unsafe("the entry \"\(path)\" is a \(kind).")
        case .duplicateEntry(let path): self = .unsafe("the entry \"\(path)\" is there twice.")
        case .tooManyEntries(let limit): self = .unsafe("it holds more than \(limit) files.")
        case .entryTooLarge(let path, let limit): self = .unsafe("\"\(path)\" is larger than \(limit) bytes unpacked.")
        case .tooLarge(let limit): self = .unsafe("it unpacks to more than \(limit) bytes.")
        case .compressionRatioTooHigh(let path, _): self = .unsafe("\"\(path)\" unpacks to far more than the archive's size (a zip bomb).")
        case .writeFailed, .diskFull: return nil
        }
    }
}
