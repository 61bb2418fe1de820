import WishlistClient
import WishlistCore

extension Output {
    static let gifOffsetOption = Option(
        "--offset", "N", help: "Start at the Nth result: 0, or the offset the previous page said.", format: .wholeNumber(0...))

    /// A GIF's columns in a list: id, title (or "(untitled)"), rating, Giphy page.
    static func columns(_ gif: Gif) -> [String] {
        [gif.id, gif.title.isEmpty ? "(untitled)" : gif.title, gif.rating.map { "[\($0)]" } ?? "", gif.url]
    }

    /// Sends `request` for a page of GIFs and prints it (NDJSON with `--json`), then where the
    /// next page starts, or why there is none — on stderr with `--json`, so that stdout stays one
    /// GIF a line.
    func printGifs(_ client: WishlistClient, _ request: (WishlistClient) async throws -> GifPage) async throws {
        var pagination: GifPage.Pagination?
        try await printList(
            client,
            { client in
                let page = try await request(client)
                pagination = page.pagination
                return page.items
            }
        ) { gifs in
            Output.table(gifs.map(Output.columns), flexibleColumn: 1, empty: "No GIFs found.")
        }
        guard let pagination, pagination.count > 0 else { return }
        if let next = pagination.nextOffset {
            note("More: --offset \(next)")
        } else {
            note(
                pagination.offset + pagination.count < pagination.totalCount
                    ? "Giphy shows no results past this page." : "No more results.")
        }
    }
}
