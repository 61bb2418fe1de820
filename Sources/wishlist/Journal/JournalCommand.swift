/// `wishlist journal`: the journal on the server you are logged in to.
struct JournalCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "journal",
            abstract: "Write, list, show, edit, delete and heart journal entries.",
            subcommands: [
                JournalAddCommand.self, JournalListCommand.self, JournalShowCommand.self, JournalEditCommand.self,
                JournalRemoveCommand.self, JournalHeartCommand.self, JournalUnheartCommand.self
            ])
    }

    init(parsing arguments: inout Arguments) throws {}
}
