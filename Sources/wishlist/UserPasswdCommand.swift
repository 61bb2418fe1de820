/// `wishlist user passwd NAME`.
struct UserPasswdCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "passwd",
            abstract: "Set an account's password (signs it out everywhere).",
            usage: "NAME [--password-stdin] [--data DIR]",
            options: [
                ("--password-stdin", "Read the password from the first line of standard input."),
                Environment.dataOptionHelp,
            ])
    }

    let username: String
    let passwordFromStdin: Bool
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        passwordFromStdin = arguments.flag("--password-stdin")
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional("the account's NAME")
    }

    func run() async throws {
        let password = try PasswordInput.newPassword(fromStdin: passwordFromStdin)
        try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.setPassword(username: username, password: password) }
        print("Changed the password of '\(username)'.")
    }
}
