/// `--help` for a command: what it does, its synopsis, its options and its subcommands.
enum HelpText {
    static func render(_ command: any Command.Type, path: String, brief: Bool = false) -> String {
        let configuration = command.configuration
        var lines: [String] = []
        if !brief { lines += [configuration.abstract, ""] }
        let synopsis = configuration.subcommands.isEmpty ? configuration.usage : "<command>"
        lines.append("Usage: \(path)\(synopsis.isEmpty ? "" : " " + synopsis)")
        if !configuration.options.isEmpty {
            lines += ["", "Options:"]
            let width = configuration.options.map(\.0.count).max() ?? 0
            for (name, help) in configuration.options {
                lines.append("  " + name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + help)
            }
        }
        if !configuration.subcommands.isEmpty {
            lines += ["", "Commands:"]
            let width = configuration.subcommands.map { $0.configuration.name.count }.max() ?? 0
            for sub in configuration.subcommands {
                lines.append(
                    "  " + sub.configuration.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                        + sub.configuration.abstract)
            }
            lines += ["", "Run '\(path) <command> --help' for more about a command."]
        }
        return lines.joined(separator: "\n")
    }
}
