import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Wishes, favorites and tags (W1, W3–W6) for the signed-in account.
struct WishesController: Sendable {
    let wishes: WishRepository
    let photos: PhotoLibrary
    let authenticator: Authenticator
    let readCache: ReadCache
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.post("/api/v1/wishes", create)
            routes.get("/api/v1/wishes", readCache.reads(list))
            routes.get("/api/v1/wishes/{id}", readCache.reads(show))
            routes.patch("/api/v1/wishes/{id}", update)
            routes.delete("/api/v1/wishes/{id}", delete)
            routes.put("/api/v1/wishes/{id}/favorite") { request, account in try setFavorite(true, request, account) }
            routes.delete("/api/v1/wishes/{id}/favorite") { request, account in try setFavorite(false, request, account) }
            routes.get("/api/v1/tags", readCache.reads(tags))
        }
    }

    func create(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let wish = try wishes.create(request.apiBody(WishDraft.self), owner: owner, now: clock().inWholeMilliseconds)
        var response = Self.answer(wish, status: .created)
        response.headers["Location"] = "/api/v1/wishes/\(wish.id.uuidString.lowercased())"
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
