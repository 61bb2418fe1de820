/// `wishlist user add NAME [--admin] [--password-stdin]`.
struct UserAddCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "add",
            abstract: "Add an account.",
            usage: "NAME [--admin] [--password-stdin] [--data DIR]",
            options: [
                ("NAME", "3 to 32 of a-z, 0-9, '.', '_' and '-'."),
                ("--admin", "Make the account an administrator."),
                ("--password-stdin", "Read the password from the first line of standard input."),
                Environment.dataOptionHelp,
            ])
    }

    let username: String
    let isAdmin: Bool
    let passwordFromStdin: Bool
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        isAdmin = arguments.flag("--admin")
        passwordFromStdin = arguments.flag("--password-stdin")
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional("the account's NAME")
    }

    func run() async throws {
        let password = try PasswordInput.newPassword(fromStdin: passwordFromStdin)
        let user = try LocalAccounts.with(dataDirectory: dataDirectory) { accounts in
            try accounts.addUser(username: username, password: password, isAdmin: isAdmin).user
        }
        print("Added \(user.isAdmin ? "administrator" : "account") '\(user.username)'.")
    }
}
