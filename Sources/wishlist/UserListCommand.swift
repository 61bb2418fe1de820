import WishlistCore

/// `wishlist user list`.
struct UserListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list", abstract: "List the accounts.", arguments: [Environment.dataOption])
    }

    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
    }

    func run() async throws {
        let users = try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.users() }
        if users.isEmpty { print("No accounts yet.") }
        for user in users {
            print("\(user.username)\(user.isAdmin ? "  (admin)" : "")  since \(user.createdAt.iso8601String)")
        }
    }
}
