import WishlistCore

/// An option with a value, `--memo TEXT`: read once as an optional value, or every time it is
/// given when it is repeatable (`--tag a --tag b`).
struct Option<Value: Sendable>: ArgumentDeclaration {
    let names: ArgumentNames
    /// What the help calls its value: `TEXT`, `URL`, `ID`.
    let valueName: String
    let help: String
    let isRepeatable: Bool
    let format: ValueFormat<Value>

    init(
        _ name: String, short: String? = nil, _ valueName: String, help: String, repeatable: Bool = false,
        format: ValueFormat<Value>
    ) {
        names = ArgumentNames(long: name, short: short)
        self.valueName = valueName
        self.help = help
        isRepeatable = repeatable
        self.format = format
    }

    var label: String { "\(names.label) \(valueName)" }
    var synopsis: String { "[\(names.long) \(valueName)]" + (isRepeatable ? "..." : "") }
    var syntax: ArgumentSyntax { .option(names, repeatable: isRepeatable) }
    var idKind: IDMatch.Kind? { format.idKind }
    var expectedValue: String? { format.expected }
}

extension Option where Value == String {
    /// An option whose value is any text.
    init(_ name: String, short: String? = nil, _ valueName: String, help: String, repeatable: Bool = false) {
        self.init(name, short: short, valueName, help: help, repeatable: repeatable, format: .text)
    }
}
