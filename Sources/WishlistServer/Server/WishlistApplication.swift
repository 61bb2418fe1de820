import Crypto
import Foundation
import Geocoding
import Giphy
import HTTPServer
import Outbound
import WishlistCore
import WishlistStore

/// The whole server, wired: the store on the data directory, every controller's routes, the
/// middleware, and the HTTP server. `wishlist serve` and the tests build it the same way.
public final class WishlistApplication: Sendable {
    public let settings: ServerSettings
    public let store: Store
    let photos: PhotoLibrary
    let links: Links
    private let server: Server
    let housekeeping: Housekeeping
    /// Runs housekeeping and the price refresh while this server leads the others on its database.
    let leadership: Leadership
    /// Keeps the answers of writes sent with an `Idempotency-Key`.
    let idempotentWrites: IdempotentWrites
    let recentSearchRecorder: RecentSearchRecorder
    /// The views of shared lists, counted in memory and written about once a second.
    let shareViews: ShareViewCounter
    /// Content-Security-Policy violations the pages reported.
    let cspViolations: CSPViolationCounter
    /// Present with `--refresh-prices daily`.
    let priceRefresher: PriceRefresher?
    /// Previews of the links of imported wishes, fetched after the import answered.
    let importedLinkPreviews: ImportedLinkPreviews
    /// Held while the application lives: says a server runs on the data directory.
    private let serverLock: ServerLock
    /// Asks a PostgreSQL database whether it answers, for `/readyz`; nil on SQLite.
    let databaseWatch: DatabaseWatch?
    /// Everything above that works in the background, in the order it starts.
    let services: ServiceList

    public init(settings: ServerSettings) throws {
        ProcessMemory.returnLargeBlocksPromptly()
        self.settings = settings
        serverLock = try ServerLock(sharedOn: settings.data)
        store = try settings.data.openStore()
        databaseWatch = store.isPostgreSQL ? DatabaseWatch(store: store, logger: settings.logger) : nil
        recentSearchRecorder = RecentSearchRecorder(repository: store.recentSearches, logger: settings.logger)
        shareViews = ShareViewCounter(lists: store.sharedLists, logger: settings.logger)
        cspViolations = CSPViolationCounter(logger: settings.logger, clock: settings.clock)
        do {
            // Its files are tidied by housekeeping, in the one server that leads: several may share
            // the folder, and one starting must not sweep what another is writing.
            let media = try settings.data.mediaLocation()
            try media.check()
            photos = try PhotoLibrary(store: store, location: media)
            links = Links(
                client: OutboundClient(configuration: Self.outboundConfiguration(settings)), wishes: store.wishes,
                photos: photos, clock: settings.clock)
            importedLinkPreviews = ImportedLinkPreviews(links: links, logger: settings.logger)
            if let report = try Self.importSpots(
                from: settings.spotsSource, into: store.spots, apart: settings.bundledSpotsImporter,
                logger: settings.logger),
                !report.unchanged
            {
                settings.logger?(report.description)
                // The import's rows and index text are garbage now; an idle server should not keep them.
                ProcessMemory.releaseFreePages()
            }
            idempotentWrites = IdempotentWrites(
                keys: store.idempotency, authenticator: Self.authenticator(settings: settings, store: store), clock: settings.clock)
            let imageOrigins = Self.plainHTTPGiphy(settings)
            let https = settings.publicURL?.isHTTPS ?? false
            let webAssets = try WebAssets.bundled(
                publicURL: settings.publicURL, directory: settings.webDirectory, headerSettings: imageOrigins + ["https: \(https)"])
            server = Server(
                router: try Self.router(
                    settings: settings, store: store, photos: photos, links: links,
                    importedLinkPreviews: importedLinkPreviews, recentSearchRecorder: recentSearchRecorder,
                    shareViews: shareViews, cspViolations: cspViolations, webAssets: webAssets, databaseWatch: databaseWatch),
                middleware: [
                    // Outermost, so that it sees each answer as it leaves (a cookie set anywhere keeps it
                    // plain). Only the answers whose handlers allow it are compressed: see ARCHITECTURE,
                    // "Compression".
                    CompressionMiddleware(),
                    SecurityHeadersMiddleware(
                        imageOrigins: imageOrigins, https: https,
                        inlineStyleSources: webAssets.inlineStyleSources),
                    // Outside too, so a busy or full database met while keeping a key is a 503 or
                    // 507 like any other; inside, so the answers kept are the clients' answers.
                    DomainErrorMiddleware(),
                    idempotentWrites,
                    DomainErrorMiddleware()
                ],
                configuration: Self.serverConfiguration(settings))
        } catch {
            try? store.close()
            throw error
        }
        housekeeping = Housekeeping(
            store: store, photos: photos, clock: settings.clock,
            sessionIdleTimeout: TimeInterval(settings.sessionIdleTimeout.components.seconds),
            logger: settings.logger)
        priceRefresher = settings.refreshPricesDaily ? PriceRefresher(links: links, logger: settings.logger) : nil
        leadership = Leadership(
            lock: LeaderLock(store: store), services: ServiceList([housekeeping, priceRefresher]),
            every: settings.leaderCheckInterval, logger: settings.logger)
        // What requests hand work to starts before the server and stops after it; what works on
        // its own starts once the server listens.
        services = ServiceList([databaseWatch, recentSearchRecorder, shareViews, importedLinkPreviews, server, leadership])
    }

    /// The outbound rules every fetch of this server obeys (link previews, their images).
    static func outboundConfiguration(_ settings: ServerSettings) -> OutboundClient.Configuration {
        var configuration = OutboundClient.Configuration()
        configuration.allowPrivateAddresses = settings.allowPrivateAddresses
        return configuration
    }

    /// Brings the spots up to date with `source`: what was imported, or nil when nothing was read
    /// here (also when `apart` imported the bundled release: it says what it did itself).
    ///
    /// When `apart` fails, the server starts all the same, with the spots it had (none at the
    /// first start), says so, and tries again at its next start: the spots are an extra, and a
    /// server that does not come up loses everything else too. A `CancellationError` (stopped
    /// while importing) is thrown on, so that the server stops instead of starting.
    private static func importSpots(
        from source: SpotsSource, into spots: SpotRepository, apart: (@Sendable () throws -> Void)?,
        logger: (@Sendable (String) -> Void)?
    ) throws -> SpotImportReport? {
        switch source {
        case .bundled:
            if let apart, try spots.bundledImportNeeded() {
                do {
                    try apart()
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    logger?(
                        "error: the bundled K-culture spots were not imported: \(error) "
                            + "Wishlist starts without them and tries again at its next start.")
                    return nil
                }
            }
            return try spots.importBundledIfNeeded()
        case .none: return nil
        case .file(let path): return try spots.importFile(Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    /// `GET /healthz`'s answer, made once and given on the event thread: load balancers and
    /// monitors call it often, and it must answer even while every worker is busy.
    private static let healthy = statusAnswer(.ok, "ok")

    /// `GET /readyz`'s answers: whether what the first requests need is loaded (`StartupWarmup`),
    /// and whether a PostgreSQL database answers (`DatabaseWatch`).
    private static let ready = statusAnswer(.ok, "ready")
    private static let starting = statusAnswer(.serviceUnavailable, "starting")
    private static let databaseUnavailable = statusAnswer(.serviceUnavailable, "database_unavailable")

    /// `{"status": word}` as JSON.
    private static func statusAnswer(_ status: HTTPStatus, _ word: String) -> Response {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json"
        return Response(status: status, headers: headers, body: .data(Data(#"{"status":"\#(word)"}"#.utf8)))
    }

    /// The accounts' generations that `ReadCache` keeps answers under when other servers may share
    /// the database (PostgreSQL); nil for a server alone on its SQLite file.
    static func generation(_ store: Store) -> (@Sendable (Account) throws -> UInt64)? {
        guard store.isPostgreSQL else { return nil }
        return { account in try store.generation(of: account.key) ?? 0 }
    }

    /// Where the rate limits and failed sign-ins named `namespace` are counted: in memory for a
    /// server alone on its SQLite file; in the database when on PostgreSQL, which other servers
    /// may share, so that a limit of N a minute is N across them all.
    static func windowCounts(_ namespace: String, window: TimeInterval, store: Store) -> any WindowCounting {
        store.isPostgreSQL
            ? SharedWindowCounts(windows: store.rateWindows, namespace: namespace, window: window) : WindowCounts(window: window)
    }

    /// Who is calling, by session cookie or API token, under this server's rules.
    static func authenticator(settings: ServerSettings, store: Store) -> Authenticator {
        Authenticator(
            sessions: store.sessions, tokens: store.tokens,
            sessionIdleTimeout: TimeInterval(settings.sessionIdleTimeout.components.seconds), clock: settings.clock)
    }

    /// Every route of the API and the web app. The OpenAPI test walks this list.
    static func router(
        settings: ServerSettings, store: Store, photos: PhotoLibrary, links: Links,
        importedLinkPreviews: ImportedLinkPreviews, recentSearchRecorder: RecentSearchRecorder, shareViews: ShareViewCounter,
        cspViolations: CSPViolationCounter, webAssets: WebAssets, databaseWatch: DatabaseWatch?
    ) throws -> Router {
        var router = Router()
        var authenticator = Self.authenticator(settings: settings, store: store)
        authenticator.known =
            store.isPostgreSQL ? .confirmingEachUse() : KnownCredentials(version: { store.credentialsVersion() })
        let readCache = ReadCache(writeCount: { store.writeCount(for: $0.key) }, generation: Self.generation(store))
        let limits = RateLimiter(
            limits: settings.rateLimits, counts: Self.windowCounts("rate", window: RateLimiter.window, store: store),
            clock: settings.clock)
        router.group(.anyone) { routes in
            routes.add(APIRoute.Server.health, nonBlocking: true) { _ in healthy }
            routes.add(APIRoute.Server.ready, nonBlocking: true) { _ in
                guard StartupWarmup.isFinished else { return starting }
                return databaseWatch?.isReachable ?? true ? ready : databaseUnavailable
            }
        }
        try OpenAPIDocument.register(in: &router)
        let administration = AccountAdministration(store: store, passwordCost: settings.passwordCost, clock: settings.clock)
        AccountsController(
            users: store.users, sessions: store.sessions, tokens: store.tokens,
            administration: administration,
            authenticator: authenticator,
            hasher: PasswordHasher(cost: settings.passwordCost),
            throttle: LoginThrottle(
                perUsername: settings.loginFailuresPerUsername, perAddress: settings.loginFailuresPerAddress,
                failures: Self.windowCounts(
                    "sign-in", window: TimeInterval(settings.loginWindow.components.seconds), store: store)),
            limits: limits, sessionLifetime: settings.sessionLifetime, clock: settings.clock
        ).register(in: &router)
        AdminController(administration: administration, authenticator: authenticator).register(in: &router)
        let places = PlaceSearch(
            offline: .shared,
            online: try settings.geocoderURL.map { url in
                var configuration = OnlineGeocoder.Configuration(baseURL: url)
                configuration.allowPrivateAddresses = settings.allowPrivateAddresses
                return try OnlineGeocoder(configuration: configuration)
            })
        WishesController(
            wishes: store.wishes, photos: photos, authenticator: authenticator, readCache: readCache, clock: settings.clock
        ).register(in: &router)
        SearchController(
            search: Search(store: store, gazetteer: places.offline), recentSearches: store.recentSearches,
            recentSearchRecorder: recentSearchRecorder, authenticator: authenticator, readCache: readCache,
            clock: settings.clock
        ).register(in: &router)
        JournalController(
            journal: store.journal, photos: photos, authenticator: authenticator, readCache: readCache,
            clock: settings.clock
        ).register(in: &router)
        PhotosController(
            library: photos, places: places, authenticator: authenticator, limits: limits, clock: settings.clock
        ).register(in: &router)
        LinksController(links: links, authenticator: authenticator, limits: limits).register(in: &router)
        ImportsController(
            wishes: store.wishes, linkPreviews: importedLinkPreviews, authenticator: authenticator, limits: limits,
            clock: settings.clock
        ).register(in: &router)
        CSPReportsController(counter: cspViolations).register(in: &router)
        IDLookupController(ids: store.ids, authenticator: authenticator).register(in: &router)
        ShareController(
            links: links, wishes: store.wishes, authenticator: authenticator, pending: store.pendingShares,
            limits: limits, assetBase: webAssets.base
        ).register(in: &router)
        SharingController(
            shares: store.shares, views: shareViews, links: ShareLinks(publicURL: settings.publicURL), authenticator: authenticator,
            clock: settings.clock
        ).register(in: &router)
        SharedListController(
            lists: store.sharedLists, views: shareViews, photos: photos,
            page: SharedListPage(
                assetBase: webAssets.base, style: webAssets.sharedListStyle,
                modules: ModuleGraph.imports(of: SharedListPage.script, in: webAssets.directory), publicURL: settings.publicURL),
            authenticator: authenticator,
            limits: limits, clock: settings.clock
        ).register(in: &router)
        PlacesController(
            wishes: store.wishes, places: places, authenticator: authenticator, readCache: readCache,
            map: .init(tileURL: settings.tileURL, attribution: settings.tileURL == nil ? nil : settings.tileAttribution)
        ).register(in: &router)
        SpotsController(spots: store.spots, authenticator: authenticator, readCache: readCache, clock: settings.clock).register(in: &router)
        GifsController(
            gifs: GifService(
                giphy: try giphyClient(settings), favorites: store.gifFavorites, wishes: store.wishes, photos: photos),
            authenticator: authenticator, limits: limits, clock: settings.clock
        ).register(in: &router)
        AccountArchiveController(
            exporter: AccountExporter(library: photos), importer: AccountImporter(library: photos),
            authenticator: authenticator, limits: limits, clock: settings.clock
        ).register(in: &router)
        webAssets.register(in: &router)
        WebAssets.registerVendor(settings.leafletDirectory, at: APIRoute.Server.leaflet, in: &router)
        return router
    }

    /// The origin of a Giphy-compatible server on plain http, whose GIFs the pages must be let show
    /// (any https origin, Giphy's own included, is allowed already); none otherwise.
    private static func plainHTTPGiphy(_ settings: ServerSettings) -> [String] {
        let url = settings.giphyURL
        guard settings.giphyKey != nil, url.scheme == "http", let host = url.host else { return [] }
        return ["http://\(host)" + (url.port.map { ":\($0)" } ?? "")]
    }

    /// The Giphy client the settings ask for; nil without a key.
    private static func giphyClient(_ settings: ServerSettings) throws -> GiphyClient? {
        guard let key = settings.giphyKey else { return nil }
        var configuration = GiphyClient.Configuration(apiKey: key)
        configuration.baseURL = settings.giphyURL
        configuration.rating = settings.giphyRating
        configuration.allowPrivateAddresses = settings.allowPrivateAddresses
        do {
            return try GiphyClient(configuration: configuration)
        } catch {
            throw GifError(error)
        }
    }

    private static func serverConfiguration(_ settings: ServerSettings) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = settings.host
        configuration.port = settings.port
        configuration.logger = settings.logger
        configuration.connectionLimit = settings.connectionLimit
        configuration.connectionLimitPerAddress = settings.connectionLimitPerAddress
        configuration.trustedProxies = settings.trustedProxies
        // A shared list's token is its only key, and what friends do there is no one else's business.
        configuration.privatePathPrefixes = [ShareLinks.pagePrefix, ShareLinks.apiPrefix]
        return configuration
    }

    /// Starts listening; returns at once.
    public func start() throws {
        if settings.allowPrivateAddresses {
            settings.logger?(
                "warning: --allow-private-addresses is on: link previews, the geocoder and Giphy may reach this machine and its network")
        }
        StartupWarmup.begin(placeIndexFile: settings.data.placeIndexPath, builder: settings.placeIndexBuilder)
        try services.start()
        settings.logger?(
            "Wishlist is listening on http://\(settings.host):\(server.port)/, its data in \(settings.data.databaseDescription)"
                + (settings.media.map { _ in ", its photos in \(photos.location.description)" } ?? ""))
    }

    /// The port actually bound (useful when 0 asked for any).
    public var port: UInt16 { server.port }

    /// Stops the services (the server finishing requests in flight), then closes the database.
    public func stop() throws {
        try stop(saying: nil)
    }

    /// Starts, calls `started` (to say how to begin), serves until SIGINT or SIGTERM, then shuts down cleanly.
    ///
    /// - Parameter signals: caught before the server listens (a SIGTERM sent as soon as it answers
    ///   must not be lost); one made before this application, to stop its start-up's work too, or a new one.
    public func runUntilTerminated(
        signals: TerminationSignals = TerminationSignals(), started: () throws -> Void = {}
    ) throws {
        try start()
        try started()
        signals.wait()
        try stop(saying: "Wishlist stopped.")
    }

    private func stop(saying farewell: String?) throws {
        services.stop()
        try store.close()
        if let farewell { settings.logger?(farewell) }
        ServerSettings.standardOutputLog.flush()
    }
}
