import Foundation
import WishlistClient
import WishlistCore

/// `wishlist journal edit ID [--title T] [--text TEXT | --stdin] [--date D] [--time HH:MM | --no-time]
/// [--wish ID]… [--no-wishes]`.
struct JournalEditCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "edit",
            abstract: "Change fields of a journal entry; the others stay as they are.",
            arguments: [
                JournalEntryID.argument, titleOption, textOption, stdinFlag, dateOption, timeOption, noTimeFlag, wishOption,
                noWishesFlag, Output.jsonFlag, RemoteServer.serverOption
            ],
            apiFields: ["contents": textOption, "wishIds": wishOption])
    }

    static let titleOption = Option("--title", "TITLE", help: "A new title.")
    static let textOption = Option("--text", "TEXT", help: "New contents.")
    static let stdinFlag = Flag("--stdin", help: "Read the new contents from standard input.")
    static let dateOption = Option("--date", "YYYY-MM-DD", help: "Another day.", format: .calendarDay)
    static let timeOption = Option("--time", "HH:MM", help: "A time of the day.", format: .timeOfDay)
    static let noTimeFlag = Flag("--no-time", help: "Remove the time.")
    static let wishOption = Option(
        "--wish", "ID", help: "Replace the mentioned wishes; repeat for more.", repeatable: true, format: .id(.wish))
    static let noWishesFlag = Flag("--no-wishes", help: "Mention no wish.")

    let remote: RemoteServer
    let output: Output
    let id: ShortID
    let patch: JournalPatch
    /// The wishes `--wish` names, resolved when the command runs.
    let mentionedWishes: [ShortID]
    let readsStandardInput: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var patch = JournalPatch(
            title: try arguments.option(Self.titleOption), contents: try arguments.option(Self.textOption),
            date: try arguments.option(Self.dateOption))
        readsStandardInput = arguments.flag(Self.stdinFlag)
        if arguments.flag(Self.noTimeFlag) {
            patch.time = .clear
        } else if let time = try arguments.option(Self.timeOption) {
            patch.time = .set(time)
        }
        let wishes = try arguments.options(Self.wishOption)
        let noWishes = arguments.flag(Self.noWishesFlag)
        if noWishes { patch.wishIDs = [] }
        mentionedWishes = noWishes ? [] : wishes
        id = try arguments.positional(JournalEntryID.argument)
        guard patch != JournalPatch() || readsStandardInput || !mentionedWishes.isEmpty else {
            throw UsageError("Say what to change, e.g. --title.")
        }
        self.patch = patch
    }

    func run() async throws {
        var patch = patch
        if readsStandardInput { patch.contents = JournalText.read(nil) ?? "" }
        let client = try remote.client()
        let id = try await id.resolve(client)
        if !mentionedWishes.isEmpty { patch.wishIDs = try await mentionedWishes.resolve(client) }
        try await output.print(client, { try await $0.updateJournalEntry(id, patch) }) { "Changed \(Output.line($0))" }
    }
}
