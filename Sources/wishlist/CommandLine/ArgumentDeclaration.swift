import WishlistCore

/// One thing a command line may hold — a `Flag`, an `Option` or a `Positional` argument — as the
/// parser and the help text both see it. A command lists its declarations in its configuration and
/// reads its values through the same declarations, so its help cannot drift from what it parses.
protocol ArgumentDeclaration: Sendable {
    /// How the help's list writes it: `--memo TEXT`, `-o, --output FILE`, `NAME`.
    var label: String { get }
    /// How the usage line writes it: `[--memo TEXT]`, `[--tag TAG]...`, `NAME`.
    var synopsis: String { get }
    /// One sentence on what it does.
    var help: String { get }
    /// How the parser recognizes it among the words.
    var syntax: ArgumentSyntax { get }
    /// The kind of record whose id its value is, which completion offers; nil for other values.
    var idKind: IDMatch.Kind? { get }
    /// What a valid value is, as a usage error says it ("a whole number from 1 to 100"); nil for a flag.
    var expectedValue: String? { get }
}

/// How an argument is written on the command line.
enum ArgumentSyntax: Sendable {
    /// `--name` alone (or its short name).
    case flag(ArgumentNames)
    /// `--name VALUE` or `--name=VALUE`; at most once unless repeatable.
    case option(ArgumentNames, repeatable: Bool)
    /// A word in its place among the other positional arguments.
    case positional
}

/// The long name of a flag or option, and the short one some have (`--output`, `-o`).
struct ArgumentNames: Sendable, Equatable {
    let long: String
    let short: String?

    var all: [String] { [long] + (short.map { [$0] } ?? []) }
    var label: String { short.map { "\($0), \(long)" } ?? long }
}

extension ArgumentDeclaration {
    var isPositional: Bool {
        if case .positional = syntax { true } else { false }
    }

    /// The names an option or flag is written with; none for a positional argument.
    var spellings: [String] {
        switch syntax {
        case .flag(let names), .option(let names, _): names.all
        case .positional: []
        }
    }
}
