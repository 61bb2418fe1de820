/// `wishlist wish`: wishes on the server you are logged in to.
struct WishCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "wish",
            abstract: "Add, list, show, edit, delete and star wishes.",
            subcommands: [
                WishAddCommand.self, WishListCommand.self, WishShowCommand.self, WishEditCommand.self,
                WishRemoveCommand.self, WishFavoriteCommand.self, WishUnfavoriteCommand.self, WishNearCommand.self
            ])
    }

    init(parsing arguments: inout Arguments) throws {}
}
