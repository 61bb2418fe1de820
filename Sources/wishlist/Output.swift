import Foundation
import WishlistCore

/// How client commands print: plain lines for people, or the API's JSON with `--json` for scripts.
struct Output {
    static let jsonOptionHelp = ("--json", "Print the API's JSON instead of text.")

    let json: Bool

    init(_ arguments: inout Arguments) {
        json = arguments.flag("--json")
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

    /// One line for a wish in a list: id, star, name, tags.
    static func line(_ wish: Wish) -> String {
        let tags = wish.tags.isEmpty ? "" : "  " + wish.tags.map { "#" + $0 }.joined(separator: " ")
        return "\(wish.id.uuidString.lowercased())  \(wish.favorite ? "★" : " ") \(wish.name)\(tags)"
    }

    /// Everything on a wish, one field a line.
    static func details(_ wish: Wish) -> String {
        var lines = ["\(wish.favorite ? "★ " : "")\(wish.name)", "id:      \(wish.id.uuidString.lowercased())"]
        if let memo = wish.memo { lines.append("memo:    \(memo)") }
        if let link = wish.link { lines.append("link:    \(link)") }
        if !wish.tags.isEmpty { lines.append("tags:    \(wish.tags.joined(separator: ", "))") }
        if let place = wish.place { lines.append("place:   \(place.name) (\(place.latitude), \(place.longitude))") }
        if !wish.photos.isEmpty { lines.append("photos:  \(wish.photos.count)") }
        lines.append("created: \(wish.createdAt.iso8601String)  version \(wish.version)")
        return lines.joined(separator: "\n")
    }

    /// One line for a spot in a list: id, star when saved as a wish, place, work or artist, address.
    static func line(_ spot: Spot) -> String {
        "\(spot.id.uuidString.lowercased())  \(spot.wishId == nil ? " " : "★") \(spot.name) — \(spot.title) (\(spot.type.rawValue))  \(spot.address)"
    }

    static func lines(_ wishes: [Wish], empty: String) -> String {
        wishes.isEmpty ? empty : wishes.map(line).joined(separator: "\n")
    }
}
