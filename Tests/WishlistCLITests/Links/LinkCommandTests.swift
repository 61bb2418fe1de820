import Foundation
import TestSupport
import Testing
import WishlistCore

/// `wishlist link preview` and `wishlist wish add --link` against a real server process (its link
/// previews run on its own task pool) that may reach a shop page on loopback.
@Suite final class LinkCommandTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-link-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    @Test func aLinkFillsTheWishFromItsPage() async throws {
        let photo = try Data(contentsOf: TestData.photo("gps/DSCN0010.jpg"))
        let shop = try LoopbackHTTPServer { request in
            request.path == "/lamp.jpg"
                ? .answer(status: 200, headers: ["Content-Type": "image/jpeg"], body: Array(photo))
                : .html(
                    #"<html><head><title>Brass lamp</title><meta property="og:image" content="/lamp.jpg"><meta property="product:price:amount" content="49.90"><meta property="product:price:currency" content="EUR"></head></html>"#
                )
        }
        defer { shop.stop() }
        let server = try await ServerProcess(home: home, options: ["--allow-private-addresses"])
        defer { server.stop() }
        let cli = CommandRunner(home: home)
        let login = try await cli.run(
            [
                "login", "--server", server.client.baseURL.absoluteString, "--username", ServerProcess.username,
                "--password-stdin"
            ], stdin: "\(ServerProcess.password)\n")
        #expect(login.status == 0, "\(login.error)")
        let link = shop.url("/p/lamp").absoluteString

        let preview = try await cli.run(["link", "preview", link])
        #expect(preview.status == 0, "\(preview.error)")
        #expect(preview.output.contains("Brass lamp") && preview.output.contains("price:   49.9 EUR"), "\(preview.output)")

        let added = try await cli.run(["wish", "add", "--link", link, "--tag", "home", "--json"])
        #expect(added.status == 0, "\(added.error)")
        let wish = try JSONCoding.decoder().decode(Wish.self, from: Data(added.output.utf8))
        #expect(wish.name == "Brass lamp" && wish.tags == ["home"] && wish.link == link)
        #expect(wish.photos.count == 1)
        #expect(wish.price?.amount == Decimal(string: "49.9") && wish.price?.currency == "EUR")

        let named = try await cli.run(["wish", "add", "My lamp", "--link", link, "--json"])
        #expect(try JSONCoding.decoder().decode(Wish.self, from: Data(named.output.utf8)).name == "My lamp")
    }
}
