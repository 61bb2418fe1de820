import WishlistCore

/// `wishlist spots near LAT LNG`: K-culture spots nearest to a point first.
struct SpotsNearCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "near", abstract: "List K-culture spots nearest to a point first, with their distance.",
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
            try await $0.spotsNear(query.page(after: $1))
        } describe: { items in
            items.isEmpty
                ? "No spots."
                : items.map { "\(Distance.text(meters: $0.distanceMeters))\t\(Output.line($0.spot))" }.joined(separator: "\n")
        }
    }
}
