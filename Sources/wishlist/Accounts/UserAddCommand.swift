import WishlistServer

/// `wishlist user add NAME [--admin] [--password-stdin]`.
struct UserAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add an account.",
            arguments: [LocalAccounts.usernameArgument, adminFlag, PasswordInput.stdinFlag] + Environment.dataOptions)
    }

    static let adminFlag = Flag("--admin", help: "Make the account an administrator.")

    let username: String
    let isAdmin: Bool
    let passwordFromStdin: Bool
    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        isAdmin = arguments.flag(Self.adminFlag)
        passwordFromStdin = arguments.flag(PasswordInput.stdinFlag)
        data = try Environment.data(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    func run() async throws {
        let password = try PasswordInput.newPassword(fromStdin: passwordFromStdin)
        let user = try LocalAccounts.with(data) { accounts in
            try accounts.addUser(username: username, password: password, isAdmin: isAdmin).user
        }
        print("Added \(user.isAdmin ? "administrator" : "account") '\(user.username)'.")
    }
}
