import Foundation
import Giphy
import Testing
import WishlistCore

@testable import WishlistServer

/// The web app checks its forms by the server's own limits (`Limits`, WishlistCore), which the
/// page carries in `<meta name="wishlist-limits">`.
@Suite struct PublishedLimitsTests {
    @Test func thePageCarriesTheServersLimits() async throws {
        let server = try TestServer()
        let page = String(decoding: try await server.client().send(APIRoute.Server.page).body, as: UTF8.self)
        let content = try #require(page.firstMatch(of: /<meta name="wishlist-limits" content="([^"]*)">/)?.output.1)
        let json = content.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        #expect(try JSONDecoder().decode(Limits.self, from: Data(json.utf8)) == Limits.standard)
    }

    @Test func aGifSearchIsAsLongAsGiphyTakes() {
        #expect(Limits.standard.gifQuery == GiphyClient.maximumQueryLength)
    }

}
