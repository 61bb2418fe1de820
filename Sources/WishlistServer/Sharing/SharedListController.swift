import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// What anyone holding a shared list's link reaches, with no account (X7, X8): the list as a page and
/// as JSON, its wishes, their photos, and reservations.
///
/// A dead token — unknown, revoked, rotated away, expired — and a wish not in the share all answer
/// the same 404 `share_not_found`. When the reader is signed in as the list's owner, no
/// reservation state is read or shown, and the view is not counted. Unsafe requests here never
/// look at cookies or tokens: their only authority is the link's token (and a reservation's key),
/// so a forged cross-site request can do nothing its sender could not do with the link itself.
struct SharedListController: Sendable {
    let lists: SharedListRepository
    /// Where a friend's visit is counted, in memory: reading a list writes nothing.
    let views: ShareViewCounter
    let photos: PhotoLibrary
    let page: SharedListPage
    let authenticator: Authenticator
    let limits: RateLimiter
    let clock: @Sendable () -> Date

    /// The header a friend's reservation key travels in, never in the path (logged) or a cookie (ambient).
    static let keyHeader = "X-Reservation-Key"

    func register(in router: inout Router) {
        router.group(.anyone) { routes in
            routes.add(APIRoute.Sharing.sharedList, limits.limitedByAddress(.sharedViews, list))
            routes.add(APIRoute.Sharing.sharedWish, limits.limitedByAddress(.sharedViews, wish))
            routes.add(APIRoute.Sharing.reserve, limits.limitedByAddress(.reservations, reserve))
            routes.add(APIRoute.Sharing.cancelReservation, limits.limitedByAddress(.reservations, cancel))
            routes.add(APIRoute.Sharing.checkReservations, limits.limitedByAddress(.reservations, check))
            routes.add(APIRoute.Sharing.page, limits.limitedByAddress(.sharedViews, showPage))
            routes.add(APIRoute.Sharing.media, media)
        }
    }

    // MARK: Reading

    func list(_ request: Request) throws -> Response {
        let (share, token) = try open(request)
        let limit = try WishListQuery.limit(parameter: request.query["limit"])
        let cursor = request.query["cursor"]
        let forOwner = authenticator.reader(of: request) == share.owner
        let answer = try sharedList(share, token: token, limit: limit, cursor: cursor, forOwner: forOwner)
        // A list is opened once however many pages are read.
        if cursor == nil, !forOwner { views.count(share, at: clock()) }
        return Self.privately(Self.compressed(.api(answer)))
    }

    func wish(_ request: Request) throws -> Response {
        let (share, token) = try open(request)
        let (wish, reservation) = try lists.wish(
            try Self.wishID(request), in: share, forOwner: authenticator.reader(of: request) == share.owner)
        return Self.privately(Self.compressed(.api(try SharedWish(wish, share: share, token: token, reservation: reservation))))
    }

    /// The page a friend opens; a dead link gets the same page saying so, with a 404.
    func showPage(_ request: Request) throws -> Response {
        let language = SharedListPage.Language(request)
        let found: (OpenShare, String)
        do {
            found = try open(request)
        } catch SharingError.shareNotFound {
            return Self.privately(page.gone(language: language))
        }
        let (share, token) = found
        let forOwner = authenticator.reader(of: request) == share.owner
        let list = try sharedList(share, token: token, limit: WishListQuery.defaultLimit, cursor: nil, forOwner: forOwner)
        if !forOwner { views.count(share, at: clock()) }
        let origin = ShareLinks(publicURL: page.publicURL).origin(for: request)
        return Self.privately(
            Self.compressed(try page.render(list, token: token, viewerIsOwner: forOwner, origin: origin, language: language)))
    }

    /// A rendition of a photo of a wish in the share; any other photo, or size, is "not found".
    /// Originals and full sizes are not shared: they may carry what the renditions leave out.
    func media(_ request: Request) throws -> Response {
        let (share, _) = try open(request)
        guard let id = request.parameters["photoId"].flatMap(UUID.init(uuidString:)),
            let size = request.parameters["size"].flatMap(Photo.Size.init(rawValue:)), [.thumb, .medium, .large].contains(size),
            try lists.shows(photo: id, in: share)
        else { throw SharingError.shareNotFound }
        let file = try photos.media(id, size: size, owner: share.owner)
        var response = Response.file(
            path: file.path, contentType: file.contentType, request: request,
            cacheControl: request.query["v"] == file.version ? "private, max-age=31536000, immutable" : "private, no-cache",
            etag: "\(id.uuidString.lowercased())-\(size.rawValue)-\(file.version)")
        PhotosController.confine(&response, file, size: size)
        return Self.privately(response)
    }

    // MARK: Reservations

    func reserve(_ request: Request) throws -> Response {
        let (share, _) = try open(request)
        let key = try lists.reserve(
            try Self.wishID(request), in: share, try request.apiBody(ReservationRequest.self), now: clock())
        return Self.privately(.api(ReservationReceipt(reservationKey: key), status: .created))
    }

    func cancel(_ request: Request) throws -> Response {
        let (share, _) = try open(request)
        guard let key = request.headers[Self.keyHeader], !key.isEmpty else { throw SharingError.notYourReservation }
        try lists.cancelReservation(try Self.wishID(request), in: share, key: key)
        return Self.privately(Response(status: .noContent))
    }

    func check(_ request: Request) throws -> Response {
        let (share, _) = try open(request)
        let asked = try request.apiBody(ReservationCheck.self)
        guard asked.keys.count <= ReservationCheck.maximumKeys else {
            throw ValidationError(
                field: "keys", code: "too_many_keys", message: "Send at most \(ReservationCheck.maximumKeys) keys at once.")
        }
        return Self.privately(.api(try lists.check(asked.keys, in: share)))
    }

    // MARK: Helpers

    /// The live share of the path's token, or 404 `share_not_found`.
    private func open(_ request: Request) throws -> (OpenShare, String) {
        guard let token = request.parameters["token"], let share = try lists.open(token: token, now: clock()) else {
            throw SharingError.shareNotFound
        }
        return (share, token)
    }

    private func sharedList(_ share: OpenShare, token: String, limit: Int, cursor: String?, forOwner: Bool) throws
        -> SharedList
    {
        let found = try lists.page(share, limit: limit, cursor: cursor, forOwner: forOwner)
        return SharedList(
            title: share.title, owner: .init(username: share.ownerUsername), allowReservations: share.allowReservations,
            total: found.total,
            items: try found.wishes.map { wish in
                try SharedWish(
                    wish, share: share, token: token,
                    reservation: found.reservations.map { $0[wish.id] ?? .open })
            },
            nextCursor: found.nextCursor)
    }

    /// A wish id that is not a UUID names no wish of the share.
    private static func wishID(_ request: Request) throws -> UUID {
        guard let id = request.idParameter else { throw SharingError.shareNotFound }
        return id
    }

    /// A shared list's page and its JSON may go gzip-compressed, though they hold a secret, the link's
    /// token. BREACH guesses a secret from the compressed size of answers that also echo what the
    /// attacker sent; but here the secret is in the request's own path, so an attacker who can make a
    /// browser ask for the page knows it already, and nothing else in these answers is secret from a
    /// holder of the link (they carry no session, no CSRF token and no reservation key). The
    /// signed-in app's API is not compressed: its answers hold an account's data next to a request's
    /// text (a search's words), and a top-level navigation carries the session cookie.
    private static func compressed(_ response: Response) -> Response {
        var response = response
        response.compression = .eachTime
        return response
    }

    /// Every answer of a shared link: kept out of search engines and caches shared between people
    /// (what it shows depends on who looks), and never telling another site its address.
    static func privately(_ response: Response) -> Response {
        var response = response
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        response.headers["Referrer-Policy"] = "no-referrer"
        if response.headers["Cache-Control"] == nil { response.headers["Cache-Control"] = "private, no-store" }
        return response
    }
}
