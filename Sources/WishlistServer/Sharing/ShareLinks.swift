import HTTPServer
import WishlistCore

/// Where a shared list's link points: `<public url>/s/<token>`, or, without `--public-url`, the
/// address the request was sent to (as the bookmarklet's links are made in the page).
struct ShareLinks: Sendable {
    let publicURL: PublicURL?

    /// The origin people reach this server at, as seen from `request`.
    func origin(for request: Request) -> String {
        if let publicURL { return publicURL.origin }
        return "http://" + (request.headers["Host"] ?? "localhost")
    }

    /// What a token follows in a share's url, e.g. `https://wishes.example.org/s/`.
    func prefix(for request: Request) -> String {
        origin(for: request) + Self.pagePrefix
    }

    /// `/s/`: the page route's path up to its token.
    static let pagePrefix = String(
        APIRoute.Sharing.page.template.prefix(upTo: APIRoute.Sharing.page.template.firstIndex(of: "{")!))

    /// `/api/v1/shared/`: the friend's API routes up to their token.
    static let apiPrefix = String(
        APIRoute.Sharing.sharedList.template.prefix(upTo: APIRoute.Sharing.sharedList.template.firstIndex(of: "{")!))
}
