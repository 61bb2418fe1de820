import WishlistServer

/// The account a `wishlist user` command names, on the data directory it names: what `passwd`,
/// `reset`, `disable`, `enable` and `delete` read and how they reach it.
struct NamedAccount {
    /// The declarations: the account's name, then `--data`.
    static let arguments: [any ArgumentDeclaration] = [LocalAccounts.usernameArgument] + Environment.dataOptions

    let username: String
    let data: DataDirectory

    init(_ arguments: inout Arguments) throws {
        data = try Environment.data(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    /// Opens the data directory's store, does `body` to this account (given its name), and closes it.
    func administer<T>(_ body: (AccountAdministration, String) throws -> T) throws -> T {
        try LocalAccounts.with(data) { try body($0, username) }
    }
}
