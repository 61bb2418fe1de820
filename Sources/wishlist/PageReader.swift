import WishlistCore

/// How list commands read a paged endpoint: the first page, or with `--all` every page.
enum PageReader {
    /// The items of the first page (of every page when `all`), and whether pages were left unread.
    /// `fetch` answers the page after a cursor (nil: the first).
    static func read<Item>(all: Bool, _ fetch: (String?) async throws -> Page<Item>) async throws -> (items: [Item], more: Bool) {
        var page = try await fetch(nil)
        var items = page.items
        while all, let cursor = page.nextCursor {
            page = try await fetch(cursor)
            items += page.items
        }
        return (items, !all && page.nextCursor != nil)
    }

    static let allFlag = Flag("--all", help: "Every page, not only the first.")

    /// The remark that more pages are left.
    static let moreHint = "… more with --all"
}
