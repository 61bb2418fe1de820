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
    /// The argument each field of the API that is not spelled as an option (`tags` is `--tag`,
    /// `name` is `NAME`) comes from, so that the server's error about a field names what the
    /// person typed. A field `limit` is `--limit` without saying so.
    var apiFields: [String: any ArgumentDeclaration] = [:]
}

extension CommandConfiguration {
    /// The declared positional arguments, in the order they are read.
    var positionals: [any ArgumentDeclaration] { arguments.filter(\.isPositional) }
    /// The declared flags and options.
    var options: [any ArgumentDeclaration] { arguments.filter { !$0.isPositional } }

    /// How the command line wrote the argument that gave the API's `field` (`--limit`, `NAME`); nil
    /// when this command has none.
    func argument(forAPIField field: String) -> String? {
        if let declared = apiFields[field] { return declared.spellings.first ?? declared.label }
        return options.flatMap(\.spellings).first { $0 == "--" + field }
    }
}
