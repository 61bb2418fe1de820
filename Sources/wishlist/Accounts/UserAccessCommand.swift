/// `wishlist user disable NAME` and `wishlist user enable NAME`: one command that sets whether an
/// account may sign in, `disables` saying which way.
protocol UserAccessCommand: Command {
    static var disables: Bool { get }
    var account: NamedAccount { get }
    init(account: NamedAccount)
}

extension UserAccessCommand {
    static var configuration: CommandConfiguration {
        disables
            ? CommandConfiguration(
                name: "disable",
                abstract: "Disable an account: it cannot sign in, and its sessions and API tokens stop working at once.",
                arguments: NamedAccount.arguments)
            : CommandConfiguration(
                name: "enable",
                abstract: "Let a disabled account sign in again (with a new sign-in: its old sessions and tokens stay ended).",
                arguments: NamedAccount.arguments)
    }

    init(parsing arguments: inout Arguments) throws {
        self.init(account: try NamedAccount(&arguments))
    }

    func run() async throws {
        let changed = try account.administer { try $0.setDisabled(Self.disables, username: $1) }
        print(
            Self.disables
                ? "Disabled '\(changed.username)': it is signed out everywhere and its API tokens are revoked."
                : "Enabled '\(changed.username)': it can sign in again.")
    }
}
