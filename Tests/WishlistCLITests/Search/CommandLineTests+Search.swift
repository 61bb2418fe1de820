import Foundation
import Testing
import WishlistCore

extension CommandLineTests {
    @Test func searchPrintsTotalsAndPagesOneGroup() async throws {
        _ = try await cli.run(["user", "add", "frank", "--password-stdin", "--data", data], stdin: "frank's password\n")
        let application = try startServer()
        defer { try? application.stop() }
        let server = "http://127.0.0.1:\(application.port)"
        let login = try await cli.run(["login", "--server", server, "--username", "frank", "--password-stdin"], stdin: "frank's password\n")
        #expect(login.status == 0, "\(login.error)")
        for index in 1...3 {
            #expect(try await cli.run(["wish", "add", "Lamp \(index)", "--memo", "무신사 가방을 보기"]).status == 0)
        }
        #expect(try await cli.run(["wish", "add", "Coat", "--link", "https://www.musinsa.com/app/goods/7"]).status == 0)

        let all = try await cli.run(["search", "lamp", "--limit", "2"]).output
        #expect(all.contains("By name (3):") && all.contains("In the memo or the link's site (0):"), "\(all)")
        #expect(try await cli.run(["search", "musinsa"]).output.contains("In the memo or the link's site (1):\n"))

        let firstPage = try await cli.run(["search", "가방", "--group", "byText", "--limit", "2"]).output
        #expect(firstPage.hasPrefix("3 found\n") && firstPage.contains("Lamp 3") && !firstPage.contains("Lamp 1"), "\(firstPage)")
        let cursor = try #require(firstPage.firstMatch(of: /--cursor (\S+)/)?.output.1)
        let rest = try await cli.run(["search", "가방", "--group", "byText", "--limit", "2", "--cursor", String(cursor)]).output
        #expect(rest.contains("Lamp 1") && !rest.contains("Lamp 3") && !rest.contains("--cursor"), "\(rest)")

        let lines = try await cli.run(["search", "가방", "--group", "byText", "--limit", "1", "--all", "--json"]).output
            .split(separator: "\n")
        let names = try lines.map { try JSONCoding.decoder().decode(Wish.self, from: Data($0.utf8)).name }
        #expect(names == ["Lamp 3", "Lamp 2", "Lamp 1"])

        #expect(try await cli.run(["search", "lamp", "--all"]).status == 64)
        #expect(try await cli.run(["search", "lamp", "--group", "places"]).status == 64)
        #expect(try await cli.run(["search", "lamp", "--limit", "0"]).status == 64)
        let badCursor = try await cli.run(["search", "lamp", "--group", "byName", "--cursor", "nope"])
        #expect(
            badCursor.status == 64 && badCursor.error.hasPrefix("wishlist: --cursor: "), "the server refused the value: \(badCursor.error)")
    }
}
