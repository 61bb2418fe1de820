import WishlistCore
import WishlistServer

/// `wishlist user list`.
struct UserListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list", abstract: "List the accounts.", arguments: Environment.dataOptions)
    }

    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        data = try Environment.data(&arguments)
    }

    func run() async throws {
        let accounts = try LocalAccounts.with(data) { try $0.summaries() }
        if accounts.isEmpty { print("No accounts yet.") }
        for account in accounts {
            let notes = [
                account.isAdmin ? "admin" : nil, account.disabledAt.map { "disabled \($0.iso8601String)" },
                account.mustChangePassword ? "must change password" : nil
            ].compactMap { $0 }
            let seen = account.lastSeenAt.map { "last seen \($0.iso8601String)" } ?? "never seen"
            print(
                "\(account.username)\(notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))")"
                    + "  since \(account.createdAt.iso8601String), \(seen)")
        }
    }
}
