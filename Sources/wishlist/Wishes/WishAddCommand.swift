import Foundation
import WishlistClient
import WishlistCore

/// `wishlist wish add NAME [--memo TEXT] [--link URL] [--tag TAG]… [--photo FILE]… [--place NAME] [--favorite]`;
/// with a link, the page's preview fills the name (when none is given), a photo and the price.
struct WishAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add a wish.",
            arguments: [nameArgument] + WishFields.arguments + [
                tagOption, favoriteFlag, Output.jsonFlag, RemoteServer.serverOption
            ],
            apiFields: WishFields.apiFields.merging(["name": nameArgument, "tags": tagOption]) { $1 })
    }

    static let nameArgument = Positional(
        "NAME", help: "What you wish for; with --link it may be left out, and the page names the wish.")
    static let tagOption = Option("--tag", "TAG", help: "A tag; repeat for more.", repeatable: true)
    static let favoriteFlag = Flag("--favorite", help: "Star it.")

    let remote: RemoteServer
    let output: Output
    let fields: WishFields
    /// Its name is "" when the link's page is to name the wish.
    let draft: WishDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        fields = try WishFields(&arguments)
        let name =
            fields.link == nil
            ? try arguments.positional(Self.nameArgument) : try arguments.optionalPositional(Self.nameArgument)
        draft = WishDraft(
            name: name ?? "", memo: fields.memo, link: fields.link,
            tags: try arguments.options(Self.tagOption), favorite: arguments.flag(Self.favoriteFlag))
    }

    func run() async throws {
        let client = try remote.client()
        var draft = draft
        draft.place = try await fields.place(client, output: output)
        draft.photoIDs = try await fields.uploadPhotos(client)
        guard let link = draft.link else {
            try await output.print(client, { try await $0.createWish(draft) }) { "Added \(Output.line($0))" }
            return
        }
        if draft.name.isEmpty {
            let preview = try await client.linkPreview(link)
            draft.name = preview.title ?? preview.siteName ?? URLComponents(string: link)?.host ?? link
        }
        try await output.print(
            client,
            { client in
                let wish = try await client.createWish(draft)
                // The page may be down or refuse us: the wish stays, without the page's photo and price
                // (and --json prints the wish as created, the failed refresh having decoded no answer).
                return (try? await client.refreshLink(of: wish.id, addPhoto: draft.photoIDs.isEmpty)) ?? wish
            }
        ) { "Added \(Output.line($0))" + ($0.price.map { "  \(Output.amount($0.amount, $0.currency))" } ?? "") }
    }
}
