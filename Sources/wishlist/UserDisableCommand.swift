/// `wishlist user disable NAME`.
struct UserDisableCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "disable",
            abstract: "Disable an account: it cannot sign in, and its sessions and API tokens stop working at once.",
            arguments: [LocalAccounts.usernameArgument, Environment.dataOption])
    }

    let username: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        username = try arguments.positional(LocalAccounts.usernameArgument)
    }

    func run() async throws {
        let account = try LocalAccounts.with(dataDirectory: dataDirectory) { try $0.setDisabled(true, username: username) }
        print("Disabled '\(account.username)': it is signed out everywhere and its API tokens are revoked.")
    }
}
