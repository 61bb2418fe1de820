/// One command of the `wishlist` tool, in the shape swift-argument-parser taught us: a
/// configuration that names and describes it, a parser that reads its arguments, and `run`.
/// A command with subcommands and no `run` of its own is a group (`wishlist user`).
protocol Command {
    static var configuration: CommandConfiguration { get }
    /// Reads this command's options and arguments, leaving nothing unread.
    init(parsing arguments: inout Arguments) throws
    func run() async throws
}

extension Command {
    func run() async throws {
        throw UsageError("Choose one of the commands below.")
    }
}

/// How a command presents itself in `--help`.
struct CommandConfiguration {
    var name: String
    var abstract: String
    /// The synopsis after the command path, e.g. `NAME [--admin] [--password-stdin]`.
    var usage: String = ""
    /// One line per option or argument: ("--data DIR", "what it does").
    var options: [(String, String)] = []
    var subcommands: [any Command.Type] = []
}
