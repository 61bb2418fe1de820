import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Wishes, favorites and tags (W1, W3–W6) for the signed-in account.
struct WishesController: PhotoRecordController {
    let wishes: WishRepository
    let photos: PhotoLibrary
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
        }
    }

    /// Creating, showing, updating and deleting a wish, as every record with photos.
    var records: PhotoRecordHandlers<WishRepository> {
        PhotoRecordHandlers(records: \.wishes, photos: photos, clock: clock, showRoute: APIRoute.Wishes.show)
    }

    func list(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return .api(try wishes.list(WishListQuery(parameters: request.query), owner: owner))
    }

    func setFavorite(_ favorite: Bool, _ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return records.answer(
            try wishes.setFavorite(favorite, try records.id(request), owner: owner, now: clock().inWholeMilliseconds))
    }

    func tags(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return .api(ItemList(try wishes.tagCounts(owner: owner)))
    }
}
