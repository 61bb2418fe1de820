import LinkPreview
import WishlistCore

extension ImportedWish {
    /// A bookmark as a wish: named by its title (else its link), its link, its folders and
    /// `TAGS` as tags, its description as the memo, saved when the browser says. A folder name
    /// longer than a tag may be is shortened rather than costing the bookmarks in it; every other
    /// rule, the link's scheme among them, is checked by the store.
    init(_ bookmark: Bookmark) {
        let name = bookmark.title.isEmpty ? bookmark.link : bookmark.title
        let folders = bookmark.folders.map { String(Tag.normalize($0).prefix(Tag.lengthLimit)) }
        self.init(
            item: name.isEmpty ? "A bookmark without title or link" : String(name.prefix(80)),
            name: name.isEmpty ? nil : String(name.prefix(80)),
            draft: WishDraft(name: name, memo: bookmark.description, link: bookmark.link, tags: folders + bookmark.tags),
            addedAt: bookmark.addedAt)
    }
}
