import WishlistCore

/// How list commands read a paged endpoint: the first page, or with `--all` every page.
enum PageReader {
    /// The items of the page after `cursor` (nil: the first; of every page from there when `all`),
    /// and the cursor of the first page left unread.
    static func read<Item>(
        all: Bool, from cursor: String? = nil, _ fetch: (String?) async throws -> Page<Item>
    ) async throws -> (items: [Item], next: String?) {
        var page = try await fetch(cursor)
        var items = page.items
        while all, let cursor = page.nextCursor {
            page = try await fetch(cursor)
            items += page.items
        }
        return (items, all ? nil : page.nextCursor)
    }

    static let allFlag = Flag("--all", help: "Every page, not only the first.")

    /// The remark that more pages are left.
    static let moreHint = "… more with --all"
}
