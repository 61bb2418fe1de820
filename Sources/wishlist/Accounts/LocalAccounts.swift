import WishlistServer
import WishlistStore

/// Opens the data directory's store for one account command and closes it after.
enum LocalAccounts {
    static let usernameArgument = Positional("NAME", help: "The account's name: 3 to 32 of a-z, 0-9, '.', '_' and '-'.")

    static func with<T>(_ data: DataDirectory, _ body: (AccountAdministration) throws -> T) throws -> T {
        let store = try data.openStore()
        defer { try? store.close() }
        return try body(AccountAdministration(store: store))
    }
}
