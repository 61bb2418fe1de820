import Foundation
import WishlistClient
import WishlistCore

/// `wishlist wish add [NAME] [--memo TEXT] [--link URL] [--tag TAG]… [--favorite]`; with a link,
/// the page's preview fills the name (when none is given), the photo and the price.
struct WishAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add a wish.",
            usage: "[NAME] [--memo TEXT] [--link URL] [--tag TAG]... [--favorite] [--json]",
            options: [
                ("--memo TEXT", "A note."),
                ("--link URL", "An http(s) address; its page fills the name (without NAME), a photo and the price."),
                ("--tag TAG", "A tag; repeat for more."), ("--favorite", "Star it."),
                Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    /// Its name is "" when the link's page is to name the wish.
    let draft: WishDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        let memo = try arguments.option("--memo")
        let link = try arguments.option("--link")
        let tags = try arguments.options("--tag")
        let favorite = arguments.flag("--favorite")
        let name = link == nil ? try arguments.positional("the wish's NAME") : arguments.optionalPositional()
        draft = WishDraft(name: name ?? "", memo: memo, link: link, tags: tags, favorite: favorite)
    }

    func run() async throws {
        let client = try remote.client()
        guard let link = draft.link else {
            try output.print(try await client.createWish(draft)) { "Added \(Output.line($0))" }
            return
        }
        var draft = self.draft
        if draft.name.isEmpty {
            let preview = try await client.linkPreview(link)
            draft.name = preview.title ?? preview.siteName ?? URLComponents(string: link)?.host ?? link
        }
        let wish = try await client.createWish(draft)
        // The page may be down or refuse us: the wish stays, without photo and price.
        let filled = (try? await client.refreshLink(of: wish.id, addPhoto: true)) ?? wish
        try output.print(filled) { "Added \(Output.line($0))" + ($0.price.map { "  \(Output.amount($0.amount, $0.currency))" } ?? "") }
    }
}
