import WishlistClient
import WishlistCore

/// `wishlist wish add NAME [--memo TEXT] [--link URL] [--tag TAG]… [--favorite]`.
struct WishAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add a wish.",
            arguments: [
                nameArgument, memoOption, linkOption, tagOption, favoriteFlag, Output.jsonFlag, RemoteServer.serverOption,
            ])
    }

    static let nameArgument = Positional("NAME", help: "What you wish for.")
    static let memoOption = Option("--memo", "TEXT", help: "A note.")
    static let linkOption = Option("--link", "URL", help: "An http(s) address.")
    static let tagOption = Option("--tag", "TAG", help: "A tag; repeat for more.", repeatable: true)
    static let favoriteFlag = Flag("--favorite", help: "Star it.")

    let remote: RemoteServer
    let output: Output
    let draft: WishDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        draft = WishDraft(
            name: try arguments.positional(Self.nameArgument), memo: try arguments.option(Self.memoOption),
            link: try arguments.option(Self.linkOption), tags: try arguments.options(Self.tagOption),
            favorite: arguments.flag(Self.favoriteFlag))
    }

    func run() async throws {
        try output.print(try await remote.client().createWish(draft)) { "Added \(Output.line($0))" }
    }
}
