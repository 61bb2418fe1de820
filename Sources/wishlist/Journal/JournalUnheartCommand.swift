/// `wishlist journal unheart ID`.
struct JournalUnheartCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "unheart", abstract: "Take the heart off a journal entry.",
            arguments: RecordRequest.arguments(JournalEntryID.argument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: JournalEntryID.argument)
    }

    func run() async throws {
        try await request.send({ try await $0.setHeart($1, false) }, describe: Output.line)
    }
}
