import WishlistCore

/// A switch a command reads as true when given: `--favorite`.
struct Flag: ArgumentDeclaration {
    let names: ArgumentNames
    let help: String

    init(_ name: String, short: String? = nil, help: String) {
        names = ArgumentNames(long: name, short: short)
        self.help = help
    }

    var label: String { names.label }
    var synopsis: String { "[\(names.long)]" }
    var syntax: ArgumentSyntax { .flag(names) }
    var idKind: IDMatch.Kind? { nil }
    var expectedValue: String? { nil }
}
