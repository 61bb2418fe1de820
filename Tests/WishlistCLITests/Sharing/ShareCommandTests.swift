import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl

/// `wishlist share create|list|rotate|revoke` against a real server process (X7).
@Suite final class ShareCommandTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-share-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    @Test func createListRotateAndRevokeALink() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let cli = CommandRunner(home: home)
        let login = try await cli.run(
            ["login", "--server", server.client.baseURL.absoluteString, "--username", ServerProcess.username, "--password-stdin"],
            stdin: "\(ServerProcess.password)\n")
        #expect(login.status == 0, "\(login.error)")
        _ = try await cli.run(["wish", "add", "Kite", "--tag", "birthday"])
        _ = try await cli.run(["wish", "add", "Sofa"])

        let created = try await cli.run([
            "share", "create", "--tag", "birthday", "--show-places", "--hide-prices", "--no-reservations",
            "--expires", "2099-12-25", "--json"
        ])
        #expect(created.status == 0, "\(created.error)")
        let share = try JSONCoding.decoder().decode(Share.self, from: Data(created.output.utf8))
        #expect(share.title == "birthday" && share.tag == "birthday")
        #expect(share.showPlaces && !share.showPrices && share.showMemos && !share.allowReservations)
        #expect(share.expiresAt.map { $0 > Date(iso8601String: "2099-12-25T00:00:00Z")! } == true)
        #expect(try await WishlistClient.sharedList(at: URL(string: share.url)!, transport: CurlTransport()).items.map(\.name) == ["Kite"])

        let listed = try await cli.run(["share", "list"])
        #expect(listed.status == 0 && listed.output.contains(share.url) && listed.output.contains("#birthday"), "\(listed.output)")

        let shortID = String(share.id.uuidString.lowercased().prefix(8))
        let rotated = try await cli.run(["share", "rotate", shortID])
        #expect(rotated.status == 0, "\(rotated.error)")
        let newURL = try #require(rotated.output.split(separator: "\n").first.map(String.init))
        #expect(newURL != share.url && newURL.contains("/s/"))
        await #expect(throws: WishlistClientError.self) {
            _ = try await WishlistClient.sharedList(at: URL(string: share.url)!, transport: CurlTransport())
        }

        let revoked = try await cli.run(["share", "revoke", shortID])
        #expect(revoked.status == 0, "\(revoked.error)")
        await #expect(throws: WishlistClientError.self) {
            _ = try await WishlistClient.sharedList(at: URL(string: newURL)!, transport: CurlTransport())
        }
        #expect(try await cli.run(["share", "revoke", shortID]).status == 1, "no such share any more")
        #expect(try await cli.run(["share", "create", "--expires", "someday"]).status == 64)
    }
}
