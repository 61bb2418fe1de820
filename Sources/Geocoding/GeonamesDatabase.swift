import CGeonames

/// The only code that calls libgeonames (through CGeonames, which loads it at the first call): it
/// copies every city into Swift values once.
enum GeonamesDatabase {
    /// The cities, and the regions they name by index, each region once.
    struct Cities {
        private(set) var cities: [City] = []
        private(set) var regions: [Region] = []
        private var regionIndexes: [Region: UInt16] = [:]

        /// The index of `region`, added when new; nil once a `UInt16` of them are known
        /// (libgeonames has about 3,900).
        mutating func index(of region: Region) -> UInt16? {
            if let known = regionIndexes[region] { return known }
            guard regions.count < Int(UInt16.max) else { return nil }
            let index = UInt16(regions.count)
            regionIndexes[region] = index
            regions.append(region)
            return index
        }

        mutating func append(_ city: City) {
            cities.append(city)
        }
    }

    /// The file libgeonames is loaded from, told without loading it: its cities change only with it
    /// (`PlaceIndexCache`).
    static var libraryFile: String? {
        cgeonames_library_path().map { String(cString: $0) }
    }

    /// Every city, read through libgeonames (loaded for this); none when it cannot be loaded.
    static func loadCities() -> Cities {
        func text(_ field: UnsafeMutablePointer<CChar>?) -> String { field.map { String(cString: $0) } ?? "" }
        var table = Cities()
        guard cgeonames_load() == nil else { return table }
        for index in 0..<cgeonames_city_count() {
            var record = cgeonames_city()
            guard cgeonames_city(Int32(index), &record) else { continue }
            defer { cgeonames_city_release(&record) }
            guard
                let region = table.index(
                    of: Region(
                        adminCode: text(record.admin_code), admin: text(record.admin), countryCode: text(record.country_code),
                        country: text(record.country)))
            else { continue }
            table.append(
                City(
                    geonameID: text(record.geoname_id), name: text(record.name), region: region,
                    population: UInt32(record.population), latitude: record.latitude, longitude: record.longitude))
        }
        return table
    }
}
