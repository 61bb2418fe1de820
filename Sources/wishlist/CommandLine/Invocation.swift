import WishlistCore

/// The command some words name (`wish add`), and the words left for it to read. Reading them is
/// all a wrong command line needs to be found out: nothing is sent and nothing is opened, so the
/// tests try every command's wrong command lines here, without starting a process for each.
struct Invocation {
    let command: any Command.Type
    /// How a person writes the command: `wishlist wish add`.
    let path: String
    /// The words after the command's name: its options and arguments.
    let words: [String]

    init(_ words: [String]) {
        var command: any Command.Type = WishlistCommand.self
        var path = "wishlist"
        var rest = words
        while let next = rest.first,
            let sub = command.configuration.subcommands.first(where: { $0.configuration.name == next })
        {
            command = sub
            path += " " + next
            rest.removeFirst()
        }
        self.command = command
        self.path = path
        self.words = rest
    }

    var asksForHelp: Bool { words.contains("--help") || words.contains("-h") || words.first == "help" }

    /// The command's whole help, as `--help` prints it.
    var help: String { HelpText.render(command, path: path) }

    /// The command, its command line read; a `UsageError` when the words are not one it takes.
    func parse() throws -> any Command {
        let configuration = command.configuration
        var arguments = try Arguments(words, declarations: configuration.arguments)
        let parsed: any Command
        do {
            parsed = try command.init(parsing: &arguments)
        } catch let error as ValidationError {
            // A value the API's own rules refuse, checked before anything is sent.
            throw UsageError(CommandLineTool.sentence(error.message, about: error.field, in: configuration))
        }
        try arguments.finish()
        return parsed
    }

    /// What a person sees for a wrong command line: what is wrong, then how the command is used.
    func usageFailure(_ error: UsageError) -> String {
        "\(error.message)\n\n\(HelpText.render(command, path: path, brief: true))"
    }
}
