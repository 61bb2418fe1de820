import WishlistClient
import WishlistCore

/// `wishlist wish list [--favorites] [--tag TAG] [--sort newest|oldest|name] [--limit N] [--all]`.
struct WishListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list",
            abstract: "List wishes, newest first.",
            usage: "[--favorites] [--tag TAG] [--sort newest|oldest|name] [--limit N] [--all] [--json]",
            options: [
                ("--favorites", "Only starred wishes."), ("--tag TAG", "Only wishes with this tag."),
                ("--sort ORDER", "newest (default), oldest or name."), ("--limit N", "Wishes per page, 1 to 100."),
                ("--all", "Every page, not only the first."), Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    let query: WishListQuery
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        if arguments.flag("--favorites") { parameters["favorite"] = "true" }
        parameters["tag"] = try arguments.option("--tag")
        parameters["sort"] = try arguments.option("--sort")
        parameters["limit"] = try arguments.option("--limit")
        all = arguments.flag("--all")
        query = try WishListQuery(parameters: parameters)
    }

    func run() async throws {
        let client = try remote.client()
        let (wishes, more) = try await PageReader.read(all: all) { cursor in
            var page = query
            page.cursor = cursor
            return try await client.wishes(page)
        }
        try output.print(wishes) { wishes in
            Output.lines(wishes, empty: "No wishes yet.") + (more ? PageReader.moreHint : "")
        }
    }
}
