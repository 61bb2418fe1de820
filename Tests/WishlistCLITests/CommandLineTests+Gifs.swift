import Foundation
import OutboundTesting
import Testing
import WishlistClient
import WishlistCore

extension CommandLineTests {
    @Test func gifsSearchTrendingAndFavorites() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        _ = try cli.run(["user", "add", "erin", "--password-stdin", "--data", data], stdin: "erin's password\n")
        let application = try startServer { settings in
            settings.giphyKey = GiphyStandIn.key
            settings.giphyURL = giphy.baseURL
            settings.allowPrivateAddresses = true
        }
        defer { try? application.stop() }
        let server = "http://127.0.0.1:\(application.port)"
        _ = try cli.run(["login", "--server", server, "--username", "erin", "--password-stdin"], stdin: "erin's password\n")

        let search = try cli.run(["gifs", "search", "cat", "--offset", "24"])
        #expect(search.status == 0, "\(search.error)")
        let lines = search.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "gif24 (untitled) [g] https://giphy.com/gifs/cat-gif24", "\(search.output)")
        #expect(lines.contains("gif26 Cat 26 GIF https://giphy.com/gifs/cat-gif26"))
        #expect(lines.last == "More: --offset 48")
        #expect(giphy.apiRequests.last?.query["offset"] == "24")
        let last = try cli.run(["gifs", "trending", "--offset", "480"])
        #expect(last.output.hasSuffix("Giphy shows no results past this page.\n"), "\(last.output)")

        // --json: one GIF a line on stdout, the paging note on stderr.
        let json = try cli.run(["gifs", "trending", "--json"])
        let gifs = try json.output.split(separator: "\n").map { try JSONCoding.decoder().decode(Gif.self, from: Data($0.utf8)) }
        #expect(gifs.count == 23, "gif12 has only mp4 renditions")
        #expect(json.error == "More: --offset 24\n")

        #expect(try cli.run(["gifs", "favorites"]).output.contains("No favorite GIFs yet"))
        let client = WishlistClient(baseURL: URL(string: server)!)
        try await client.signIn(username: "erin", password: "erin's password")
        _ = try await client.favoriteGif(gifs[1])
        let favorites = try cli.run(["gifs", "favorites"]).output.split(separator: " ").joined(separator: " ")
        #expect(favorites == "gif1 Cat 1 GIF [g] https://giphy.com/gifs/cat-gif1\n")

        let tooLong = try cli.run(["gifs", "search", String(repeating: "a", count: 51)])
        #expect(tooLong.status == 1)
        #expect(tooLong.error.contains("at most 50 characters"))
        let negative = try cli.run(["gifs", "trending", "--offset", "-1"])
        #expect(negative.status == 64, "a usage error before any request")
    }
}
