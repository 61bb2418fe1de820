import WishlistClient
import WishlistCore

/// `wishlist wish add NAME [--memo TEXT] [--link URL] [--tag TAG]… [--favorite]`.
struct WishAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add a wish.",
            usage: "NAME [--memo TEXT] [--link URL] [--tag TAG]... [--favorite] [--json]",
            options: [
                ("--memo TEXT", "A note."), ("--link URL", "An http(s) address."),
                ("--tag TAG", "A tag; repeat for more."), ("--favorite", "Star it."),
                Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    let draft: WishDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        let memo = try arguments.option("--memo")
        let link = try arguments.option("--link")
        let tags = try arguments.options("--tag")
        let favorite = arguments.flag("--favorite")
        draft = WishDraft(
            name: try arguments.positional("the wish's NAME"), memo: memo, link: link, tags: tags, favorite: favorite)
    }

    func run() async throws {
        try output.print(try await remote.client().createWish(draft)) { "Added \(Output.line($0))" }
    }
}
