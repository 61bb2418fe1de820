import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Sharing into the app (W7): the Web Share Target's POST, and GET for bookmarklets and
/// shortcuts, each making a wish and sending the browser to it.
///
/// These routes are open to anyone because a signed-out share must not be lost: a POST is kept
/// in the database (`PendingShareRepository`, so any server of it finds it) under a cookie, the
/// person signs in, and the web app then opens `/share/continue`, which makes the wish. Signed
/// in, nothing waits.
///
/// A GET makes a wish only for an API token (a shortcut): any page can send a browser to a GET
/// with its cookie, so a bookmarklet's GET opens the web app's share screen (`#/share?…`),
/// which shows the preview and makes the wish with a same-site POST when the person agrees.
///
/// A share costs what an upload and a link preview cost, so it counts against the same caps: per
/// account when a signed-in share is made, per address when a signed-out one is kept to wait (it
/// is not counted again when it is made after sign-in, so a share that waited is never refused).
struct ShareController: Sendable {
    static let pendingCookie = "wishlist_share"
    /// Readable by the web app (it holds no secret): tells it to open `/share/continue` after sign-in.
    static let pendingFlagCookie = "wishlist_share_pending"
    static let maximumFiles = WishRules.photoLimit
    static let maximumRequestBytes = 100 << 20

    let links: Links
    let wishes: WishRepository
    let authenticator: Authenticator
    let pending: PendingShareRepository
    let limits: RateLimiter
    /// Where the web app's files are (`/static/<version>`): the server's own pages use its styles,
    /// as files, since pages may run no inline style.
    let assetBase: String

    func register(in router: inout Router) {
        router.group(.anyone) { routes in
            routes.add(APIRoute.Links.share, bodyLimit: Self.maximumRequestBytes) { request, _ in try share(request) }
            routes.add(APIRoute.Links.shareByLink) { request, _ in try shareByLink(request) }
            routes.add(APIRoute.Links.continueSharing) { request, _ in try resume(request) }
        }
    }

    func share(_ request: Request) throws -> Response {
        let shared = try SharedItem(request, maximumFiles: Self.maximumFiles)
        guard !shared.isEmpty else { return nothingShared }
        guard let account = try authenticator.sharingAccount(for: request) else {
            try limits.take(.uploads, address: request)
            let token = try pending.keep(shared.pending, now: links.clock())
            let seconds = Int(PendingShareRepository.lifetime)
            var response = Self.redirect(to: "/")
            response.headers.add("Set-Cookie", "\(Self.pendingCookie)=\(token); Path=/share; HttpOnly; SameSite=Lax; Max-Age=\(seconds)")
            response.headers.add("Set-Cookie", "\(Self.pendingFlagCookie)=1; Path=/; SameSite=Lax; Max-Age=\(seconds)")
            return response
        }
        if shared.link != nil { try limits.take(.linkPreviews, account: account) }
        if !shared.files.isEmpty { try limits.take(.uploads, account: account, amount: shared.files.count) }
        return Self.redirect(to: try made(shared, account))
    }

    /// A bookmarklet's or shortcut's GET: made at once with an API token, else confirmed in the web app.
    func shareByLink(_ request: Request) throws -> Response {
        guard request.headers["Authorization"] == nil else { return try share(request) }
        let shared = try SharedItem(request, maximumFiles: 0)
        guard !shared.isEmpty else { return nothingShared }
        var query = URLComponents()
        query.queryItems = [("url", shared.link), ("title", shared.title), ("text", shared.text)]
            .compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        // `+` and `&` must survive inside a value: the web app reads the query with URLSearchParams.
        let encoded = query.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B") ?? ""
        return Self.redirect(to: "/#/share?\(encoded)")
    }

    /// After sign-in: makes the wish that waited, or goes home when there is none (any more).
    func resume(_ request: Request) throws -> Response {
        guard let account = try authenticator.sharingAccount(for: request) else { return Self.redirect(to: "/") }
        let shared = try request.cookies[Self.pendingCookie].flatMap { try pending.take($0, now: links.clock()) }.map(SharedItem.init)
        var response = Self.redirect(to: try shared.map { try made($0, account) } ?? "/")
        response.headers.add("Set-Cookie", "\(Self.pendingCookie)=; Path=/share; HttpOnly; SameSite=Lax; Max-Age=0")
        response.headers.add("Set-Cookie", "\(Self.pendingFlagCookie)=; Path=/; SameSite=Lax; Max-Age=0")
        return response
    }

    /// The web app's address of the wish made from `shared`.
    private func made(_ shared: SharedItem, _ account: Account) throws -> String {
        "/#/wishes/\(try links.wish(from: shared, owner: account.key).id.uuidString.lowercased())"
    }

    private var nothingShared: Response {
        page(status: .badRequest, title: "Nothing to share", text: "Share a link or a photo to make a wish of it.")
    }

    private static func redirect(to location: String) -> Response {
        var headers = HTTPHeaders()
        headers["Location"] = location
        headers["Cache-Control"] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// A small page for a person, not a program: shares arrive as browser navigations.
    private func page(status: HTTPStatus, title: String, text: String) -> Response {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "text/html; charset=utf-8"
        let html = """
            <!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <link rel="stylesheet" href="\(assetBase)/css/app.css">
            <title>\(title) · Wishlist</title><body><main class="plain-page">
            <h1>\(title)</h1><p>\(text)</p><p><a href="/">Open Wishlist</a></p></main></body></html>
            """
        return Response(status: status, headers: headers, body: .data(Data(html.utf8)))
    }
}
