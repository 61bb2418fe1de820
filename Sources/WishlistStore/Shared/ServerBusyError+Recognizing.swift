import SQLite
import WishlistCore

extension ServerBusyError {
    /// The busy error behind `error` when SQLite gave up waiting for a lock (its busy timeout ran
    /// out: `SQLITE_BUSY`, or `SQLITE_LOCKED` within one connection); nil for any other error.
    public init?(recognizing error: any Error) {
        guard let error = error as? SQLiteError, error.code == .busy || error.code == .locked else { return nil }
        self.init()
    }
}
