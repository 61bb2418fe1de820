import Foundation
import SQLite
import WishlistCore

extension StorageFullError {
    /// The storage-full error behind `error` when a write failed for want of disk space: SQLite's
    /// `SQLITE_FULL` (its Unix layer reports `ENOSPC` so), Foundation's out-of-space write error,
    /// or `ENOSPC`/`EDQUOT` from a system call; nil for any other error.
    public init?(recognizing error: any Error) {
        switch error {
        case let error as StorageFullError:
            self = error
        case let error as SQLiteError where error.code == .full:
            self.init()
        case let error as CocoaError where error.code == .fileWriteOutOfSpace:
            self.init()
        case let error as CocoaError:
            guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error,
                Self(recognizing: underlying) != nil
            else { return nil }
            self.init()
        case let error as POSIXError where Self.isNoSpace(error.code.rawValue):
            self.init()
        default:
            return nil
        }
    }

    /// errno values that mean no room: the disk is full, or the user's quota on it is used up.
    public static func isNoSpace(_ code: Int32) -> Bool {
        code == ENOSPC || code == EDQUOT
    }
}
