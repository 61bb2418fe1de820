import Foundation
import WishlistCore

extension WishlistClient {
    /// The account's records whose ids start with `prefix` (at most `IDMatch.limitPerKind` of
    /// each kind), only of `kind` when given: how a short id is resolved, and what completion shows.
    public func ids(prefix: String, kind: IDMatch.Kind? = nil) async throws -> [IDMatch] {
        var items = [URLQueryItem(name: "prefix", value: prefix)]
        if let kind { items.append(URLQueryItem(name: "type", value: kind.rawValue)) }
        return try await request(APIRoute.Search.ids, query: items, as: ItemList<IDMatch>.self).items
    }
}
