import WishlistServer
import WishlistStore

/// Opens the data directory's store for one account command and closes it after.
enum LocalAccounts {
    static func with<T>(dataDirectory: String, _ body: (AccountAdministration) throws -> T) throws -> T {
        let store = try DataDirectory(dataDirectory).openStore()
        defer { try? store.close() }
        return try body(AccountAdministration(store: store))
    }
}
