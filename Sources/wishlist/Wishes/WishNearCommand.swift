import WishlistCore

/// `wishlist wish near LAT LNG`: wishes nearest to a point first.
struct WishNearCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "near", abstract: "List wishes nearest to a point first, with their distance.",
            arguments: NearQuery.arguments + [PageReader.allFlag, Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output
    let query: NearQuery
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        query = try NearQuery(&arguments)
        all = arguments.flag(PageReader.allFlag)
    }

    func run() async throws {
        try await output.printPages(try remote.client(), all: all) {
            try await $0.wishesNear(query.page(after: $1))
        } describe: { items in
            Output.table(
                items.map { [Distance.text(meters: $0.distanceMeters)] + Output.columns($0.wish) }, flexibleColumn: 3,
                cutFirst: [Output.tagsColumn + 1],
                empty: "No wishes with a place yet.")
        }
    }
}
