import WishlistClient
import WishlistCore

/// `wishlist link preview URL`: the page's title, description, image, site and price.
struct LinkPreviewCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "preview", abstract: "Print what a page says about itself.",
            arguments: [urlArgument, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let urlArgument = Positional("URL", help: "The http(s) address of the page.")

    let remote: RemoteServer
    let output: Output
    let url: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        url = try arguments.positional(Self.urlArgument)
    }

    func run() async throws {
        try await output.print(try remote.client(), { try await $0.linkPreview(url) }) { preview in
            [
                preview.title, preview.description, preview.siteName.map { "site:    \($0)" },
                preview.price.map { "price:   \(Output.amount($0.amount, $0.currency))" },
                preview.image.map { "image:   \($0)" }, "url:     \(preview.canonicalUrl)"
            ].compactMap { $0 }.joined(separator: "\n")
        }
    }
}
