import Crypto
import Foundation
import Giphy
import HTTPServer

/// Everything `wishlist serve` can be told, with the defaults a person gets from `make run`.
public struct ServerSettings: Sendable {
    /// Where the photos and the SQLite database live.
    public var dataDirectory: String = "./data"
    /// A PostgreSQL database in place of the data directory's SQLite file (`--database`).
    public var databaseURL: String?
    /// Where the photo files are, a folder or an `s3://` location (`--media`); nil: `media/` in the
    /// data directory.
    public var media: String?
    /// PostgreSQL connections the server opens at most.
    public var databaseConnections: Int?
    public var host: String = "127.0.0.1"
    /// 0 picks a free port (tests).
    public var port: UInt16 = 8080
    /// A Nominatim-compatible geocoder for street-level place search; nil keeps search offline.
    public var geocoderURL: URL?
    /// Lets outbound requests (link previews, their images, the geocoder, Giphy) reach loopback, private
    /// and other reserved addresses: for test suites and home labs. Off, they are refused.
    public var allowPrivateAddresses = false
    /// Where people reach the server, when that is not where it listens (a reverse proxy ending
    /// TLS): https makes cookies `Secure` and sends `Strict-Transport-Security`, and the links the
    /// server hands out (bookmarklet, Shortcut) use it. Nil: the page's own address, plain http allowed.
    public var publicURL: PublicURL?
    /// How often a server on PostgreSQL asks whether it leads the background work (`Leadership`):
    /// a follower takes over within about this long after the leader is gone.
    public var leaderCheckInterval: Duration = .seconds(15)
    /// Refreshes every wish's link price once a day (`--refresh-prices daily`); off by default.
    public var refreshPricesDaily = false
    /// Giphy's API key for GIF search (G1–G10); nil switches GIFs off (503 `gifs_not_configured`).
    public var giphyKey: String?
    /// Giphy's API root, or a Giphy-compatible server's.
    public var giphyURL = URL(string: "https://api.giphy.com")!
    /// The highest content rating of the GIFs shown: `g`, `pg`, `pg-13` or `r`.
    public var giphyRating = "g"
    /// The content ratings `giphyRating` may be, mildest first.
    public static let giphyRatings = GiphyClient.Configuration.ratings
    /// The map's tile URL template; nil shows markers on a plain background (offline use).
    public var tileURL: String? = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    public var tileAttribution: String? = "© OpenStreetMap contributors"
    /// Leaflet and its marker-cluster plugin, as Debian's libjs-leaflet packages install them.
    public var leafletDirectory = "/usr/share/javascript/leaflet"
    /// The web app's folder, when not the one bundled with the server (trying changes without a rebuild).
    public var webDirectory: URL?
    /// The K-culture spots imported at start-up.
    public var spotsSource: SpotsSource = .bundled
    /// Imports the bundled spots outside the server's process, when they need importing (the
    /// first start, an update that brings a new release): `wishlist serve` runs its own binary
    /// as a child (`wishlist spots import`), so that nothing of the import stays in the server's
    /// heaps; in-process, the first start idled 5 MB above every later one. Nil imports them in
    /// the server's own process (the tests).
    public var bundledSpotsImporter: (@Sendable () throws -> Void)?
    /// Builds the offline place index outside the server's process, when the data directory does
    /// not hold the current one (the first start, a new libgeonames): `wishlist serve` runs its own
    /// binary as a child (`wishlist places index`), so that neither the building's garbage nor
    /// libgeonames stays in the server; in-process, the first start idled 6 MB above every later
    /// one. Nil, or a child that fails, builds it in the server's own process (the tests).
    public var placeIndexBuilder: (@Sendable () throws -> Void)?
    /// How long a sign-in lasts at most, used or not, before the person must sign in again.
    public var sessionLifetime: Duration = .seconds(30 * 24 * 3600)
    /// How long a sign-in lasts unused: a browser left signed in somewhere is signed out after this.
    public var sessionIdleTimeout: Duration = .seconds(14 * 24 * 3600)
    public var passwordCost: PasswordHasher.Cost = .interactive
    /// Failed sign-ins allowed for one username, and for one client address, within `loginWindow`.
    public var loginFailuresPerUsername = 5
    public var loginFailuresPerAddress = 20
    public var loginWindow: Duration = .seconds(15 * 60)
    /// Requests per minute of each rate-limited action (per account; sign-ins per client
    /// address); an action left out keeps its default (`RateLimitedAction.defaultLimit`).
    public var rateLimits: [RateLimitedAction: Int] = [:]
    /// Most connections open at once, and from one IP address (0: no limit per address).
    public var connectionLimit = ServerConfiguration().connectionLimit
    public var connectionLimitPerAddress = ServerConfiguration().connectionLimitPerAddress
    /// Reverse proxies whose `X-Forwarded-For` names the client (see `ServerConfiguration.trustedProxies`).
    public var trustedProxies: Set<String> = []
    /// The time as the server sees it; tests move it forward to expire sessions.
    public var clock: @Sendable () -> Date = { Date() }
    /// One line per request and start-up messages; nil is silent. By default they go to standard
    /// output in small batches (see `standardOutputLog`).
    public var logger: (@Sendable (String) -> Void)? = { line in ServerSettings.standardOutputLog.write(line) }

    /// Where the default `logger` writes: standard output, batched per thread.
    static let standardOutputLog = BatchedLineWriter(handle: .standardOutput)

    public init() {}

    /// The data directory and the database, as these settings name them.
    public var data: DataDirectory {
        DataDirectory(dataDirectory, databaseURL: databaseURL, databaseConnections: databaseConnections, media: media)
    }
}
