import Foundation
import TestSupport
import Testing
import WishlistCore

extension CommandLineTests {
    @Test func gifsSearchTrendingAndFavorites() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        // A server process of its own: its Giphy calls must not wait for this test process's task pool,
        // which the commands run here block while they wait.
        let server = try await ServerProcess(
            home: home, options: ["--giphy-key", GiphyStandIn.key, "--giphy-url", giphy.baseURL.absoluteString, "--allow-private-addresses"]
        )
        defer { server.stop() }
        _ = try await cli.run(
            [
                "login", "--server", server.client.baseURL.absoluteString, "--username", ServerProcess.username,
                "--password-stdin"
            ], stdin: "\(ServerProcess.password)\n")

        let search = try await cli.run(["gifs", "search", "cat", "--offset", "24"])
        #expect(search.status == 0, "\(search.error)")
        let lines = search.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "gif24 (untitled) [g] https://giphy.com/gifs/cat-gif24", "\(search.output)")
        #expect(lines.contains("gif26 Cat 26 GIF https://giphy.com/gifs/cat-gif26"))
        #expect(lines.last == "More: --offset 48")
        #expect(giphy.apiRequests.last?.query["offset"] == "24")
        let last = try await cli.run(["gifs", "trending", "--offset", "480"])
        #expect(last.output.hasSuffix("Giphy shows no results past this page.\n"), "\(last.output)")

        // --json: one GIF a line on stdout, the paging note on stderr.
        let json = try await cli.run(["gifs", "trending", "--json"])
        let gifs = try json.output.split(separator: "\n").map { try JSONCoding.decoder().decode(Gif.self, from: Data($0.utf8)) }
        #expect(gifs.count == 23, "gif12 has only mp4 renditions")
        #expect(json.error == "More: --offset 24\n")

        #expect(try await cli.run(["gifs", "favorites"]).output.contains("No favorite GIFs yet"))
        _ = try await server.client.favoriteGif(gifs[1])
        let favorites = try await cli.run(["gifs", "favorites"]).output.split(separator: " ").joined(separator: " ")
        #expect(favorites == "gif1 Cat 1 GIF [g] https://giphy.com/gifs/cat-gif1\n")

        let tooLong = try await cli.run(["gifs", "search", String(repeating: "a", count: 51)])
        #expect(tooLong.status == 1)
        #expect(tooLong.error.contains("at most 50 characters"))
        let negative = try await cli.run(["gifs", "trending", "--offset", "-1"])
        #expect(negative.status == 64, "a usage error before any request")
    }
}
