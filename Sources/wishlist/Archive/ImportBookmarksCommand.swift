/// `wishlist import-bookmarks FILE`: each link of a browser's bookmark file becomes a wish.
struct ImportBookmarksCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "import-bookmarks",
            abstract: "Import a browser's bookmark file (HTML): each link a wish, its folders as tags.",
            arguments: FileImport.arguments)
    }

    let fileImport: FileImport

    init(parsing arguments: inout Arguments) throws {
        fileImport = try FileImport(parsing: &arguments)
    }

    func run() async throws {
        try await fileImport.run { try await $0.importBookmarks($1) }
    }
}
