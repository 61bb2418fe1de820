import Foundation
import WishlistServer
import WishlistStore

/// `wishlist serve`: runs the server until SIGINT or SIGTERM.
struct ServeCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "serve",
            abstract: "Run the Wishlist server: the web app, the REST API and the photos.",
            usage: "[--data DIR] [--listen HOST:PORT]",
            options: [
                Environment.dataOptionHelp,
                ("--listen HOST:PORT", "Where to listen (default: $WISHLIST_LISTEN or 127.0.0.1:8080)."),
            ])
    }

    let settings: ServerSettings

    init(parsing arguments: inout Arguments) throws {
        var settings = ServerSettings()
        settings.dataDirectory = try Environment.dataDirectory(&arguments)
        let listen = try arguments.option("--listen") ?? Environment.value("WISHLIST_LISTEN") ?? "127.0.0.1:8080"
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
            throw UsageError("--listen takes HOST:PORT, like 127.0.0.1:8080.")
        }
        settings.host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        settings.port = port
        self.settings = settings
    }

    func run() async throws {
        let application = try WishlistApplication(settings: settings)
        try application.start()
        if try application.store.accounts.userCount() == 0 {
            print("""
                No account yet. Open http://\(settings.host):\(application.port)/ to create the first one,
                or run: wishlist user add NAME --admin --data \(settings.dataDirectory)
                """)
        }
        try application.runUntilTerminated()
    }
}
