import WishlistClient

/// `wishlist places search QUERY`.
struct PlacesSearchCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "search", abstract: "Find places (cities, and streets with an online geocoder) by name.",
            arguments: [queryArgument, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let queryArgument = Positional("QUERY", help: "A place's name, in any language.")

    let remote: RemoteServer
    let output: Output
    let query: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        query = try arguments.positional(Self.queryArgument)
    }

    func run() async throws {
        try await output.printList(try remote.client(), { try await $0.searchPlaces(query) }) { places in
            places.isEmpty
                ? "No places found."
                : places.map(Self.describe).joined(separator: "\n")
        }
    }

    /// A found place on one line: its name, region and country, and its point.
    static func describe(_ place: WishlistClient.FoundPlace) -> String {
        let region = [place.admin, place.country].compactMap { $0 }.joined(separator: ", ")
        return "\(place.name), \(region)  (\(place.latitude), \(place.longitude))"
    }
}
