import Foundation
import Synchronization

/// Offline place search and reverse lookup over libgeonames' world cities (population ≥ 15 000).
///
/// Everything is read from the C library once, into in-memory indexes (kept in a file between
/// starts, `PlaceIndexCache`); queries never call it.
/// Names in other languages come from the gettext catalogs libgeonames ships (Korean by default),
/// so "전주" finds Jeonju; a place found by such a name is answered in that language.
/// Immutable after `init`, so one instance serves any number of threads.
public final class OfflineGazetteer: Sendable {
    /// Made on first use, exactly once even when many threads ask at the same time (a `static let`
    /// is initialised through `swift_once`): read from the index file `keepIndex(inFile:)` named
    /// when it holds the current index, otherwise built (and written there).
    public static let shared = indexFile.withLock { OfflineGazetteer(indexFile: $0) }

    public static let defaultLanguages = ["ko"]
    public static let defaultLocaleDirectory = "/usr/share/locale"
    /// The most results one search returns, whatever the caller asks for.
    public static let maximumLimit = 100

    /// The catalog languages whose names were actually found and loaded.
    public let languages: [String]
    private let cities: [City]
    private let regions: [Region]
    private let catalogs: [MessageCatalog]
    private let names: NameIndex
    private let nearestCities: NearestCityIndex

    /// Where `shared` keeps its index between starts; its lock also keeps `prepareIndexFile(at:)`
    /// and the making of `shared` from building the index twice at once.
    private static let indexFile = Mutex<String?>(nil)

    /// Keeps `shared`'s index in the file at `path` (created with its folder when missing). Only
    /// what is asked before `shared` is first used counts.
    public static func keepIndex(inFile path: String) {
        indexFile.withLock { $0 = path }
    }

    /// Builds the index into the file at `path`, unless it holds the current one already, without
    /// keeping it in memory: a server has this done as it starts (`wishlist places index`), so that
    /// its first search reads the index in a few milliseconds instead of building it, and an idle
    /// server holds none of it. True when it built the index, false when the file held the current
    /// one already or could not be written (`shared` then builds the index when first used). Made
    /// while `shared` is, `shared` waits for it rather than build the index a second time.
    @discardableResult
    public static func prepareIndexFile(
        at path: String, languages: [String] = defaultLanguages, localeDirectory: String = defaultLocaleDirectory
    ) -> Bool {
        indexFile.withLock { _ in
            guard let file = cacheFile(at: path, languages: languages, localeDirectory: localeDirectory),
                !file.holdsCurrentIndex()
            else { return false }
            let contents = build(loadCatalogs(languages, localeDirectory: localeDirectory).map(\.catalog))
            // No cities means libgeonames could not be loaded: nothing worth keeping.
            guard !contents.cities.isEmpty, (try? file.write(contents)) != nil else { return false }
            return true
        }
    }

    /// Whether the file at `path` holds the current index, read no further than its header.
    public static func indexFileIsCurrent(at path: String) -> Bool {
        cacheFile(at: path, languages: defaultLanguages, localeDirectory: defaultLocaleDirectory)?.holdsCurrentIndex() ?? false
    }

    /// The index file at `path` for these sources; nil when libgeonames' file cannot be told.
    private static func cacheFile(at path: String, languages: [String], localeDirectory: String) -> PlaceIndexCache? {
        sourceFingerprint(languages, localeDirectory: localeDirectory).map { PlaceIndexCache(path: path, fingerprint: $0) }
    }

    /// Loads the cities and the name catalogs of `languages` (gettext codes such as "ko", "ja",
    /// "zh_CN"); a language without a catalog in `localeDirectory` is skipped.
    public convenience init(languages: [String] = defaultLanguages, localeDirectory: String = defaultLocaleDirectory) {
        self.init(languages: languages, localeDirectory: localeDirectory, indexFile: nil)
    }

    /// As `init(languages:localeDirectory:)`, the index read from `indexFile` when that holds the
    /// current one, or else built and written there.
    init(languages: [String] = defaultLanguages, localeDirectory: String = defaultLocaleDirectory, indexFile: String?) {
        let loaded = Self.loadCatalogs(languages, localeDirectory: localeDirectory)
        let catalogs = loaded.map(\.catalog)
        let file = indexFile.flatMap { Self.cacheFile(at: $0, languages: languages, localeDirectory: localeDirectory) }
        let contents: PlaceIndexCache.Contents
        if let read = file?.read() {
            contents = read
        } else {
            contents = Self.build(catalogs)
            // No cities means libgeonames could not be loaded: nothing worth keeping.
            if !contents.cities.isEmpty { try? file?.write(contents) }
        }
        cities = contents.cities
        regions = contents.regions
        names = contents.names
        self.catalogs = catalogs
        self.languages = loaded.map(\.language)
        nearestCities = NearestCityIndex(latitudes: cities.map(\.latitude), longitudes: cities.map(\.longitude))
    }

    /// The catalogs of `languages` that `localeDirectory` has, with their languages.
    private static func loadCatalogs(
        _ languages: [String], localeDirectory: String
    ) -> [(language: String, catalog: MessageCatalog)] {
        var loaded: [(language: String, catalog: MessageCatalog)] = []
        for language in languages where isLanguageTag(language) && loaded.count < Int(UInt8.max) {
            guard let catalog = try? MessageCatalog(contentsOf: catalogPath(language, localeDirectory)) else { continue }
            loaded.append((language, catalog))
        }
        return loaded
    }

    /// A language tag goes into a file path: letters, digits, "_" and "@" only, no "..".
    private static func isLanguageTag(_ language: String) -> Bool {
        !language.isEmpty && language.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") }
    }

    private static func catalogPath(_ language: String, _ localeDirectory: String) -> String {
        "\(localeDirectory)/\(language)/LC_MESSAGES/geonames.mo"
    }

    /// What the index is built from: libgeonames' file and the catalog of each language (path, size,
    /// time of change; "-" when it has none), told without reading them; nil when libgeonames' file
    /// cannot be told, and then no index file is used.
    private static func sourceFingerprint(_ languages: [String], localeDirectory: String) -> String? {
        guard let library = GeonamesDatabase.libraryFile, let libraryIdentity = fileIdentity(library) else { return nil }
        let catalogs = languages.filter(isLanguageTag).map { "\($0)=\(fileIdentity(catalogPath($0, localeDirectory)) ?? "-")" }
        return ([libraryIdentity] + catalogs).joined(separator: ";")
    }

    private static func fileIdentity(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(path):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// The index from libgeonames: every city, and each of its names (its own, and its name in each
    /// catalog where that differs) under its folded key.
    private static func build(_ catalogs: [MessageCatalog]) -> PlaceIndexCache.Contents {
        let table = GeonamesDatabase.loadCities()
        var names = NameIndex.Builder()
        for (index, city) in table.cities.enumerated() {
            let cityIndex = Int32(index)
            let own = NameIndex.key(city.name)
            names.add(own, city: cityIndex, language: 0)
            for (offset, catalog) in catalogs.enumerated() {
                guard let name = catalog[city.geonameID] else { continue }
                let translated = NameIndex.key(name)
                if translated != own { names.add(translated, city: cityIndex, language: UInt8(offset + 1)) }
            }
        }
        return PlaceIndexCache.Contents(cities: table.cities, regions: table.regions, names: names.build())
    }

    public var cityCount: Int { cities.count }

    /// Places whose name, or a word of it, starts with `query`, ignoring case and accents.
    ///
    /// Best first: an exact name, then a name starting with the query, then a later word starting
    /// with it; within each, the most populous first. A query that folds to nothing (blank,
    /// punctuation, control characters) finds nothing.
    public func search(_ query: String, limit: Int = 10) -> [FoundPlace] {
        let limit = min(limit, Self.maximumLimit)
        let folded = Array(SearchText.fold(query).utf8)
        guard limit > 0, !folded.isEmpty else { return [] }
        var best = TopCandidates(capacity: limit)
        for entry in names.entries(withPrefix: folded) {
            best.offer(
                SearchCandidate(
                    city: entry.city, match: entry.match(forQueryOfLength: folded.count),
                    language: entry.language, population: Int(cities[Int(entry.city)].population)
                ))
        }
        return best.sorted.map { place(of: Int($0.city), language: Int($0.language)) }
    }

    /// The city nearest to a point and its great-circle distance.
    ///
    /// - Parameter language: a loaded catalog language to name the place in; the city's own
    ///   names when nil or not loaded.
    public func reverse(
        latitude: Double, longitude: Double, language: String? = nil
    ) throws(GeocodingError) -> NearestPlace {
        let point = Coordinate(latitude: latitude, longitude: longitude)
        guard point.isValid, let index = nearestCities.nearest(to: point) else {
            throw .invalidCoordinate(latitude: latitude, longitude: longitude)
        }
        let catalog = language.flatMap { languages.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        let place = place(of: index, language: catalog)
        return NearestPlace(place: place, distanceMeters: GreatCircle.distance(point, place.coordinate))
    }

    /// Every city of a country (ISO 3166-1 alpha-2, any case), with its region, in the cities' own
    /// names: for checks such as whether a point lies in the region an address names.
    public func cities(inCountry countryCode: String) -> [FoundPlace] {
        let code = countryCode.uppercased()
        return cities.indices.filter { regions[Int(cities[$0].region)].countryCode == code }.map { place(of: $0, language: 0) }
    }

    /// A city as a `FoundPlace`, its names taken from catalog `language` (1-based; 0 = its own) where it has them.
    private func place(of index: Int, language: Int) -> FoundPlace {
        let city = cities[index]
        let region = regions[Int(city.region)]
        let catalog = language > 0 ? catalogs[language - 1] : nil
        let admin = catalog?["\(region.countryCode).\(region.adminCode)"] ?? region.admin
        return FoundPlace(
            name: catalog?[city.geonameID] ?? city.name,
            admin: admin.isEmpty ? nil : admin,
            country: catalog?[region.countryCode] ?? region.country,
            countryCode: region.countryCode,
            latitude: city.latitude,
            longitude: city.longitude,
            population: Int(city.population)
        )
    }
}
