import Foundation
import WishlistClient
import WishlistCore

/// `wishlist wish edit ID [--name NAME] [--memo TEXT|--no-memo] [--link URL|--no-link] [--tag TAG]…|--no-tags`.
struct WishEditCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "edit",
            abstract: "Change fields of a wish; the others stay as they are.",
            arguments: [
                WishID.argument, nameOption, memoOption, noMemoFlag, linkOption, noLinkFlag, tagOption, noTagsFlag,
                Output.jsonFlag, RemoteServer.serverOption,
            ])
    }

    static let nameOption = Option("--name", "NAME", help: "A new name.")
    static let memoOption = Option("--memo", "TEXT", help: "A new note.")
    static let noMemoFlag = Flag("--no-memo", help: "Remove the note.")
    static let linkOption = Option("--link", "URL", help: "A new address.")
    static let noLinkFlag = Flag("--no-link", help: "Remove the address.")
    static let tagOption = Option("--tag", "TAG", help: "Replace the tags; repeat for more.", repeatable: true)
    static let noTagsFlag = Flag("--no-tags", help: "Remove every tag.")

    let remote: RemoteServer
    let output: Output
    let id: UUID
    let patch: WishPatch

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var patch = WishPatch(name: try arguments.option(Self.nameOption))
        patch.memo = try Self.change(&arguments, set: Self.memoOption, clear: Self.noMemoFlag)
        patch.link = try Self.change(&arguments, set: Self.linkOption, clear: Self.noLinkFlag)
        let tags = try arguments.options(Self.tagOption)
        if arguments.flag(Self.noTagsFlag) { patch.tags = [] } else if !tags.isEmpty { patch.tags = tags }
        id = try arguments.positional(WishID.argument)
        guard patch != WishPatch() else { throw UsageError("Say what to change, e.g. --name.") }
        self.patch = patch
    }

    private static func change(
        _ arguments: inout Arguments, set: Option<String>, clear: Flag
    ) throws -> WishPatch.Change<String> {
        if arguments.flag(clear) { return .clear }
        return try arguments.option(set).map { .set($0) } ?? .keep
    }

    func run() async throws {
        try output.print(try await remote.client().updateWish(id, patch)) { "Changed \(Output.line($0))" }
    }
}
