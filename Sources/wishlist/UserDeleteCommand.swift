/// `wishlist user delete NAME`.
struct UserDeleteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "delete",
            abstract: "Delete an account and everything it owns.",
            arguments: [LocalAccounts.usernameArgument, Environment.dataOption])
    }

    let username: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    func run() async throws {
        try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.deleteUser(username: username) }
        print("Deleted '\(username)'.")
    }
}
