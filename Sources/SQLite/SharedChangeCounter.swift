import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Numbers that every process working on one database file raises after its writes, kept in a
/// small file beside the database (`<database>-changes`) that each of them maps into its memory:
/// reading one is one load from memory, where SQLite's `PRAGMA data_version` costs a read
/// transaction, two `fcntl` locks on the WAL index, and a connection only one thread may use at a
/// time. A server reads them on every request it answers from memory (`DatabasePool.dataVersion`,
/// `watchedWritesVersion`).
///
/// Only the programs that count their writes raise them: this library's pools. A write by any
/// other program (the sqlite3 shell) is left to `DatabasePool`'s own check of `data_version`.
final class SharedChangeCounter: @unchecked Sendable {
    /// The counts the file keeps, each at its own place.
    enum Count: Int, CaseIterable {
        /// Raised after every write.
        case writes
        /// Raised after every commit that wrote a row of a watched table (`WriteWatch`). Added
        /// later than `writes`: a file made before it is lengthened to hold it.
        case watchedWrites
    }

    // @unchecked: the one mutable thing is the counts, only read and raised atomically (the C shim).
    private let counts: UnsafeMutablePointer<UInt64>

    private static let size = MemoryLayout<UInt64>.size * Count.allCases.count

    /// Maps the counter kept in the file at `path`, making it (at 0) if there is none, with the
    /// owner and permissions of the file at `reference` (the database), as SQLite makes its `-wal`
    /// and `-shm`: every account that may write the database may raise the counter, even when
    /// `wishlist user disable` run as root made it. Nil when the file cannot be made or mapped (a
    /// folder this process may only read).
    init?(path: String, ownedLike reference: String) {
        var database = stat()
        guard stat(reference, &database) == 0 else { return nil }
        let permissions = database.st_mode & 0o777
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { return nil }
        // The mapping stays valid after the descriptor is closed.
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // The umask may have taken permissions away; root hands the file to the database's owner.
        // Failing either leaves a counter this process can use, if not every other.
        if status.st_mode & 0o777 != permissions { _ = fchmod(descriptor, permissions) }
        if geteuid() == 0, status.st_uid != database.st_uid || status.st_gid != database.st_gid {
            _ = fchown(descriptor, database.st_uid, database.st_gid)
        }
        // Only a new (or older, shorter) file is lengthened: two processes making it at once both
        // write the same zeros, and a count already raised is never cut.
        if status.st_size < Self.size {
            guard ftruncate(descriptor, off_t(Self.size)) == 0 else { return nil }
        }
        let address = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        counts = address.assumingMemoryBound(to: UInt64.self)
    }

    deinit {
        munmap(counts, Self.size)
    }

    /// The count now.
    func value(of count: Count) -> UInt64 {
        (counts + count.rawValue).withMemoryRebound(to: CUnsignedLongLong.self, capacity: 1) {
            UInt64(wishlist_shared_counter_load($0))
        }
    }

    /// Raises the count by one, seen at once by every process that maps the file.
    func increment(_ count: Count) {
        (counts + count.rawValue).withMemoryRebound(to: CUnsignedLongLong.self, capacity: 1) {
            wishlist_shared_counter_increment($0)
        }
    }
}
