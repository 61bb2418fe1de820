/// `wishlist`: the root of every command.
struct WishlistCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "wishlist",
            abstract: "Keep the things you want: the Wishlist server and its command line.",
            arguments: [versionFlag],
            subcommands: [
                ServeCommand.self, UserCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
                WishCommand.self, JournalCommand.self, PhotoCommand.self, MapCommand.self, TagsCommand.self,
                SearchCommand.self, RecentCommand.self, PlacesCommand.self, LinkCommand.self, SpotsCommand.self, GifsCommand.self,
                BackupCommand.self, RestoreCommand.self, ExportCommand.self, ImportCommand.self, ImportBookmarksCommand.self,
                ImportCSVCommand.self, MigrateToPostgresCommand.self, ShareCommand.self, CompletionCommand.self, VersionCommand.self
            ])
    }

    static let versionFlag = Flag("--version", help: "Print the version and stop.")

    let showsVersion: Bool

    init(parsing arguments: inout Arguments) throws {
        showsVersion = arguments.flag(Self.versionFlag)
    }

    func run() async throws {
        guard showsVersion else { throw UsageError("Choose one of the commands below.") }
        print(VersionCommand.line)
    }
}
