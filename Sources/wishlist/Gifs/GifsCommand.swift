/// `wishlist gifs`: GIFs from Giphy on the server you are logged in to.
struct GifsCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "gifs", abstract: "Search GIFs on Giphy, see what is trending, list your favorite GIFs.",
            subcommands: [GifsSearchCommand.self, GifsTrendingCommand.self, GifsFavoritesCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
