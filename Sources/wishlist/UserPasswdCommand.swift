/// `wishlist user passwd NAME`.
struct UserPasswdCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "passwd",
            abstract: "Set an account's password (signs it out everywhere and revokes its API tokens).",
            arguments: [LocalAccounts.usernameArgument, PasswordInput.stdinFlag, Environment.dataOption])
    }

    let username: String
    let passwordFromStdin: Bool
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        passwordFromStdin = arguments.flag(PasswordInput.stdinFlag)
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    func run() async throws {
        let password = try PasswordInput.newPassword(fromStdin: passwordFromStdin)
        try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.setPassword(username: username, password: password) }
        print("Changed the password of '\(username)'.")
    }
}
