/// `wishlist photo`: one photo of a wish — see it, turn it, crop it, undo the edits, save it.
struct PhotoCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "photo", abstract: "Show, rotate, crop, reset and download a photo.",
            subcommands: [
                PhotoShowCommand.self, PhotoRotateCommand.self, PhotoCropCommand.self, PhotoResetCommand.self,
                PhotoDownloadCommand.self
            ])
    }

    /// The photo id argument of every photo command.
    static let idArgument = Positional(
        "ID", help: "The photo's id, as 'wishlist wish show ID --json' lists it.", format: .id(.photo))

    init(parsing arguments: inout Arguments) throws {}
}
