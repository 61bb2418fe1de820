import WishlistClient
import WishlistCore

/// `wishlist wish list [--favorites] [--tag TAG] [--sort newest|oldest|name] [--limit N] [--all]`.
struct WishListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list",
            abstract: "List wishes, newest first.",
            arguments: [
                favoritesFlag, tagOption, sortOption, limitOption, PageReader.allFlag, Output.jsonFlag, RemoteServer.serverOption
            ])
    }

    static let favoritesFlag = Flag("--favorites", help: "Only starred wishes.")
    static let tagOption = Option("--tag", "TAG", help: "Only wishes with this tag.")
    static let sortOption = Option(
        "--sort", "newest|oldest|name", help: "The order: newest (default), oldest or name.",
        format: .oneOf(WishSort.allCases.map(\.rawValue)))
    static let limitOption = Option("--limit", "N", help: "Wishes per page, 1 to 100.", format: .pageSize)

    let remote: RemoteServer
    let output: Output
    let query: WishListQuery
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        if arguments.flag(Self.favoritesFlag) { parameters["favorite"] = "true" }
        parameters["tag"] = try arguments.option(Self.tagOption)
        parameters["sort"] = try arguments.option(Self.sortOption)
        parameters["limit"] = try arguments.option(Self.limitOption).map(String.init)
        all = arguments.flag(PageReader.allFlag)
        query = try WishListQuery(parameters: parameters)
    }

    func run() async throws {
        try await output.printPages(try remote.client(), all: all) {
            try await $0.wishes(query.page(after: $1))
        } describe: {
            Output.lines($0, empty: "No wishes yet.")
        }
    }
}
