import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Link previews, a preview's image as a photo, and refreshing a wish's price from its link (X4, X10).
struct LinksController: Sendable {
    let links: Links
    let authenticator: Authenticator
    let limits: RateLimiter

    struct PreviewRequest: Decodable {
        let url: String
    }

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Links.preview, limits.limited(.linkPreviews, preview))
            routes.add(APIRoute.Links.previewPhoto, limits.limited(.linkPreviews, photo))
            routes.add(APIRoute.Links.refresh, limits.limited(.linkPreviews, refresh))
        }
    }

    func preview(_ request: Request, _ account: Account) throws -> Response {
        .api(LinkPreviewResult(try links.preview(try request.apiBody(PreviewRequest.self).url)))
    }

    /// A preview's image kept as a photo on no record yet, for an editor to put on what it saves.
    func photo(_ request: Request, _ account: Account) throws -> Response {
        .api(try links.photo(at: try request.apiBody(PreviewRequest.self).url, owner: account.key), status: .created)
    }

    func refresh(_ request: Request, _ account: Account) throws -> Response {
        guard let id = request.idParameter else { throw NotFoundError("wish") }
        let addPhoto = try BooleanParameter.value(request.query["addPhoto"], field: "addPhoto") ?? false
        return .api(try links.refresh(id, owner: account.key, addPhoto: addPhoto))
    }
}
