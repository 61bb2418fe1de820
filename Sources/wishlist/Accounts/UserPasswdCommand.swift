/// `wishlist user passwd NAME`.
struct UserPasswdCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "passwd",
            abstract: "Set an account's password (signs it out everywhere and revokes its API tokens).",
            arguments: [LocalAccounts.usernameArgument, PasswordInput.stdinFlag] + Environment.dataOptions)
    }

    let account: NamedAccount
    let passwordFromStdin: Bool

    init(parsing arguments: inout Arguments) throws {
        passwordFromStdin = arguments.flag(PasswordInput.stdinFlag)
        account = try NamedAccount(&arguments)
    }

    func run() async throws {
        let password = try PasswordInput.newPassword(fromStdin: passwordFromStdin)
        try account.administer { try $0.setPassword(username: $1, password: password) }
        print("Changed the password of '\(account.username)'.")
    }
}
