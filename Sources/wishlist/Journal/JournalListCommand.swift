import Foundation
import WishlistClient
import WishlistCore

/// `wishlist journal list [--hearted] [--wish ID] [--limit N] [--all]`.
struct JournalListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list",
            abstract: "List journal entries, newest day first.",
            arguments: [heartedFlag, wishOption, limitOption, PageReader.allFlag, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let heartedFlag = Flag("--hearted", help: "Only hearted entries.")
    static let wishOption = Option(
        "--wish", "ID", help: "Only entries that mention this wish.", format: .id(.wish))
    static let limitOption = Option("--limit", "N", help: "Entries per page, 1 to 100.", format: .pageSize)

    let remote: RemoteServer
    let output: Output
    let query: JournalListQuery
    /// The wish `--wish` names, resolved when the command runs.
    let wish: ShortID?
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        if arguments.flag(Self.heartedFlag) { parameters["hearted"] = "true" }
        parameters["limit"] = try arguments.option(Self.limitOption).map(String.init)
        wish = try arguments.option(Self.wishOption)
        all = arguments.flag(PageReader.allFlag)
        query = try JournalListQuery(parameters: parameters)
    }

    func run() async throws {
        let client = try remote.client()
        var query = query
        query.mentioning = try await wish?.resolve(client)
        try await output.printPages(client, all: all) {
            try await $0.journalEntries(query.page(after: $1))
        } describe: {
            Output.lines($0, empty: "No journal entries yet.")
        }
    }
}
