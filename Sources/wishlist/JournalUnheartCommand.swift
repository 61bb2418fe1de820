/// `wishlist journal unheart ID`.
struct JournalUnheartCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "unheart", abstract: "Take the heart off a journal entry.", usage: "ID [--json]",
            options: [Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let heart: JournalHeartCommand

    init(parsing arguments: inout Arguments) throws {
        heart = try JournalHeartCommand(parsing: &arguments, hearted: false)
    }

    func run() async throws { try await heart.run() }
}
