/// `wishlist user reset NAME`.
struct UserResetCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "reset",
            abstract: "Give an account a temporary password, printed once, which it must change after signing in"
                + " (signs it out everywhere and revokes its API tokens).",
            arguments: NamedAccount.arguments)
    }

    let account: NamedAccount

    init(parsing arguments: inout Arguments) throws {
        account = try NamedAccount(&arguments)
    }

    func run() async throws {
        let reset = try account.administer { try $0.resetPassword(username: $1) }
        print("Temporary password for '\(reset.account.username)' (shown only now; it must be changed after signing in):")
        print(reset.temporaryPassword)
    }
}
