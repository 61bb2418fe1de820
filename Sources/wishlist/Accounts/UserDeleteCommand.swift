/// `wishlist user delete NAME`.
struct UserDeleteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "delete", abstract: "Delete an account and everything it owns.", arguments: NamedAccount.arguments)
    }

    let account: NamedAccount

    init(parsing arguments: inout Arguments) throws {
        account = try NamedAccount(&arguments)
    }

    func run() async throws {
        try account.administer { try $0.deleteUser(username: $1) }
        print("Deleted '\(account.username)'.")
    }
}
