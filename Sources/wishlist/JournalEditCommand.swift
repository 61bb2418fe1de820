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
            usage: "ID [--title TITLE] [--text TEXT | --stdin] [--date YYYY-MM-DD] [--time HH:MM | --no-time] "
                + "[--wish ID]... [--no-wishes] [--json]",
            options: [
                ("--title TITLE", "A new title."), ("--text TEXT", "New contents."),
                ("--stdin", "Read the new contents from standard input."), ("--date YYYY-MM-DD", "Another day."),
                ("--time HH:MM", "A time of the day."), ("--no-time", "Remove the time."),
                ("--wish ID", "Replace the mentioned wishes; repeat for more."), ("--no-wishes", "Mention no wish."),
                Output.jsonOptionHelp, RemoteServer.serverOptionHelp,
            ])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID
    let patch: JournalPatch
    let readsStandardInput: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        var patch = JournalPatch(
            title: try arguments.option("--title"), contents: try arguments.option("--text"),
            date: try arguments.option("--date"))
        readsStandardInput = arguments.flag("--stdin")
        if arguments.flag("--no-time") {
            patch.time = .clear
        } else if let time = try arguments.option("--time") {
            patch.time = .set(time)
        }
        let wishes = try arguments.options("--wish").map { text in
            guard let id = UUID(uuidString: text) else { throw UsageError("'\(text)' is not a wish id.") }
            return id
        }
        if arguments.flag("--no-wishes") { patch.wishIDs = [] } else if !wishes.isEmpty { patch.wishIDs = wishes }
        id = try JournalEntryID.parse(&arguments)
        guard patch != JournalPatch() || readsStandardInput else { throw UsageError("Say what to change, e.g. --title.") }
        self.patch = patch
    }

    func run() async throws {
        var patch = patch
        if readsStandardInput { patch.contents = JournalText.read(nil) ?? "" }
        try output.print(try await remote.client().updateJournalEntry(id, patch)) { "Changed \(Output.line($0))" }
    }
}
