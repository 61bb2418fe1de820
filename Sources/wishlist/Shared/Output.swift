import Foundation
import WishlistClient
import WishlistCore

/// How client commands print: plain lines for people, or the API's JSON with `--json` for scripts.
struct Output {
    static let jsonFlag = Flag("--json", help: "Print the API's JSON instead of text.")

    let json: Bool

    init(_ arguments: inout Arguments) {
        json = arguments.flag(Self.jsonFlag)
    }

    /// Sends `request` and prints its answer: with `--json` the API's JSON exactly as the server
    /// sent it (not decoded and encoded again, which could drop fields or respell numbers), else
    /// the text `describe` gives.
    func print<Answer>(
        _ client: WishlistClient, _ request: (WishlistClient) async throws -> Answer, describe: (Answer) -> String
    ) async throws {
        guard json else { return Self.text(describe(try await request(client))) }
        Self.write(try await client.withAnswerJSON(request).json)
    }

    /// A remark beside the result, e.g. which place a name matched: on stdout for people, on stderr
    /// with `--json` so that stdout stays the API's JSON.
    func note(_ text: String) {
        if json {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            Swift.print(text)
        }
    }

    /// Sends `request` for a list the API answers whole (`{"items": […]}`) and prints it: with
    /// `--json` one item a line (NDJSON) as the server wrote it, else the text `describe` gives.
    func printList<Item>(
        _ client: WishlistClient, _ request: (WishlistClient) async throws -> [Item], describe: ([Item]) -> String
    ) async throws {
        guard json else { return Self.text(describe(try await request(client))) }
        for item in try JSONListItems.items(in: try await client.withAnswerJSON(request).json) { Self.write(item) }
    }

    /// Prints a list that pages, the page after `start` (nil: the first) or with `all` every page
    /// from there; `fetch` asks for the page after a cursor. With `--json`, one item a line (NDJSON)
    /// as the server wrote it, each page as it comes, so `| jq` works on any number; else the text
    /// `describe` gives, and a hint when pages were left.
    func printPages<Item>(
        _ client: WishlistClient, all: Bool, from start: String? = nil,
        _ fetch: (WishlistClient, String?) async throws -> Page<Item>, describe: ([Item]) -> String
    ) async throws {
        guard json else {
            let (items, next) = try await PageReader.read(all: all, from: start) { try await fetch(client, $0) }
            return Self.text(describe(items) + (next != nil ? "\n" + PageReader.moreHint : ""))
        }
        var cursor = start
        repeat {
            let (page, json) = try await client.withAnswerJSON { try await fetch($0, cursor) }
            for item in try JSONListItems.items(in: json) { Self.write(item) }
            cursor = page.nextCursor
        } while all && cursor != nil
        if cursor != nil { note(PageReader.moreHint) }
    }

    private static func text(_ text: String) {
        if !text.isEmpty { Swift.print(text) }
    }

    /// One JSON value and a newline, the bytes unchanged. (Only `--json` writes this way, and then
    /// nothing else goes to standard output, so Swift.print's buffer cannot reorder the two.)
    private static func write(_ json: Data) {
        FileHandle.standardOutput.write(json + Data("\n".utf8))
    }

    /// Rows in columns aligned by display width, the `cutFirst` columns and then the
    /// `flexibleColumn` (a name) cut to fit the terminal; `empty` when there are none.
    static func table(_ rows: [[String]], flexibleColumn: Int, cutFirst: [Int] = [], empty: String) -> String {
        rows.isEmpty
            ? empty
            : TextColumns(rows: rows, flexibleColumn: flexibleColumn, cutFirst: cutFirst).lines(width: TextColumns.terminalWidth)
                .joined(separator: "\n")
    }

    /// A wish's columns in a list: id, star, name, tags (`tagsColumn`).
    static func columns(_ wish: Wish) -> [String] {
        [wish.id.uuidString.lowercased(), wish.favorite ? "★" : " ", wish.name, wish.tags.map { "#" + $0 }.joined(separator: " ")]
    }

    /// Where a wish's tags are among its `columns`: cut before its name in a narrow terminal.
    static let tagsColumn = 3

    /// One line for a wish: its columns.
    static func line(_ wish: Wish) -> String {
        table([columns(wish)], flexibleColumn: 2, cutFirst: [tagsColumn], empty: "")
    }

    /// Everything on a wish, one field a line.
    static func details(_ wish: Wish) -> String {
        var lines = ["\(wish.favorite ? "★ " : "")\(wish.name)", "id:      \(wish.id.uuidString.lowercased())"]
        if let memo = wish.memo { lines.append("memo:    \(memo)") }
        if let link = wish.link { lines.append("link:    \(link)") }
        if !wish.tags.isEmpty { lines.append("tags:    \(wish.tags.joined(separator: ", "))") }
        if let place = wish.place { lines.append("place:   \(place.name) (\(place.latitude), \(place.longitude))") }
        if !wish.photos.isEmpty { lines.append("photos:  \(wish.photos.count)") }
        if let price = wish.price { lines.append("price:   \(amount(price.amount, price.currency)) (seen \(price.seenAt.iso8601String))") }
        lines.append("created: \(wish.createdAt.iso8601String)  version \(wish.version)")
        return lines.joined(separator: "\n")
    }

    /// `89000 KRW`, or the bare amount when the page named no currency.
    static func amount(_ amount: Decimal, _ currency: String?) -> String {
        [amount.description, currency].compactMap { $0 }.joined(separator: " ")
    }

    /// One line for a spot in a list: id, star when saved as a wish, place, work or artist, address.
    static func line(_ spot: Spot) -> String {
        "\(spot.id.uuidString.lowercased())  \(spot.wishId == nil ? " " : "★") \(spot.name) — \(spot.title) (\(spot.type.rawValue))  \(spot.address)"
    }

    static func lines(_ wishes: [Wish], empty: String) -> String {
        table(wishes.map(columns), flexibleColumn: 2, cutFirst: [tagsColumn], empty: empty)
    }
}
