/// Why a bookmark file cannot be read.
public enum BookmarkFileError: Error, Sendable, Equatable {
    /// The bytes are not HTML with a bookmark list (`<DL>`) in it.
    case notBookmarkFile
    /// More links than the reader was asked to read at most.
    case tooManyBookmarks(limit: Int)
}
