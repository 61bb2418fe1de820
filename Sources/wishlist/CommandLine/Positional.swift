import WishlistCore

/// An argument known by its place, `NAME` in `wishlist user add NAME`; required.
struct Positional<Value: Sendable>: ArgumentDeclaration {
    /// What the usage line calls it: `NAME`, `ID`, `QUERY`.
    let valueName: String
    let help: String
    let format: ValueFormat<Value>

    init(_ valueName: String, help: String, format: ValueFormat<Value>) {
        self.valueName = valueName
        self.help = help
        self.format = format
    }

    var label: String { valueName }
    var synopsis: String { valueName }
    var syntax: ArgumentSyntax { .positional }
    var idKind: IDMatch.Kind? { format.idKind }
    var expectedValue: String? { format.expected }
}

extension Positional where Value == String {
    /// A positional argument that is any text.
    init(_ valueName: String, help: String) {
        self.init(valueName, help: help, format: .text)
    }
}
