/// `wishlist user enable NAME`.
struct UserEnableCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "enable",
            abstract: "Let a disabled account sign in again (with a new sign-in: its old sessions and tokens stay ended).",
            arguments: [LocalAccounts.usernameArgument, Environment.dataOption])
    }

    let username: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    func run() async throws {
        let account = try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.setDisabled(false, username: username) }
        print("Enabled '\(account.username)': it can sign in again.")
    }
}
