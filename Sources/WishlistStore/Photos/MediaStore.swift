import Foundation

/// Where the photo files are kept for good (W12, D3): a folder (`MediaFolder`, on one machine or
/// mounted by several) or an S3 bucket (`S3Media`). `PhotoFiles` says which files there are; a
/// store only keeps them. Files are named by paths relative to the store's root, e.g.
/// `originals/ab/<digest>` and `renditions/<photo id>/<revision>-<size>.jpg`; a name is never
/// written twice with different bytes (originals are named by their digest, renditions by their
/// revision), so any copy of a file is as good as the file.
///
/// Files are made on this machine, in `workFolder` (on the same filesystem as the local files
/// `file(_:)` answers), and handed to `keep`.
protocol MediaStore: Sendable {
    /// A folder on this machine for files being made (`staging/` under it) and, for a remote store,
    /// the local copies of its files.
    var workFolder: URL { get }

    /// A local file holding `name`'s bytes, fetched when need be; nil when there is no such file.
    func file(_ name: String) throws -> String?

    /// Whether `name` is kept, asked of the store itself (never of a local copy: another server may
    /// have removed it).
    func contains(_ name: String) throws -> Bool

    /// Keeps each finished, flushed file (`path`, in `workFolder`) as its `name`, replacing any
    /// there; the file is moved, not copied. Once this returns, the files survive a power cut.
    func keep(_ files: [(path: String, name: String)]) throws

    /// Copies `name` into a new file at `path` (flushed), by a hard link where it can; false when
    /// there is no such file.
    func copy(_ name: String, to path: String) throws -> Bool

    /// Removes `name`; one that is not there is no error.
    func remove(_ name: String) throws

    /// Removes every file under the folder `prefix` (e.g. `renditions/<id>`).
    func removeAll(under prefix: String) throws

    /// The files whose names begin with `prefix`, with when each was last changed (by the clock of
    /// the machine that keeps them).
    func list(under prefix: String) throws -> [MediaStoreEntry]

    /// When `name` was last changed; nil when it is not there.
    func lastChanged(_ name: String) throws -> Date?

    /// Housekeeping's share: what a store keeps beside the files (empty folders, local copies).
    func tidy() throws
}

/// A file of a media store, as a listing names it.
struct MediaStoreEntry: Sendable, Equatable {
    let name: String
    let lastChanged: Date
}
