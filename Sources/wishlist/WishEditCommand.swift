import Foundation
import WishlistClient
import WishlistCore

/// `wishlist wish edit ID [--name NAME] [--memo TEXT|--no-memo] [--link URL|--no-link] [--tag TAG]…|--no-tags`.
struct WishEditCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "edit",
            abstract: "Change fields of a wish; the others stay as they are.",
            usage: "ID [--name NAME] [--memo TEXT | --no-memo] [--link URL | --no-link] [--tag TAG]... [--no-tags] [--json]",
            options: [
                ("--name NAME", "A new name."), ("--memo TEXT", "A new note."), ("--no-memo", "Remove the note."),
                ("--link URL", "A new address."), ("--no-link", "Remove the address."),
                ("--tag TAG", "Replace the tags; repeat for more."), ("--no-tags", "Remove every tag."),
                Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID
    let patch: WishPatch

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var patch = WishPatch(name: try arguments.option("--name"))
        patch.memo = try Self.change(&arguments, set: "--memo", clear: "--no-memo")
        patch.link = try Self.change(&arguments, set: "--link", clear: "--no-link")
        let tags = try arguments.options("--tag")
        if arguments.flag("--no-tags") { patch.tags = [] } else if !tags.isEmpty { patch.tags = tags }
        id = try WishID.parse(&arguments)
        guard patch != WishPatch() else { throw UsageError("Say what to change, e.g. --name.") }
        self.patch = patch
    }

    private static func change(_ arguments: inout Arguments, set: String, clear: String) throws -> WishPatch.Change<String> {
        if arguments.flag(clear) { return .clear }
        return try arguments.option(set).map { .set($0) } ?? .keep
    }

    func run() async throws {
        try output.print(try await remote.client().updateWish(id, patch)) { "Changed \(Output.line($0))" }
    }
}
