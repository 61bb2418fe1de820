import WishlistCore

/// `wishlist spots search QUERY [--type TYPE]`: spots whose place, work or artist (or an alias
/// of it), description or address matches.
struct SpotsSearchCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "search", abstract: "Find K-culture spots by place, work or artist, description or address.",
            arguments: [
                queryArgument, typeOption, NearQuery.limitOption, PageReader.allFlag, Output.jsonFlag, RemoteServer.serverOption
            ])
    }

    static let queryArgument = Positional("QUERY", help: "Words or parts of words, in Korean or English (\"BTS\", \"도깨비\").")
    static let typeOption = Option(
        "--type", "drama|movie|show|artist", help: "Only spots of dramas, movies, shows or artists.",
        format: .oneOf(SpotType.allCases.map(\.rawValue)))

    let remote: RemoteServer
    let output: Output
    let query: SpotQuery
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var parameters: [String: String] = [:]
        parameters["type"] = try arguments.option(Self.typeOption)
        parameters["limit"] = try arguments.option(NearQuery.limitOption).map(String.init)
        parameters["q"] = try arguments.positional(Self.queryArgument)
        query = try SpotQuery(parameters: parameters)
        all = arguments.flag(PageReader.allFlag)
    }

    func run() async throws {
        try await output.printPages(try remote.client(), all: all) {
            try await $0.spots(query.page(after: $1))
        } describe: { spots in
            spots.isEmpty ? "No spots found." : spots.map(Output.line).joined(separator: "\n")
        }
    }
}
