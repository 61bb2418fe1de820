import WishlistCore

/// `wishlist spots near LAT LNG`: K-culture spots nearest to a point first.
struct SpotsNearCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "near", abstract: "List K-culture spots nearest to a point first, with their distance.",
            usage: "LAT LNG [--limit N] [--json]",
            options: [("--limit N", "How many, 1 to 100."), Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let remote: RemoteServer
    let output: Output
    let query: NearQuery

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        parameters["limit"] = try arguments.option("--limit")
        parameters["lat"] = try arguments.positional("LAT")
        parameters["lng"] = try arguments.positional("LNG")
        query = try NearQuery(parameters: parameters)
    }

    func run() async throws {
        try output.print(try await remote.client().spotsNear(query).items) { items in
            items.isEmpty ? "No spots."
                : items.map { "\(Distance.text(meters: $0.distanceMeters))\t\(Output.line($0.spot))" }.joined(separator: "\n")
        }
    }
}
