import Foundation
import WishlistClient
import WishlistCore

/// `wishlist journal add TITLE [--text TEXT] [--date YYYY-MM-DD] [--time HH:MM] [--wish ID]… [--heart]`;
/// the contents come from `--text` or standard input.
struct JournalAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Write a journal entry.",
            arguments: [
                titleArgument, JournalText.textOption, dateOption, timeOption, wishOption, heartFlag, Output.jsonFlag,
                RemoteServer.serverOption
            ],
            apiFields: ["title": titleArgument, "contents": JournalText.textOption, "wishIds": wishOption])
    }

    static let titleArgument = Positional("TITLE", help: "The entry's title.")
    static let dateOption = Option("--date", "YYYY-MM-DD", help: "The day it is about (default: today).", format: .calendarDay)
    static let timeOption = Option("--time", "HH:MM", help: "A time of that day.", format: .timeOfDay)
    static let wishOption = Option(
        "--wish", "ID", help: "A wish of yours it mentions; repeat for more.", repeatable: true, format: .id(.wish))
    static let heartFlag = Flag("--heart", help: "Heart it.")

    let remote: RemoteServer
    let output: Output
    let text: String?
    let draft: JournalDraft
    /// The wishes `--wish` names, resolved when the command runs.
    let mentionedWishes: [ShortID]

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        text = try arguments.option(JournalText.textOption)
        mentionedWishes = try arguments.options(Self.wishOption)
        draft = JournalDraft(
            title: try arguments.positional(Self.titleArgument),
            date: try arguments.option(Self.dateOption) ?? JournalText.today(), time: try arguments.option(Self.timeOption),
            hearted: arguments.flag(Self.heartFlag))
    }

    func run() async throws {
        var draft = draft
        draft.contents = JournalText.read(text) ?? ""
        let client = try remote.client()
        draft.wishIDs = try await mentionedWishes.resolve(client)
        try await output.print(client, { try await $0.createJournalEntry(draft) }) { "Added \(Output.line($0))" }
    }
}
