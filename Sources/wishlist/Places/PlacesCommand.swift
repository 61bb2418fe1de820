/// `wishlist places`: places by name.
struct PlacesCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "places", abstract: "Find places by name.", subcommands: [PlacesSearchCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
