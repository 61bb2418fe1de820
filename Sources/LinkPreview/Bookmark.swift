import Foundation

/// One link of a bookmark file, as the file has it: nothing is checked or cleaned beyond white
/// space, so the reader of the bookmarks decides what to keep.
public struct Bookmark: Sendable, Hashable {
    /// The link's text, white space collapsed; may be empty.
    public var title: String
    /// The `HREF` as written: any scheme (`javascript:`, `place:`, `data:`) may be there.
    public var link: String
    /// The folders it is in, outermost first, without the browser's own top folders ("Bookmarks
    /// bar", "Other bookmarks").
    public var folders: [String]
    /// The `TAGS` attribute (Firefox, Pinboard) split at commas, empty ones left out.
    public var tags: [String]
    /// The `<DD>` text after the link, trimmed; nil when there is none.
    public var description: String?
    /// `ADD_DATE`, read as seconds since 1970 (or milliseconds or microseconds when that large).
    public var addedAt: Date?

    public init(
        title: String, link: String, folders: [String] = [], tags: [String] = [], description: String? = nil,
        addedAt: Date? = nil
    ) {
        self.title = title
        self.link = link
        self.folders = folders
        self.tags = tags
        self.description = description
        self.addedAt = addedAt
    }
}
