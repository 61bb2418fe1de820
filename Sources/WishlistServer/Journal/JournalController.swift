import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// The journal (D1–D4) of the signed-in account: entries with their photos, hearts, the
/// entries that mention a wish, and the journal's layer of the map and near me (K3, K4). Search
/// joins `GET /api/v1/search` in `WishesController`.
struct JournalController: Sendable {
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

    func create(_ request: Request, _ account: Account) throws -> Response {
        let entry = try journal.create(
            request.apiBody(JournalDraft.self), owner: account.key, now: clock().inWholeMilliseconds)
        var response = Response.api(entry, version: entry.version, status: .created)
        response.headers["Location"] = try APIRoute.Journal.show.path(["id": entry.id.uuidString.lowercased()])
        return response
    }

    func list(_ request: Request, _ account: Account) throws -> Response {
        .api(try journal.list(JournalListQuery(parameters: request.query), owner: account.key))
    }

    func show(_ request: Request, _ account: Account) throws -> Response {
        guard let entry = try journal.get(try Self.id(request), owner: account.key) else {
            throw NotFoundError("journal entry")
        }
        return .api(entry, version: entry.version)
    }

    func update(_ request: Request, _ account: Account) throws -> Response {
        let (entry, released) = try journal.updateReleasingPhotos(
            try Self.id(request), owner: account.key, with: request.apiBody(JournalPatch.self),
            expectedVersion: try request.expectedVersion(), now: clock().inWholeMilliseconds)
        try photos.release(released, owner: account.key)
        return .api(entry, version: entry.version)
    }

    func delete(_ request: Request, _ account: Account) throws -> Response {
        try photos.removeFiles(of: try journal.delete(try Self.id(request), owner: account.key))
        return Response(status: .noContent)
    }

    func setHearted(_ hearted: Bool, _ request: Request, _ account: Account) throws -> Response {
        let entry = try journal.setHearted(
            hearted, try Self.id(request), owner: account.key, now: clock().inWholeMilliseconds)
        return .api(entry, version: entry.version)
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

    /// The `{id}` of the path; a malformed id is "not found", like any id this account does not have.
    private static func id(_ request: Request) throws -> UUID {
        guard let id = request.idParameter else { throw NotFoundError("journal entry") }
        return id
    }
}
