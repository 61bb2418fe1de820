import Foundation
import WishlistClient
import WishlistCore

/// `wishlist recent [--clear | --delete ID]`: the recent searches.
struct RecentCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "recent", abstract: "Show, delete or clear your recent searches.",
            arguments: [clearFlag, deleteOption, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let clearFlag = Flag("--clear", help: "Forget every recent search.")
    static let deleteOption = Option(
        "--delete", "ID", help: "Forget one, by the id this command prints.", format: .id(.recentSearch))

    enum Action {
        case show, clear
        case delete(ShortID)
    }

    let remote: RemoteServer
    let output: Output
    let action: Action

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        switch (arguments.flag(Self.clearFlag), try arguments.option(Self.deleteOption)) {
        case (true, nil): action = .clear
        case (false, nil): action = .show
        case (false, let id?): action = .delete(id)
        case (true, _?): throw UsageError("Use --clear or --delete, not both.")
        }
    }

    func run() async throws {
        switch action {
        case .clear:
            try await remote.client().clearRecentSearches()
            print("Cleared your recent searches.")
        case .delete(let id):
            let client = try remote.client()
            try await client.deleteRecentSearch(try await id.resolve(client))
            print("Deleted that recent search.")
        case .show:
            try await output.printList(try remote.client(), { try await $0.recentSearches() }) { searches in
                searches.isEmpty
                    ? "No recent searches."
                    : searches.map { "\($0.id.uuidString.lowercased())  \($0.query)" }.joined(separator: "\n")
            }
        }
    }
}
