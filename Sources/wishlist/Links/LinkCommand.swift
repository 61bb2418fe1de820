/// `wishlist link`: what the server reads from a web page.
struct LinkCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "link", abstract: "Preview a link as the server sees it.", subcommands: [LinkPreviewCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
