import WishlistCore

/// `wishlist spots near LAT LNG`: K-culture spots nearest to a point first.
struct SpotsNearCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "near", abstract: "List K-culture spots nearest to a point first, with their distance.",
            arguments: NearQuery.arguments + [Output.jsonFlag, RemoteServer.serverOption])
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
        try output.print(try await remote.client().spotsNear(query).items) { items in
            items.isEmpty ? "No spots."
                : items.map { "\(Distance.text(meters: $0.distanceMeters))\t\(Output.line($0.spot))" }.joined(separator: "\n")
        }
    }
}
