/// `wishlist user`: manage accounts directly on the data directory (no server needed).
struct UserCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "user",
            abstract: "Add, list, change, disable and delete accounts on the data directory.",
            subcommands: [
                UserAddCommand.self, UserListCommand.self, UserPasswdCommand.self, UserResetCommand.self,
                UserDisableCommand.self, UserEnableCommand.self, UserDeleteCommand.self
            ])
    }

    init(parsing arguments: inout Arguments) throws {}
}
