import WishlistCore

/// `wishlist version` (and `wishlist --version`): which Wishlist this is.
struct VersionCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "version", abstract: "Print the version of this wishlist.")
    }

    /// `wishlist 1.0.0`.
    static var line: String { "wishlist \(WishlistVersion.current)" }

    init(parsing arguments: inout Arguments) throws {}

    func run() async throws {
        print(Self.line)
    }
}
