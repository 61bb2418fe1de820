import Foundation
import HTTPServer
import WishlistServer
import WishlistStore

/// `wishlist serve`: runs the server until SIGINT or SIGTERM.
struct ServeCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "serve",
            abstract: "Run the Wishlist server: the web app, the REST API and the photos.",
            arguments: Environment.dataOptions + [Environment.mediaOption] + [
                databaseConnectionsOption, leaderCheckOption, listenOption, publicURLOption, geocoderOption, tilesOption,
                privateAddressesFlag,
                refreshPricesOption, spotsOption, giphyKeyOption, giphyURLOption, giphyRatingOption, rateLimitOption,
                sessionIdleOption, sessionMaxAgeOption, connectionsOption, connectionsPerAddressOption, trustedProxyOption,
                passwordCostOption, webDirectoryOption
            ])
    }

    static let passwordCostOption = Option(
        "--password-cost", "interactive|minimum",
        help: "The work of hashing a password: interactive (default), or minimum, which is for test servers only.")
    static let webDirectoryOption = Option(
        "--web-directory", "DIR",
        help: "Serve the web app from DIR instead of the built-in copy, e.g. while changing it ($WISHLIST_WEB_DIRECTORY).")
    static let listenOption = Option(
        "--listen", "HOST:PORT", help: "Where to listen (default: $WISHLIST_LISTEN or 127.0.0.1:8080).")
    static let publicURLOption = Option(
        "--public-url", "URL",
        help:
            "Where people reach the server, e.g. https://wishes.example.org behind a TLS proxy: https makes cookies Secure and sends HSTS ($WISHLIST_PUBLIC_URL; off)."
    )
    static let geocoderOption = Option(
        "--geocoder-url", "URL",
        help: "A Nominatim-compatible geocoder for street-level place search ($WISHLIST_GEOCODER_URL; off by default).")
    static let tilesOption = Option(
        "--tile-url", "URL|none",
        help: "Map tiles, {z}/{x}/{y} template, or 'none' ($WISHLIST_TILE_URL; default OpenStreetMap).")

    static let privateAddressesFlag = Flag(
        "--allow-private-addresses",
        help: "Let link previews reach loopback and private addresses, for tests and home labs ($WISHLIST_ALLOW_PRIVATE_ADDRESSES=1; off).")
    static let refreshPricesOption = Option(
        "--refresh-prices", "daily|off",
        help: "Refresh the price of every wish's link once a day, spread over the day ($WISHLIST_REFRESH_PRICES; off).")

    static let spotsOption = Option(
        "--spots", "bundled|none|FILE",
        help: "The K-culture spots imported at start: the bundled release (default), none, or a release FILE.")

    static let giphyKeyOption = Option(
        "--giphy-key", "KEY", help: "A Giphy API key, which turns GIF search on ($WISHLIST_GIPHY_KEY; off by default).")
    static let giphyURLOption = Option(
        "--giphy-url", "URL",
        help: "Giphy's API or a compatible one ($WISHLIST_GIPHY_URL; default https://api.giphy.com).",
        format: .webAddress(example: "https://api.giphy.com"))
    static let giphyRatingOption = Option(
        "--giphy-rating", "g|pg|pg-13|r",
        help: "The highest content rating of the GIFs shown ($WISHLIST_GIPHY_RATING; default g).",
        format: .oneOf(ServerSettings.giphyRatings))

    static let rateLimitOption = Option(
        "--rate-limit", "ACTION=N",
        help: "Requests a minute one account may make of ACTION: "
            + RateLimitedAction.allCases.map { "\($0.rawValue) (\($0.defaultLimit))" }.joined(separator: ", ")
            + "; sign-ins count per address. Repeat for more.",
        repeatable: true)
    static let sessionIdleOption = Option(
        "--session-idle-days", "DAYS",
        help: "Sign a browser out after this many days unused ($WISHLIST_SESSION_IDLE_DAYS; default 14).",
        format: .wholeNumber(1...))
    static let sessionMaxAgeOption = Option(
        "--session-max-age-days", "DAYS",
        help: "Sign a browser out this many days after it signed in, used or not ($WISHLIST_SESSION_MAX_AGE_DAYS; default 30).",
        format: .wholeNumber(1...))

    static let connectionsOption = Option(
        "--max-connections", "N",
        help:
            "Most connections open at once; more wait until one closes ($WISHLIST_MAX_CONNECTIONS; default \(ServerSettings().connectionLimit)).",
        format: .wholeNumber(1...))
    static let connectionsPerAddressOption = Option(
        "--max-connections-per-address", "N",
        help: "Most connections open at once from one IP address, against one client holding them all; "
            + "leave it off behind a reverse proxy, where every client has the proxy's address ($WISHLIST_MAX_CONNECTIONS_PER_ADDRESS; no limit).",
        format: .wholeNumber(1...))

    static let trustedProxyOption = Option(
        "--trusted-proxy", "ADDRESS",
        help: "The IP address of a reverse proxy or load balancer in front of the server, whose X-Forwarded-For "
            + "names the client; repeat for more ($WISHLIST_TRUSTED_PROXIES, comma-separated; none).",
        repeatable: true)

    static let databaseConnectionsOption = Option(
        "--database-connections", "N",
        help:
            "PostgreSQL connections the server opens at most ($WISHLIST_DATABASE_CONNECTIONS; default: one per core, at least 2, "
            + "for a database on this machine, else 8).",
        format: .wholeNumber(1...200))

    static let leaderCheckOption = Option(
        "--leader-check-seconds", "N",
        help: "With several servers on one PostgreSQL database, how often each asks whether it runs the background work; "
            + "another takes over within about this long after the one running it stops ($WISHLIST_LEADER_CHECK_SECONDS; default 15).",
        format: .wholeNumber(1...3600))

    let settings: ServerSettings

    init(parsing arguments: inout Arguments) throws {
        var settings = ServerSettings()
        let connections =
            try Environment.option(Self.databaseConnectionsOption, orVariable: "WISHLIST_DATABASE_CONNECTIONS", in: &arguments)
        let data = try Environment.data(&arguments, withMedia: true)
        settings.dataDirectory = data.path
        settings.databaseURL = data.databaseURL
        settings.media = data.media
        settings.databaseConnections = connections
        if let seconds = try Environment.option(Self.leaderCheckOption, orVariable: "WISHLIST_LEADER_CHECK_SECONDS", in: &arguments) {
            settings.leaderCheckInterval = .seconds(seconds)
        }
        if let web = try arguments.option(Self.webDirectoryOption) ?? Environment.value("WISHLIST_WEB_DIRECTORY") {
            settings.webDirectory = URL(fileURLWithPath: web, isDirectory: true)
        }
        let listen = try arguments.option(Self.listenOption) ?? Environment.value("WISHLIST_LISTEN") ?? "127.0.0.1:8080"
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
            throw UsageError("--listen takes HOST:PORT, like 127.0.0.1:8080.")
        }
        settings.host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        settings.port = port
        if let publicURL = try arguments.option(Self.publicURLOption) ?? Environment.value("WISHLIST_PUBLIC_URL") {
            do {
                settings.publicURL = try PublicURL(publicURL)
            } catch {
                throw UsageError("--public-url: \(error)")
            }
        }
        if let geocoder = try arguments.option(Self.geocoderOption) ?? Environment.value("WISHLIST_GEOCODER_URL") {
            guard let url = URL(string: geocoder), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw UsageError("--geocoder-url takes an http(s) address, like https://nominatim.openstreetmap.org.")
            }
            settings.geocoderURL = url
        }
        if let tiles = try arguments.option(Self.tilesOption) ?? Environment.value("WISHLIST_TILE_URL") {
            guard tiles == "none" || (tiles.hasPrefix("https://") || tiles.hasPrefix("http://")) && tiles.contains("{z}") else {
                throw UsageError("--tile-url takes a template like https://tile.example.org/{z}/{x}/{y}.png, or none.")
            }
            settings.tileURL = tiles == "none" ? nil : tiles
        }
        settings.allowPrivateAddresses =
            arguments.flag(Self.privateAddressesFlag)
            || Environment.value("WISHLIST_ALLOW_PRIVATE_ADDRESSES") == "1"
        if let refresh = try arguments.option(Self.refreshPricesOption) ?? Environment.value("WISHLIST_REFRESH_PRICES") {
            guard ["daily", "off"].contains(refresh) else { throw UsageError("--refresh-prices takes daily (or off).") }
            settings.refreshPricesDaily = refresh == "daily"
        }
        switch try arguments.option(Self.spotsOption) {
        case nil, "bundled": settings.spotsSource = .bundled
        case "none": settings.spotsSource = .none
        case let file?: settings.spotsSource = .file(file)
        }
        switch try arguments.option(Self.passwordCostOption) {
        case nil, "interactive": settings.passwordCost = .interactive
        case "minimum": settings.passwordCost = .minimum
        case let other?: throw UsageError("--password-cost takes interactive or minimum, not '\(other)'.")
        }
        settings.giphyKey = try Environment.option(Self.giphyKeyOption, orVariable: "WISHLIST_GIPHY_KEY", in: &arguments)
        if let url = try Environment.option(Self.giphyURLOption, orVariable: "WISHLIST_GIPHY_URL", in: &arguments) {
            settings.giphyURL = url
        }
        if let rating = try Environment.option(Self.giphyRatingOption, orVariable: "WISHLIST_GIPHY_RATING", in: &arguments) {
            settings.giphyRating = rating
        }
        settings.rateLimits = try Self.rateLimits(arguments.options(Self.rateLimitOption))
        if let days = try Environment.option(Self.sessionIdleOption, orVariable: "WISHLIST_SESSION_IDLE_DAYS", in: &arguments) {
            settings.sessionIdleTimeout = try Self.sessionDuration(days, Self.sessionIdleOption)
        }
        if let days = try Environment.option(Self.sessionMaxAgeOption, orVariable: "WISHLIST_SESSION_MAX_AGE_DAYS", in: &arguments) {
            settings.sessionLifetime = try Self.sessionDuration(days, Self.sessionMaxAgeOption)
        }
        if let limit = try Environment.option(Self.connectionsOption, orVariable: "WISHLIST_MAX_CONNECTIONS", in: &arguments) {
            settings.connectionLimit = limit
        }
        if let limit = try Environment.option(
            Self.connectionsPerAddressOption, orVariable: "WISHLIST_MAX_CONNECTIONS_PER_ADDRESS", in: &arguments)
        {
            settings.connectionLimitPerAddress = limit
        }
        settings.trustedProxies = try Self.trustedProxies(
            arguments.options(Self.trustedProxyOption)
                + (Environment.value("WISHLIST_TRUSTED_PROXIES")?.split(separator: ",").map(String.init) ?? []))
        self.settings = settings
    }

    /// The proxies' addresses, each an IP address.
    static func trustedProxies(_ values: [String]) throws -> Set<String> {
        Set(
            try values.map { value in
                let address = value.trimmingCharacters(in: .whitespaces)
                guard ClientAddress.isIPAddress(address) else {
                    throw UsageError("--trusted-proxy takes an IP address, like 127.0.0.1 or ::1; not '\(value)'.")
                }
                return address
            })
    }

    /// `uploads=60` and the like, each action at most once, each limit a whole number from 1.
    static func rateLimits(_ values: [String]) throws -> [RateLimitedAction: Int] {
        var limits: [RateLimitedAction: Int] = [:]
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            let names = RateLimitedAction.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 2, let action = RateLimitedAction(rawValue: parts[0]) else {
                throw UsageError("--rate-limit takes ACTION=N, ACTION one of \(names); not '\(value)'.")
            }
            guard let limit = Int(parts[1]), limit >= 1 else {
                throw UsageError("--rate-limit \(action.rawValue)= takes a whole number of requests a minute, at least 1.")
            }
            guard limits.updateValue(limit, forKey: action) == nil else {
                throw UsageError("--rate-limit \(action.rawValue) is given twice.")
            }
        }
        return limits
    }

    /// `days` as a duration, at most ten years (a cookie's Max-Age and the store's milliseconds stay in range).
    private static func sessionDuration(_ days: Int, _ option: Option<Int>) throws -> Duration {
        guard (1...3650).contains(days) else { throw UsageError("\(option.names.long) takes 1 to 3650 days.") }
        return .seconds(days * 24 * 3600)
    }

    func run() async throws {
        // Caught from the very start: a SIGTERM while the first start imports the spots stops it
        // then (and the import with it), and one sent a moment later is not lost.
        let signals = TerminationSignals()
        var settings = settings
        let data = settings.data
        if settings.spotsSource == .bundled {
            settings.bundledSpotsImporter = {
                try BundledSpotsImport.inChildProcess(data: data, stoppingOn: signals)
            }
        }
        settings.placeIndexBuilder = { try ChildCommand.run(["places", "index", "--data", data.path], data: data) }
        let application: WishlistApplication
        do {
            application = try WishlistApplication(settings: settings)
        } catch is CancellationError {
            print("Wishlist stopped while it imported the K-culture spots; its next start imports them.")
            return
        }
        try application.runUntilTerminated(signals: signals) {
            if try application.store.users.userCount() == 0 {
                print(
                    """
                    No account yet. Open http://\(settings.host):\(application.port)/ to create the first one,
                    or run: wishlist user add NAME --admin --data \(settings.dataDirectory)\(
                        settings.databaseURL == nil ? "" : " with the same $\(Environment.databaseVariable) or --database")
                    """)
            }
        }
    }
}
