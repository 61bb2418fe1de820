import Foundation

/// A wish as another app's file had it (a bookmark, a CSV row), before any rule is applied: the
/// store checks it as it checks a new wish, and refuses it, naming `item`, when it breaks one.
public struct ImportedWish: Sendable, Hashable {
    /// How the import report names it, so a person can find it in their file: `Row 7: Desk lamp`.
    public var item: String
    /// Its row in the file, when the file has rows (a CSV), for the report.
    public var row: Int?
    /// Its name without its position, when it has one, for the report.
    public var name: String?
    public var draft: WishDraft
    /// The price as written; see ``PriceRules``.
    public var price: String?
    /// When the other app says it was saved; kept as the wish's creation time when it is in the past.
    public var addedAt: Date?

    /// The most items one file may hold: a move-in of a whole browser's bookmarks, bounded so one
    /// request cannot hold the writer for long.
    public static let limit = 10_000

    /// An item named `item` in the report (at `row`, named `name`), with what the file said of it.
    public init(
        item: String, row: Int? = nil, name: String? = nil, draft: WishDraft, price: String? = nil, addedAt: Date? = nil
    ) {
        self.item = item
        self.row = row
        self.name = name
        self.draft = draft
        self.price = price
        self.addedAt = addedAt
    }
}
