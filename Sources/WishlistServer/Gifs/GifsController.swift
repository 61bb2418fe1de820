import Foundation
import Giphy
import HTTPServer
import WishlistCore
import WishlistStore

/// GIF search and trending on Giphy, GIF favorites, and wishes made from GIFs (G1–G10).
struct GifsController: Sendable {
    let gifs: GifService
    let authenticator: Authenticator
    let limits: RateLimiter
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(
                APIRoute.Gifs.search,
                limits.limited(.gifSearches) { request, _ in
                    .api(try gifs.search(request.query["q"] ?? "", offset: try Self.offset(request), language: request.preferredLanguage))
                })
            routes.add(
                APIRoute.Gifs.trending,
                limits.limited(.gifSearches) { request, _ in
                    .api(try gifs.trending(offset: try Self.offset(request)))
                })
            routes.add(APIRoute.Gifs.favorites) { _, account in .api(ItemList(try gifs.favorites.list(owner: account.key))) }
            // The body, if any, is not read: what is kept of the GIF comes from Giphy.
            routes.add(APIRoute.Gifs.favorite) { request, account in
                .api(try gifs.favorite(Self.gifID(request), owner: account.key, now: clock().inWholeMilliseconds))
            }
            routes.add(APIRoute.Gifs.unfavorite) { request, account in
                // Removing a favorite that is not there is done; an id Giphy could never have is not found, as for PUT.
                guard GiphyClient.isPossibleID(Self.gifID(request)) else { throw GifError(.invalidID(Self.gifID(request))) }
                try gifs.favorites.remove(Self.gifID(request), owner: account.key)
                return Response(status: .noContent)
            }
            routes.add(APIRoute.Gifs.wish) { request, account in
                let wish = try gifs.saveAsWish(Self.gifID(request), owner: account.key, now: clock().inWholeMilliseconds)
                var response = Response.api(wish, status: .created)
                response.headers["Location"] = try APIRoute.Wishes.show.path(["id": wish.id.uuidString.lowercased()])
                return response
            }
        }
    }

    private static func gifID(_ request: Request) -> String {
        request.parameters["gifId"] ?? ""
    }

    /// `offset`, 0 when absent; its upper bound is Giphy's, checked by the Giphy client.
    private static func offset(_ request: Request) throws -> Int {
        guard let text = request.query["offset"] else { return 0 }
        guard let offset = Int(text) else {
            throw ValidationError(field: "offset", code: "invalid_offset", message: "The offset must be a whole number.")
        }
        return offset
    }
}
