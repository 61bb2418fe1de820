import Foundation
import WishlistCore

extension WishlistClient {
    /// Adds a wish; the server checks the draft against `WishRules` and answers with the new wish.
    public func createWish(_ draft: WishDraft) async throws -> Wish {
        try await request(APIRoute.Wishes.create, json: draft)
    }

    /// One page of wishes; pass the answer's `nextCursor` in `query.cursor` for the next.
    public func wishes(_ query: WishListQuery? = nil) async throws -> Page<Wish> {
        guard let query else { return try await request(APIRoute.Wishes.list) }
        var items = [
            URLQueryItem(name: "sort", value: query.sort.rawValue), URLQueryItem(name: "limit", value: String(query.limit))
        ]
        if let favorite = query.favorite { items.append(URLQueryItem(name: "favorite", value: String(favorite))) }
        if let tag = query.tag { items.append(URLQueryItem(name: "tag", value: tag)) }
        if let cursor = query.cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await request(APIRoute.Wishes.list, query: items)
    }

    /// One wish; a 404 `not_found` error when the account has none with that id.
    public func wish(_ id: UUID) async throws -> Wish {
        try await request(APIRoute.Wishes.show, Self.id(id))
    }

    /// Changes the fields set in `patch`; with `expectedVersion`, only if nobody changed the wish since (else 412).
    public func updateWish(_ id: UUID, _ patch: WishPatch, expectedVersion: Int? = nil) async throws -> Wish {
        try await request(
            APIRoute.Wishes.update, Self.id(id), json: patch, headers: expectedVersion.map { ["If-Match": "\"\($0)\""] } ?? [:])
    }

    /// Deletes a wish and the photos only it had.
    public func deleteWish(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Wishes.delete, Self.id(id))
    }

    /// Stars (`true`) or unstars a wish and returns it.
    public func setFavorite(_ id: UUID, _ favorite: Bool) async throws -> Wish {
        try await request(favorite ? APIRoute.Wishes.favorite : APIRoute.Wishes.unfavorite, Self.id(id))
    }

    /// Every tag on the account's wishes, with how many wishes have it.
    public func tags() async throws -> [TagCount] {
        try await request(APIRoute.Wishes.tags, as: ItemList<TagCount>.self).items
    }

    /// Every group of the search (only `groups` when given), each a first page of `limit` (50 by
    /// default) with its total; the server remembers the query as a recent search.
    public func search(_ query: String, groups: [SearchGroup]? = nil, limit: Int? = nil) async throws -> WishSearchResult {
        var items = [URLQueryItem(name: "q", value: query)]
        if let groups { items.append(URLQueryItem(name: "groups", value: groups.map(\.rawValue).joined(separator: ","))) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await request(APIRoute.Search.search, query: items)
    }

    /// One page of one search group (`Wish` for `byName`, `byTag` and `byText`, `JournalEntry` for
    /// `journal`, `Spot` for `spots`) after `cursor`, with the group's total.
    public func searchPage<Item: Codable & Sendable>(
        _ query: String, group: SearchGroup, cursor: String? = nil, limit: Int? = nil, of type: Item.Type = Item.self
    ) async throws -> SearchPage<Item> {
        var items = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "group", value: group.rawValue)]
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await request(APIRoute.Search.search, query: items)
    }

    /// The account's recent searches, newest first.
    public func recentSearches() async throws -> [RecentSearch] {
        try await request(APIRoute.Search.recentSearches, as: ItemList<RecentSearch>.self).items
    }

    /// Forgets one recent search.
    public func deleteRecentSearch(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Search.deleteRecentSearch, Self.id(id))
    }

    /// Forgets every recent search.
    public func clearRecentSearches() async throws {
        try await requestWithoutAnswer(APIRoute.Search.clearRecentSearches)
    }

    /// `path?query` with every value percent-encoded (including `+` and `&`, which URLComponents leaves).
    public static func pathWithQuery(_ path: String, _ items: [URLQueryItem]) -> String {
        APIRoute.adding(items, to: path)
    }
}
