import WishlistCore

extension Output {
    static let gifOffsetOption = Option(
        "--offset", "N", help: "Start at the Nth result: 0, or the offset the previous page said.", format: .wholeNumber(0...))

    /// A GIF's columns in a list: id, title (or "(untitled)"), rating, Giphy page.
    static func columns(_ gif: Gif) -> [String] {
        [gif.id, gif.title.isEmpty ? "(untitled)" : gif.title, gif.rating.map { "[\($0)]" } ?? "", gif.url]
    }

    /// A page of GIFs (NDJSON with `--json`), then where the next page starts, or why there is
    /// none — on stderr with `--json`, so that stdout stays one GIF a line.
    func print(_ page: GifPage) throws {
        try printList(page.items) { gifs in
            Output.table(gifs.map(Output.columns), flexibleColumn: 1, empty: "No GIFs found.")
        }
        guard !page.items.isEmpty else { return }
        let pagination = page.pagination
        if let next = pagination.nextOffset {
            note("More: --offset \(next)")
        } else {
            note(pagination.offset + pagination.count < pagination.totalCount
                ? "Giphy shows no results past this page." : "No more results.")
        }
    }
}
