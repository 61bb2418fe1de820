/// `wishlist map`: what the map shows.
struct MapCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "map", abstract: "What the map shows.", subcommands: [MapMarkersCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
