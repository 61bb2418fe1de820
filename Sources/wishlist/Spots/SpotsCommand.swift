/// `wishlist spots`: the K-culture spots — search them, find them near a point, save one as a
/// wish, and import a newer release of the data on the data directory.
struct SpotsCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "spots",
            abstract: "Places from Korean dramas, films, shows and artists: search, near, save as a wish, import.",
            subcommands: [SpotsSearchCommand.self, SpotsNearCommand.self, SpotsWishCommand.self, SpotsImportCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
