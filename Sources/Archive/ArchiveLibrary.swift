import CArchive

/// libarchive, loaded at the first archive read or written (see CArchive).
enum ArchiveLibrary {
    /// nil once libarchive is loaded, else why it could not be. Swift runs a global's
    /// initialiser exactly once, even under concurrent first use.
    private static let loadFailure: String? = carchive_load().map { String(cString: $0) }

    static func load() throws(ArchiveError) {
        if let loadFailure { throw .unreadable("libarchive could not be loaded: \(loadFailure)") }
    }
}
