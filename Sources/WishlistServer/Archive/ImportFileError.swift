import LinkPreview
import WishlistCore

/// Why a file to move in from another app cannot be imported at all.
struct ImportFileError: DomainError, Equatable {
    let kind: DomainErrorKind
    let code: String
    let message: String

    init(_ error: BookmarkFileError) {
        switch error {
        case .notBookmarkFile:
            kind = .unprocessable
            code = "not_bookmark_file"
            message = "The file is not a bookmark file: export your bookmarks as HTML from the browser and import that file."
        case .tooManyBookmarks(let limit):
            kind = .tooLarge
            code = "too_many_items"
            message = "The file has more than \(limit) bookmarks; split it into smaller files."
        }
    }
}
