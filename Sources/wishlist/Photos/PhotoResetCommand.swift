/// `wishlist photo reset ID`: undoes every crop and turn.
struct PhotoResetCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "reset", abstract: "Undo every edit of a photo.", arguments: PhotoEditing.arguments)
    }

    let editing: PhotoEditing

    init(parsing arguments: inout Arguments) throws {
        editing = try PhotoEditing(&arguments)
    }

    func run() async throws {
        try await editing.run { _ in nil }
    }
}
