/// `wishlist journal heart ID`.
struct JournalHeartCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "heart", abstract: "Heart a journal entry.", arguments: RecordRequest.arguments(JournalEntryID.argument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: JournalEntryID.argument)
    }

    func run() async throws {
        try await request.send({ try await $0.setHeart($1, true) }, describe: Output.line)
    }
}
