import Foundation
import WishlistClient
import WishlistCore

/// `wishlist journal list [--hearted] [--wish ID] [--limit N] [--all]`.
struct JournalListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list",
            abstract: "List journal entries, newest day first.",
            usage: "[--hearted] [--wish ID] [--limit N] [--all] [--json]",
            options: [
                ("--hearted", "Only hearted entries."), ("--wish ID", "Only entries that mention this wish."),
                ("--limit N", "Entries per page, 1 to 100."), ("--all", "Every page, not only the first."),
                Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    let query: JournalListQuery
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        if arguments.flag("--hearted") { parameters["hearted"] = "true" }
        parameters["limit"] = try arguments.option("--limit")
        let wish = try arguments.option("--wish").map { text in
            guard let id = UUID(uuidString: text) else { throw UsageError("'\(text)' is not a wish id.") }
            return id
        }
        all = arguments.flag("--all")
        query = try JournalListQuery(parameters: parameters, mentioning: wish)
    }

    func run() async throws {
        let client = try remote.client()
        let (entries, more) = try await PageReader.read(all: all) { cursor in
            var page = query
            page.cursor = cursor
            return try await client.journalEntries(page)
        }
        try output.print(entries) { entries in
            Output.lines(entries, empty: "No journal entries yet.") + (more ? PageReader.moreHint : "")
        }
    }
}
