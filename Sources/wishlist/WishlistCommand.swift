/// `wishlist`: the root of every command.
struct WishlistCommand: Command {
    static let configuration = CommandConfiguration(
        name: "wishlist",
        abstract: "Keep the things you want: the Wishlist server and its command line.",
        subcommands: [
            ServeCommand.self, UserCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
        ])

    init(parsing arguments: inout Arguments) throws {}
}
