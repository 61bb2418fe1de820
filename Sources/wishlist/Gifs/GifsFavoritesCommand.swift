/// `wishlist gifs favorites`.
struct GifsFavoritesCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "favorites", abstract: "Your favorite GIFs, newest first.",
            arguments: [Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
    }

    func run() async throws {
        try await output.printList(try remote.client(), { try await $0.favoriteGifs() }) { favorites in
            Output.table(
                favorites.map { Output.columns($0.gif) }, flexibleColumn: 1,
                empty: "No favorite GIFs yet. Star one in Discover → GIFs to keep it here.")
        }
    }
}
