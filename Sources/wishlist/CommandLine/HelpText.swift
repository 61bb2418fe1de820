/// `--help` for a command, made from its declarations: what it does, its usage line, its
/// arguments, its options and its subcommands.
enum HelpText {
    static func render(_ command: any Command.Type, path: String, brief: Bool = false) -> String {
        let configuration = command.configuration
        var lines: [String] = []
        if !brief { lines += [configuration.abstract, ""] }
        lines.append("Usage: " + ([path] + synopsis(configuration)).joined(separator: " "))
        lines += table("Arguments:", configuration.positionals.map { ($0.label, $0.help) })
        lines += table("Options:", configuration.options.map { ($0.label, $0.help) })
        lines += table("Commands:", configuration.subcommands.map { ($0.configuration.name, $0.configuration.abstract) })
        if !configuration.subcommands.isEmpty {
            lines += ["", "Run '\(path) <command> --help' for more about a command."]
        }
        return lines.joined(separator: "\n")
    }

    /// The words after the command's path on its usage line: positional arguments first, then options.
    static func synopsis(_ configuration: CommandConfiguration) -> [String] {
        if !configuration.subcommands.isEmpty { return ["<command>"] }
        return (configuration.positionals + configuration.options).map(\.synopsis)
    }

    /// A titled two-column list, its second column aligned; nothing when there are no rows.
    private static func table(_ title: String, _ rows: [(String, String)]) -> [String] {
        guard !rows.isEmpty else { return [] }
        let width = rows.map(\.0.count).max()!
        return ["", title] + rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
    }
}
