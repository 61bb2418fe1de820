import Foundation
import WishlistServer
import WishlistStore

/// `wishlist serve`: runs the server until SIGINT or SIGTERM.
struct ServeCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "serve",
            abstract: "Run the Wishlist server: the web app, the REST API and the photos.",
            usage: "[--data DIR] [--listen HOST:PORT] [--geocoder-url URL] [--tile-url URL|none] [--spots bundled|none|FILE]",
            options: [
                Environment.dataOptionHelp,
                ("--listen HOST:PORT", "Where to listen (default: $WISHLIST_LISTEN or 127.0.0.1:8080)."),
            ("--geocoder-url URL", "A Nominatim-compatible geocoder for street-level place search ($WISHLIST_GEOCODER_URL; off by default)."),
            ("--tile-url URL", "Map tiles, {z}/{x}/{y} template, or 'none' ($WISHLIST_TILE_URL; default OpenStreetMap)."),
            ("--spots SOURCE", "The K-culture spots imported at start: 'bundled' (default), 'none', or a release FILE."),
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
        if let geocoder = try arguments.option("--geocoder-url") ?? Environment.value("WISHLIST_GEOCODER_URL") {
            guard let url = URL(string: geocoder), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw UsageError("--geocoder-url takes an http(s) address, like https://nominatim.openstreetmap.org.")
            }
            settings.geocoderURL = url
        }
        if let tiles = try arguments.option("--tile-url") ?? Environment.value("WISHLIST_TILE_URL") {
            guard tiles == "none" || (tiles.hasPrefix("https://") || tiles.hasPrefix("http://")) && tiles.contains("{z}") else {
                throw UsageError("--tile-url takes a template like https://tile.example.org/{z}/{x}/{y}.png, or none.")
            }
            settings.tileURL = tiles == "none" ? nil : tiles
        }
        switch try arguments.option("--spots") {
        case nil, "bundled": settings.spotsSource = .bundled
        case "none": settings.spotsSource = .none
        case let file?: settings.spotsSource = .file(file)
        }
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
