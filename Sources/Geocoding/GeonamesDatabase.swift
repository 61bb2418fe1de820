import CGeonames
import Foundation

/// The only code that calls libgeonames: it copies every city into Swift values once.
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

    /// The file libgeonames was loaded from, as the process's memory map names it: its cities
    /// change only with it (`PlaceIndexCache`).
    static var libraryFile: String? {
        // Read to its end: the file says it is empty (size 0), as /proc files do.
        guard let data = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            if path.split(separator: "/").last?.hasPrefix("libgeonames.so") == true { return String(path) }
        }
        return nil
    }

    /// Reads the record's fields directly: `geonames_city_get_name` and friends translate through
    /// gettext with the process locale, so the same server would answer differently per locale.
    static func loadCities() -> Cities {
        var table = Cities()
        for index in 0..<Int(geonames_get_n_cities()) {
            guard let record = geonames_get_city(gint(index)) else { continue }
            defer { geonames_city_free(record) }
            if let city = city(from: record, in: &table) { table.append(city) }
        }
        return table
    }

    /// The record is a GVariant of type `(sssssssudd)`: id, name, admin1 code, admin1 name,
    /// country code, country name, time zone, population, latitude, longitude.
    private static func city(from record: OpaquePointer, in table: inout Cities) -> City? {
        guard String(cString: g_variant_get_type_string(record)) == "(sssssssudd)" else { return nil }
        func child<T>(_ index: Int, _ read: (OpaquePointer) -> T) -> T {
            let value = g_variant_get_child_value(record, gsize(index))!
            defer { g_variant_unref(value) }
            return read(value)
        }
        func text(_ index: Int) -> String { child(index) { String(cString: g_variant_get_string($0, nil)) } }
        guard let region = table.index(of: Region(adminCode: text(2), admin: text(3), countryCode: text(4), country: text(5)))
        else { return nil }
        return City(
            geonameID: text(0), name: text(1), region: region,
            population: child(7) { g_variant_get_uint32($0) },
            latitude: child(8) { g_variant_get_double($0) },
            longitude: child(9) { g_variant_get_double($0) }
        )
    }
}
