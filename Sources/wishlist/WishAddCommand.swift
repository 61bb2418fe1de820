import WishlistClient
import WishlistCore

/// `wishlist wish add NAME [--memo TEXT] [--link URL] [--tag TAG]… [--photo FILE]… [--place NAME] [--favorite]`.
struct WishAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add a wish.",
            arguments: [nameArgument] + WishFields.arguments + [
                tagOption, favoriteFlag, Output.jsonFlag, RemoteServer.serverOption,
            ])
    }

    static let nameArgument = Positional("NAME", help: "What you wish for.")
    static let tagOption = Option("--tag", "TAG", help: "A tag; repeat for more.", repeatable: true)
    static let favoriteFlag = Flag("--favorite", help: "Star it.")

    let remote: RemoteServer
    let output: Output
    let fields: WishFields
    let draft: WishDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        fields = try WishFields(&arguments)
        draft = WishDraft(
            name: try arguments.positional(Self.nameArgument), memo: fields.memo, link: fields.link,
            tags: try arguments.options(Self.tagOption), favorite: arguments.flag(Self.favoriteFlag))
    }

    func run() async throws {
        let client = try remote.client()
        var draft = draft
        draft.place = try await fields.place(client, output: output)
        draft.photoIDs = try await fields.uploadPhotos(client)
        try output.print(try await client.createWish(draft)) { "Added \(Output.line($0))" }
    }
}
