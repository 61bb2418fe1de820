import Foundation
import Outbound

/// A question for Giphy, normalised so that equal questions share a cache entry and one call.
enum GiphyRequest: Hashable, Sendable {
    case search(query: String, offset: Int, language: String)
    case trending(offset: Int)
    case gif(id: String)
    case gifs(ids: [String])

    static let maximumQueryLength = GiphyClient.maximumQueryLength
    /// The last offsets Giphy pages to: past them it answers nothing.
    static let maximumSearchOffset = 4_999
    static let maximumTrendingOffset = 499
    /// The languages Giphy is asked in; any other asks in English.
    static let languages: Set<String> = ["en", "ko"]

    static func validatedSearch(_ query: String, offset: Int, language: String?) throws(GiphyError) -> GiphyRequest {
        let words = query.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        guard !words.isEmpty else { throw .emptyQuery }
        guard words.count <= maximumQueryLength else { throw .queryTooLong(maximum: maximumQueryLength) }
        guard (0...maximumSearchOffset).contains(offset) else { throw .offsetOutOfRange(maximum: maximumSearchOffset) }
        let language = language.map { $0.lowercased() }.flatMap { languages.contains($0) ? $0 : nil } ?? "en"
        return .search(query: words, offset: offset, language: language)
    }

    static func validatedTrending(offset: Int) throws(GiphyError) -> GiphyRequest {
        guard (0...maximumTrendingOffset).contains(offset) else { throw .offsetOutOfRange(maximum: maximumTrendingOffset) }
        return .trending(offset: offset)
    }

    /// Giphy's ids are letters and digits (a few older ones have `-` or `_`); anything else could
    /// change the URL's path.
    static func validID(_ id: String) throws(GiphyError) -> String {
        let allowed = id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard allowed, (1...64).contains(id.utf8.count) else { throw .invalidID(id) }
        return id
    }

    /// Where a page of search or trending starts; 0 for lookups by id.
    var offset: Int {
        switch self {
        case .search(_, let offset, _), .trending(let offset): offset
        case .gif, .gifs: 0
        }
    }

    /// The last offset this list pages to, for search and trending.
    var maximumOffset: Int? {
        switch self {
        case .search: Self.maximumSearchOffset
        case .trending: Self.maximumTrendingOffset
        case .gif, .gifs: nil
        }
    }

    /// The URL under `base` (which may carry a path prefix), with the key and the content rating.
    func url(base: URL, key: String, rating: String, pageSize: Int) -> URL? {
        var items: [(String, String)] = [("api_key", key)]
        let path: String
        switch self {
        case .search(let query, let offset, let language):
            path = "v1/gifs/search"
            items += [("q", query), ("limit", String(pageSize)), ("offset", String(offset)), ("rating", rating), ("lang", language)]
        case .trending(let offset):
            path = "v1/gifs/trending"
            items += [("limit", String(pageSize)), ("offset", String(offset)), ("rating", rating)]
        case .gif(let id):
            path = "v1/gifs/\(id)"
        case .gifs(let ids):
            path = "v1/gifs"
            items.append(("ids", ids.joined(separator: ",")))
        }
        return .outbound(base: base, path: path, query: items)
    }
}
