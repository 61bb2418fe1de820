import WishlistClient
import WishlistCore

/// `wishlist tags`: the tags in use, most used first.
struct TagsCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "tags", abstract: "List your tags, most used first.", arguments: [Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
    }

    func run() async throws {
        try await output.printList(try remote.client(), { try await $0.tags() }) { tags in
            tags.isEmpty ? "No tags yet." : tags.map { "\($0.count)\t\($0.name)" }.joined(separator: "\n")
        }
    }
}
