/// `wishlist journal show ID`.
struct JournalShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show a whole journal entry.", arguments: RecordRequest.arguments(JournalEntryID.argument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: JournalEntryID.argument)
    }

    func run() async throws {
        try await request.send({ try await $0.journalEntry($1) }, describe: Output.details)
    }
}
