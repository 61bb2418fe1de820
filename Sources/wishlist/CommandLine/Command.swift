/// One command of the `wishlist` tool, in the shape swift-argument-parser taught us: a
/// configuration that names and describes it and declares its arguments, a parser that reads
/// them through those declarations, and `run`. A command with subcommands and no `run` of its own
/// is a group (`wishlist user`).
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

/// How a command presents itself in `--help` and what its command line may hold.
struct CommandConfiguration {
    var name: String
    var abstract: String
    /// Its positional arguments, in order, and its options: the usage line and the help come from
    /// these, and the parser accepts nothing else.
    var arguments: [any ArgumentDeclaration] = []
    var subcommands: [any Command.Type] = []
}

extension CommandConfiguration {
    /// The declared positional arguments, in the order they are read.
    var positionals: [any ArgumentDeclaration] { arguments.filter(\.isPositional) }
    /// The declared flags and options.
    var options: [any ArgumentDeclaration] { arguments.filter { !$0.isPositional } }
}
