/// `wishlist share`: links that show your wishes to friends and family (X7, X8).
struct ShareCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "share",
            abstract: "Make, list, rotate and revoke links to your wishes for friends.",
            subcommands: [ShareCreateCommand.self, ShareListCommand.self, ShareRotateCommand.self, ShareRevokeCommand.self])
    }

    init(parsing arguments: inout Arguments) throws {}
}
