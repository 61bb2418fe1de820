import Foundation

/// Offline place search and reverse lookup over libgeonames' world cities (population ≥ 15 000).
///
/// Everything is read from the C library once, into in-memory indexes; queries never call it.
/// Names in other languages come from the gettext catalogs libgeonames ships (Korean by default),
/// so "전주" finds Jeonju; a place found by such a name is answered in that language.
/// Immutable after `init`, so one instance serves any number of threads.
public final class OfflineGazetteer: Sendable {
    /// Built on first use, exactly once even when many threads ask at the same time
    /// (a `static let` is initialised through `swift_once`). Touch it at start-up to pay the
    /// loading cost there instead of in the first request.
    public static let shared = OfflineGazetteer()

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

    /// Loads the cities and the name catalogs of `languages` (gettext codes such as "ko", "ja",
    /// "zh_CN"); a language without a catalog in `localeDirectory` is skipped.
    public init(languages: [String] = defaultLanguages, localeDirectory: String = defaultLocaleDirectory) {
        let table = GeonamesDatabase.loadCities()
        let cities = table.cities
        var loadedLanguages: [String] = []
        var catalogs: [MessageCatalog] = []
        // A language tag goes into a file path: letters, digits, "_" and "@" only, no "..".
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@")
        for language in languages
        where !language.isEmpty && language.allSatisfy(allowed.contains)
            && catalogs.count < Int(UInt8.max)
        {
            let path = "\(localeDirectory)/\(language)/LC_MESSAGES/geonames.mo"
            guard let catalog = try? MessageCatalog(contentsOf: path) else { continue }
            loadedLanguages.append(language)
            catalogs.append(catalog)
        }
        var names = NameIndex.Builder()
        for (index, city) in cities.enumerated() {
            let cityIndex = Int32(index)
            let own = NameIndex.key(city.name)
            names.add(own, city: cityIndex, language: 0)
            for (offset, catalog) in catalogs.enumerated() {
                guard let name = catalog[city.geonameID] else { continue }
                let translated = NameIndex.key(name)
                if translated != own { names.add(translated, city: cityIndex, language: UInt8(offset + 1)) }
            }
        }
        self.cities = cities
        regions = table.regions
        self.catalogs = catalogs
        self.languages = loadedLanguages
        self.names = names.build()
        nearestCities = NearestCityIndex(latitudes: cities.map(\.latitude), longitudes: cities.map(\.longitude))
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
