import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// The K-culture spots (K8): works and artists by category, spot lists and search, "near me",
/// the map, and saving a spot as the account's wish. The same spots for everyone; `wishId` and the
/// wishes are the asking account's own.
struct SpotsController: Sendable {
    let spots: SpotRepository
    let authenticator: Authenticator
    let readCache: ReadCache
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Spots.titles, readCache.reads(titles))
            routes.add(APIRoute.Spots.near, readCache.reads(near))
            routes.add(APIRoute.Spots.markers, readCache.reads(markers))
            routes.add(APIRoute.Spots.list, readCache.reads(list))
            routes.add(APIRoute.Spots.show, get)
            routes.add(APIRoute.Spots.wish, wish)
        }
    }

    func titles(_ request: Request, _ account: Account) throws -> Response {
        let query = try SpotQuery(parameters: request.query)
        guard query.title == nil, query.placeType == nil else {
            throw ValidationError(
                field: query.title == nil ? "placeType" : "title", code: "unknown_parameter",
                message: "Titles are filtered by type and q only.")
        }
        return .api(
            SpotTitlesAnswer(
                page: try spots.titles(query, owner: account.key), counts: try spots.titleCounts(matching: query.text)))
    }

    func list(_ request: Request, _ account: Account) throws -> Response {
        .api(try spots.list(SpotQuery(parameters: request.query), owner: account.key))
    }

    func get(_ request: Request, _ account: Account) throws -> Response {
        guard let id = request.idParameter else { throw NotFoundError("spot") }
        return .api(try spots.get(id, owner: account.key))
    }

    func near(_ request: Request, _ account: Account) throws -> Response {
        .api(try spots.near(NearQuery(parameters: request.query), owner: account.key))
    }

    func markers(_ request: Request, _ account: Account) throws -> Response {
        let box = try BoundingBox(parameter: request.query["bbox"])
        let zoom = try MapMarkers.zoom(parameter: request.query["zoom"], box: box)
        return .api(try spots.markers(in: box, zoom: zoom))
    }

    /// 201 with the wish made now, or 200 with the one the account already made from the spot.
    func wish(_ request: Request, _ account: Account) throws -> Response {
        guard let id = request.idParameter else { throw NotFoundError("spot") }
        let (wish, created) = try spots.wish(fromSpot: id, owner: account.key, now: clock().inWholeMilliseconds)
        return .api(wish, status: created ? .created : .ok)
    }
}
