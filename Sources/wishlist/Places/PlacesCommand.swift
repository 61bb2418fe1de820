/// `wishlist places`: places by name.
struct PlacesCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "places", abstract: "Find places by name; build the offline place index.",
            subcommands: [PlacesSearchCommand.self, PlacesIndexCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
