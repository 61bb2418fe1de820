import WishlistCore

/// `wishlist wish near LAT LNG`: wishes nearest to a point first.
struct WishNearCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "near", abstract: "List wishes nearest to a point first, with their distance.",
            usage: NearQuery.usage, options: [NearQuery.limitOptionHelp, Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let remote: RemoteServer
    let output: Output
    let query: NearQuery

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        query = try NearQuery(&arguments)
    }

    func run() async throws {
        try output.print(try await remote.client().wishesNear(query).items) { items in
            items.isEmpty ? "No wishes with a place yet."
                : items.map { "\(Distance.text(meters: $0.distanceMeters))\t\(Output.line($0.wish))" }.joined(separator: "\n")
        }
    }
}
