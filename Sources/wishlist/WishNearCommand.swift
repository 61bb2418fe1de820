import WishlistCore

/// `wishlist wish near LAT LNG`: wishes nearest to a point first.
struct WishNearCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "near", abstract: "List wishes nearest to a point first, with their distance.",
            arguments: [latitudeArgument, longitudeArgument, limitOption, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let latitudeArgument = Positional("LAT", help: "The point's latitude, -90 to 90.")
    static let longitudeArgument = Positional("LNG", help: "The point's longitude, -180 to 180.")
    static let limitOption = Option("--limit", "N", help: "How many, 1 to 100.")

    let remote: RemoteServer
    let output: Output
    let query: NearQuery

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        parameters["limit"] = try arguments.option(Self.limitOption)
        parameters["lat"] = try arguments.positional(Self.latitudeArgument)
        parameters["lng"] = try arguments.positional(Self.longitudeArgument)
        query = try NearQuery(parameters: parameters)
    }

    func run() async throws {
        try output.printList(try await remote.client().wishesNear(query).items) { items in
            Output.table(
                items.map { [Distance.text(meters: $0.distanceMeters)] + Output.columns($0.wish) }, flexibleColumn: 3,
                empty: "No wishes with a place yet.")
        }
    }
}
