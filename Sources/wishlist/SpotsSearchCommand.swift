import WishlistCore

/// `wishlist spots search QUERY [--type TYPE]`: spots whose place, work or artist (or an alias
/// of it), description or address matches.
struct SpotsSearchCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "search", abstract: "Find K-culture spots by place, work or artist, description or address.",
            arguments: [queryArgument, typeOption, NearQuery.limitOption, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let queryArgument = Positional("QUERY", help: "Words or parts of words, in Korean or English (\"BTS\", \"도깨비\").")
    static let typeOption = Option("--type", "drama|movie|show|artist", help: "Only spots of dramas, movies, shows or artists.")

    let remote: RemoteServer
    let output: Output
    let query: SpotQuery

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        parameters["type"] = try arguments.option(Self.typeOption)
        parameters["limit"] = try arguments.option(NearQuery.limitOption)
        parameters["q"] = try arguments.positional(Self.queryArgument)
        query = try SpotQuery(parameters: parameters)
    }

    func run() async throws {
        try output.print(try await remote.client().spots(query).items) { spots in
            spots.isEmpty ? "No spots found." : spots.map(Output.line).joined(separator: "\n")
        }
    }
}
