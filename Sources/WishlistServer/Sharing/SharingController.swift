import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// The owner's shares (X7, X8): make a link to the list or a tag, list, read, change, rotate and
/// revoke them. Nothing here says anything about reservations. Every `Share` answered is read
/// through `views`, which adds the views counted but not yet written.
struct SharingController: Sendable {
    let shares: ShareRepository
    let views: ShareViewCounter
    let links: ShareLinks
    let authenticator: Authenticator
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Sharing.create) { request, account in
                let share = try shares.create(
                    try request.apiBody(ShareDraft.self), owner: account.key, linkPrefix: links.prefix(for: request),
                    now: clock().inWholeMilliseconds)
                return .api(share, status: .created)
            }
            routes.add(APIRoute.Sharing.list) { request, account in
                .api(ItemList(try views.sharesWithViews { try shares.list(owner: account.key, linkPrefix: links.prefix(for: request)) }))
            }
            routes.add(APIRoute.Sharing.show) { request, account in
                .api(
                    try views.shareWithViews {
                        try shares.show(try Self.id(request), owner: account.key, linkPrefix: links.prefix(for: request))
                    })
            }
            routes.add(APIRoute.Sharing.update) { request, account in
                let patch = try request.apiBody(SharePatch.self)
                return .api(
                    try views.shareWithViews {
                        try shares.update(try Self.id(request), patch, owner: account.key, linkPrefix: links.prefix(for: request))
                    })
            }
            routes.add(APIRoute.Sharing.revoke) { request, account in
                try shares.revoke(try Self.id(request), owner: account.key)
                return Response(status: .noContent)
            }
            routes.add(APIRoute.Sharing.rotate) { request, account in
                .api(
                    try views.shareWithViews {
                        try shares.rotate(try Self.id(request), owner: account.key, linkPrefix: links.prefix(for: request))
                    })
            }
        }
    }

    /// The `{id}` of the path; a malformed id is "not found", like any id this account does not have.
    private static func id(_ request: Request) throws -> UUID {
        guard let id = request.idParameter else { throw NotFoundError("share") }
        return id
    }
}
