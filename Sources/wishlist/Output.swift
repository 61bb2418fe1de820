import Foundation
import WishlistCore

/// How client commands print: plain lines for people, or the API's JSON with `--json` for scripts.
struct Output {
    static let jsonFlag = Flag("--json", help: "Print the API's JSON instead of text.")

    let json: Bool

    init(_ arguments: inout Arguments) {
        json = arguments.flag(Self.jsonFlag)
    }

    /// Prints `value` as JSON, or the text `describe` gives.
    func print<Value: Encodable>(_ value: Value, describe: (Value) -> String) throws {
        if json {
            let encoder = JSONCoding.encoder()
            encoder.outputFormatting.insert(.prettyPrinted)
            Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
        } else {
            let text = describe(value)
            if !text.isEmpty { Swift.print(text) }
        }
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

    /// Prints a list that pages: with `--json` one JSON object a line (NDJSON), so `| jq` works on
    /// any number of pages; else the text `describe` gives.
    func printList<Item: Encodable>(_ items: [Item], describe: ([Item]) -> String) throws {
        guard json else { return try print(items, describe: describe) }
        let encoder = JSONCoding.encoder()
        for item in items { Swift.print(String(decoding: try encoder.encode(item), as: UTF8.self)) }
    }

    /// Rows in columns aligned by display width, the `flexibleColumn` (a name) cut to fit the
    /// terminal; `empty` when there are none.
    static func table(_ rows: [[String]], flexibleColumn: Int, empty: String) -> String {
        rows.isEmpty
            ? empty
            : TextColumns(rows: rows, flexibleColumn: flexibleColumn).lines(width: TextColumns.terminalWidth)
                .joined(separator: "\n")
    }

    /// A wish's columns in a list: id, star, name, tags.
    static func columns(_ wish: Wish) -> [String] {
        [wish.id.uuidString.lowercased(), wish.favorite ? "★" : " ", wish.name, wish.tags.map { "#" + $0 }.joined(separator: " ")]
    }

    /// One line for a wish: its columns.
    static func line(_ wish: Wish) -> String {
        table([columns(wish)], flexibleColumn: 2, empty: "")
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
        table(wishes.map(columns), flexibleColumn: 2, empty: empty)
    }
}
