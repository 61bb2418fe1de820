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
            usage: "TITLE [--text TEXT] [--date YYYY-MM-DD] [--time HH:MM] [--wish ID]... [--heart] [--json] [< FILE]",
            options: [
                JournalText.optionHelp, ("--date YYYY-MM-DD", "The day it is about (default: today)."),
                ("--time HH:MM", "A time of that day."), ("--wish ID", "A wish of yours it mentions; repeat for more."),
                ("--heart", "Heart it."), Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    let text: String?
    let draft: JournalDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        text = try arguments.option("--text")
        let date = try arguments.option("--date") ?? JournalText.today()
        let time = try arguments.option("--time")
        let wishIDs = try arguments.options("--wish").map { text in
            guard let id = UUID(uuidString: text) else { throw UsageError("'\(text)' is not a wish id.") }
            return id
        }
        let hearted = arguments.flag("--heart")
        draft = JournalDraft(
            title: try arguments.positional("the entry's TITLE"), date: date, time: time, wishIDs: wishIDs, hearted: hearted)
    }

    func run() async throws {
        var draft = draft
        draft.contents = JournalText.read(text) ?? ""
        try output.print(try await remote.client().createJournalEntry(draft)) { "Added \(Output.line($0))" }
    }
}
