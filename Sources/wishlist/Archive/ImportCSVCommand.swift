/// `wishlist import-csv FILE`: each row of a CSV with `name, link, tags, memo, price` becomes a wish.
struct ImportCSVCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "import-csv",
            abstract: "Import a CSV whose header names the columns name, link, tags, memo, price: each row a wish.",
            arguments: FileImport.arguments)
    }

    let fileImport: FileImport

    init(parsing arguments: inout Arguments) throws {
        fileImport = try FileImport(parsing: &arguments)
    }

    func run() async throws {
        try await fileImport.run { try await $0.importCSV($1) }
    }
}
