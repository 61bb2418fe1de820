import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// The journal (D1–D4) of the signed-in account: entries with their photos, hearts, the
/// entries that mention a wish, and the journal's layer of the map and near me (K3, K4). Search
/// is `GET /api/v1/search`, in `SearchController`.
struct JournalController: PhotoRecordController {
    let journal: JournalRepository
    let photos: PhotoLibrary
    let authenticator: Authenticator
    let readCache: ReadCache
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Journal.create, create)
            routes.add(APIRoute.Journal.list, readCache.reads(list))
            routes.add(APIRoute.Journal.markers, readCache.reads(markers))
            routes.add(APIRoute.Journal.near, readCache.reads(near))
            routes.add(APIRoute.Journal.show, show)
            routes.add(APIRoute.Journal.update, update)
            routes.add(APIRoute.Journal.delete, delete)
            routes.add(APIRoute.Journal.heart) { request, account in try setHearted(true, request, account) }
            routes.add(APIRoute.Journal.unheart) { request, account in try setHearted(false, request, account) }
            routes.add(APIRoute.Journal.mentioning, mentioning)
        }
    }

    /// Creating, showing, updating and deleting an entry, as every record with photos.
    var records: PhotoRecordHandlers<JournalRepository> {
        PhotoRecordHandlers(records: \.journal, photos: photos, clock: clock, showRoute: APIRoute.Journal.show)
    }

    func list(_ request: Request, _ account: Account) throws -> Response {
        .api(try journal.list(JournalListQuery(parameters: request.query), owner: account.key))
    }

    func setHearted(_ hearted: Bool, _ request: Request, _ account: Account) throws -> Response {
        records.answer(
            try journal.setHearted(hearted, try records.id(request), owner: account.key, now: clock().inWholeMilliseconds))
    }

    /// The entries that mention one of the account's wishes, paged like the journal.
    func mentioning(_ request: Request, _ account: Account) throws -> Response {
        guard let wish = request.idParameter else { throw NotFoundError("wish") }
        return .api(try journal.list(JournalListQuery(parameters: request.query, mentioning: wish), owner: account.key))
    }

    /// The entries in a box of the map, as `GET /api/v1/map/markers` answers for wishes: the web
    /// app asks for the layers it shows, each marker of this answer being an entry.
    func markers(_ request: Request, _ account: Account) throws -> Response {
        let box = try BoundingBox(parameter: request.query["bbox"])
        let zoom = try MapMarkers.zoom(parameter: request.query["zoom"], box: box)
        return .api(try journal.markers(in: box, zoom: zoom, owner: account.key))
    }

    func near(_ request: Request, _ account: Account) throws -> Response {
        .api(try journal.near(NearQuery(parameters: request.query), owner: account.key))
    }
}
