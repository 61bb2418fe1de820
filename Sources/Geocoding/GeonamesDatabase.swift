import CGeonames

/// The only code that calls libgeonames: it copies every city into Swift values once.
enum GeonamesDatabase {
    /// Reads the record's fields directly: `geonames_city_get_name` and friends translate through
    /// gettext with the process locale, so the same server would answer differently per locale.
    static func loadCities() -> [City] {
        let count = Int(geonames_get_n_cities())
        var cities: [City] = []
        cities.reserveCapacity(count)
        for index in 0..<count {
            guard let record = geonames_get_city(gint(index)) else { continue }
            defer { geonames_city_free(record) }
            if let city = city(from: record) { cities.append(city) }
        }
        return cities
    }

    /// The record is a GVariant of type `(sssssssudd)`: id, name, admin1 code, admin1 name,
    /// country code, country name, time zone, population, latitude, longitude.
    private static func city(from record: OpaquePointer) -> City? {
        guard String(cString: g_variant_get_type_string(record)) == "(sssssssudd)" else { return nil }
        func child<T>(_ index: Int, _ read: (OpaquePointer) -> T) -> T {
            let value = g_variant_get_child_value(record, gsize(index))!
            defer { g_variant_unref(value) }
            return read(value)
        }
        func text(_ index: Int) -> String { child(index) { String(cString: g_variant_get_string($0, nil)) } }
        return City(
            geonameID: text(0), name: text(1), adminCode: text(2), admin: text(3),
            countryCode: text(4), country: text(5),
            population: Int(child(7) { g_variant_get_uint32($0) }),
            latitude: child(8) { g_variant_get_double($0) },
            longitude: child(9) { g_variant_get_double($0) }
        )
    }
}
