import WishlistClient
import WishlistCore

/// `wishlist search QUERY`: wishes by name and by tag, and journal entries.
struct SearchCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "search", abstract: "Search your wishes by name and by tag, your journal and the K-culture spots.",
            arguments: [queryArgument, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let queryArgument = Positional("QUERY", help: "Words or parts of words, in any language.")

    let remote: RemoteServer
    let output: Output
    let query: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        query = try arguments.positional(Self.queryArgument)
    }

    func run() async throws {
        try await output.print(try remote.client(), { try await $0.search(query) }) { result in
            """
            By name:
            \(Output.lines(result.byName, empty: "  nothing"))
            By tag:
            \(Output.lines(result.byTag, empty: "  nothing"))
            In the journal:
            \(Output.lines(result.journal, empty: "  nothing"))
            K-culture spots:
            \(result.spots.isEmpty ? "  nothing" : result.spots.map(Output.line).joined(separator: "\n"))
            """
        }
    }
}
