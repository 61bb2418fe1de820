import Foundation
import WishlistCore

extension WishlistClient {
    private struct PreviewRequest: Encodable {
        let url: String
    }

    /// What the page at `url` says about itself, read by the server.
    public func linkPreview(_ url: String) async throws -> LinkPreviewResult {
        try await request(APIRoute.Links.preview, json: PreviewRequest(url: url))
    }

    /// Fetches the wish's link again; the answer carries the price history. With `addPhoto`, a wish
    /// without photos also gets the page's image.
    public func refreshLink(of id: UUID, addPhoto: Bool = false) async throws -> Wish {
        try await request(
            APIRoute.Links.refresh, Self.id(id), query: addPhoto ? [URLQueryItem(name: "addPhoto", value: "true")] : [])
    }
}
