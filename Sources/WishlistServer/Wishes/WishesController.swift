import Foundation
import Geocoding
import HTTPServer
import WishlistCore
import WishlistStore

/// Wishes, favorites, tags, search (wishes, journal entries and places) and recent searches
/// (W1, W3–W6, K1, K2) for the signed-in account.
struct WishesController: Sendable {
    let wishes: WishRepository
    let recentSearches: RecentSearchRepository
    let recentSearchRecorder: RecentSearchRecorder
    let journal: JournalRepository
    let spots: SpotRepository
    let photos: PhotoLibrary
    let places: PlaceSearch
    let authenticator: Authenticator
    let readCache: ReadCache
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Wishes.create, create)
            routes.add(APIRoute.Wishes.list, readCache.reads(list))
            routes.add(APIRoute.Wishes.show, readCache.reads(show))
            routes.add(APIRoute.Wishes.update, update)
            routes.add(APIRoute.Wishes.delete, delete)
            routes.add(APIRoute.Wishes.favorite) { request, account in try setFavorite(true, request, account) }
            routes.add(APIRoute.Wishes.unfavorite) { request, account in try setFavorite(false, request, account) }
            routes.add(APIRoute.Wishes.tags, readCache.reads(tags))
            routes.add(APIRoute.Search.search, search)
            routes.add(APIRoute.Search.recentSearches, listRecentSearches)
            routes.add(APIRoute.Search.clearRecentSearches, clearRecentSearches)
            routes.add(APIRoute.Search.deleteRecentSearch, deleteRecentSearch)
        }
    }

    func create(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let wish = try wishes.create(request.apiBody(WishDraft.self), owner: owner, now: clock().inWholeMilliseconds)
        var response = Self.answer(wish, status: .created)
        response.headers["Location"] = try APIRoute.Wishes.show.path(["id": wish.id.uuidString.lowercased()])
        return response
    }

    func list(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return .api(try wishes.list(WishListQuery(parameters: request.query), owner: owner))
    }

    func show(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        guard let wish = try wishes.get(try Self.id(request), owner: owner) else { throw NotFoundError("wish") }
        return Self.answer(wish)
    }

    func update(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let (wish, released) = try wishes.updateReleasingPhotos(
            try Self.id(request), owner: owner, with: request.apiBody(WishPatch.self),
            expectedVersion: try request.expectedVersion(), now: clock().inWholeMilliseconds)
        try photos.release(released, owner: owner)
        return Self.answer(wish)
    }

    func delete(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try photos.removeFiles(of: try wishes.delete(try Self.id(request), owner: owner))
        return Response(status: .noContent)
    }

    func setFavorite(_ favorite: Bool, _ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return Self.answer(try wishes.setFavorite(favorite, try Self.id(request), owner: owner, now: clock().inWholeMilliseconds))
    }

    func tags(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return .api(ItemList(try wishes.tagCounts(owner: owner)))
    }

    /// Searches (the answer may come from the read cache) and remembers the query as a recent
    /// search (K2), also when the answer was kept, so searching again puts it on top; a request
    /// paging on with a cursor is not a new search.
    func search(_ request: Request, _ account: Account) throws -> Response {
        let query = try SearchQuery(parameters: request.query)
        let response = try readCache.answer(request, account) { try searchResults(query, owner: account.key) }
        if query.cursor == nil {
            recentSearchRecorder.note(query.text, owner: account.key, at: clock().inWholeMilliseconds)
        }
        return response
    }

    /// The matches of all groups, those in `groups`, or one page of `group`.
    func searchResults(_ query: SearchQuery, owner: UserKey) throws -> Response {
        switch query.group {
        case .some(let group) where [.byName, .byTag, .byText].contains(group):
            return .api(try wishes.searchPage(group, query, owner: owner))
        case .journal:
            return .api(try journal.search(query, owner: owner))
        case .spots:
            return .api(try spots.search(query, owner: owner))
        default:
            return .api(try searchAll(query, owner: owner))
        }
    }

    /// The all-groups answer: only the groups asked for are computed.
    private func searchAll(_ query: SearchQuery, owner: UserKey) throws -> WishSearchResult {
        var result = try wishes.search(query, owner: owner)
        if query.groups.contains(.journal) {
            let page = try journal.search(query, owner: owner)
            (result.journal, result.paging.journal) = (page.items, page.summary)
        }
        if query.groups.contains(.spots) {
            let page = try spots.search(query, owner: owner)
            (result.spots, result.paging.spots) = (page.items, page.summary)
        }
        if query.groups.contains(.places) {
            result.places = PlacesController.wishPlaces(places.offline.search(query.text, limit: 10))
        }
        return result
    }

    func listRecentSearches(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try recentSearchRecorder.flush(owner: owner)
        return .api(ItemList(try recentSearches.list(owner: owner)))
    }

    func deleteRecentSearch(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try recentSearchRecorder.flush(owner: owner)
        guard try recentSearches.delete(try Self.id(request), owner: owner) else { throw NotFoundError("recent search") }
        return Response(status: .noContent)
    }

    func clearRecentSearches(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        try recentSearchRecorder.flush(owner: owner)
        try recentSearches.clear(owner: owner)
        return Response(status: .noContent)
    }

    // MARK: Helpers

    /// The `{id}` of the path; a malformed id is "not found", like any id this account does not have.
    static func id(_ request: Request) throws -> UUID {
        guard let id = request.idParameter else {
            throw NotFoundError("wish")
        }
        return id
    }

    static func answer(_ wish: Wish, status: HTTPStatus = .ok) -> Response {
        .api(wish, version: wish.version, status: status)
    }
}
