/// `wishlist user reset NAME`.
struct UserResetCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "reset",
            abstract: "Give an account a temporary password, printed once, which it must change after signing in"
                + " (signs it out everywhere and revokes its API tokens).",
            arguments: [LocalAccounts.usernameArgument, Environment.dataOption])
    }

    let username: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    func run() async throws {
        let reset = try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.resetPassword(username: username) }
        print("Temporary password for '\(reset.account.username)' (shown only now; it must be changed after signing in):")
        print(reset.temporaryPassword)
    }
}
