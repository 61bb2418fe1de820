import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Search across the account's wishes, journal, the K-culture spots and places (K1), and its
/// recent searches (K2): every search route.
struct SearchController: Sendable {
    let search: Search
    let recentSearches: RecentSearchRepository
    let recentSearchRecorder: RecentSearchRecorder
    let authenticator: Authenticator
    let readCache: ReadCache
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Search.search, readCache.reads(answer, noting: noteRecentSearch))
            routes.add(APIRoute.Search.recentSearches, listRecentSearches)
            routes.add(APIRoute.Search.clearRecentSearches, clearRecentSearches)
            routes.add(APIRoute.Search.deleteRecentSearch, deleteRecentSearch)
        }
    }

    /// Searches; the read cache keeps the answer, and may give it again on the event thread.
    func answer(_ request: Request, _ account: Account) throws -> Response {
        .api(try search.answer(try SearchQuery(parameters: request.query), owner: account.key))
    }

    /// Remembers an answered search's query as a recent search (K2), also when the answer was
    /// kept, so searching again puts it on top; a request paging on with a cursor is not a new
    /// search. Only noted here, in memory, so it may run on the event thread.
    func noteRecentSearch(_ request: Request, _ account: Account) {
        guard let query = try? SearchQuery(parameters: request.query), query.cursor == nil else { return }
        recentSearchRecorder.note(query.text, owner: account.key, at: clock().inWholeMilliseconds)
    }

    func listRecentSearches(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try recentSearchRecorder.flush(owner: owner)
        return .api(ItemList(try recentSearches.list(owner: owner)))
    }

    func deleteRecentSearch(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try recentSearchRecorder.flush(owner: owner)
        guard let id = request.idParameter else { throw NotFoundError("recent search") }
        guard try recentSearches.delete(id, owner: owner) else { throw NotFoundError("recent search") }
        return Response(status: .noContent)
    }

    func clearRecentSearches(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try recentSearchRecorder.flush(owner: owner)
        try recentSearches.clear(owner: owner)
        return Response(status: .noContent)
    }
}
