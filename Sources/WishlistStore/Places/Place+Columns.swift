import SQLite
import WishlistCore

/// A place kept in the five `place_*` columns a record's table has (wishes, journal entries):
/// all NULL for no place, which the tables' CHECK constraints hold to.
extension Place {
    /// The values of `place_name, place_address, place_latitude, place_longitude, place_source`.
    static func columnValues(_ place: Place?) -> [any SQLiteBindable] {
        [place?.name, place?.address, place?.latitude, place?.longitude, place?.source.rawValue]
    }

    /// The same values as named arguments, on either engine: `:placeName, :placeAddress,
    /// :placeLatitude, :placeLongitude, :placeSource`.
    static func columnArguments(_ place: Place?) -> SQLArguments {
        [
            "placeName": place?.name, "placeAddress": place?.address, "placeLatitude": place?.latitude,
            "placeLongitude": place?.longitude, "placeSource": place?.source.rawValue
        ]
    }

    /// The names of ``columnArguments(_:)``, in the order of the columns.
    static let columnParameters = ":placeName, :placeAddress, :placeLatitude, :placeLongitude, :placeSource"

    /// The place in a row that selected the five columns, nil when it has none; `record` names the
    /// row in the error about a source the store never writes.
    static func read(from row: SQLRow, record: String) throws -> Place? {
        guard let name: String = try row["place_name"] else { return nil }
        let sourceText: String = try row["place_source"]
        guard let source = Place.Source(rawValue: sourceText) else {
            throw StoreError.corruptValue("\(record) has an unknown place source")
        }
        return Place(
            name: name, address: try row["place_address"], latitude: try row["place_latitude"],
            longitude: try row["place_longitude"], source: source)
    }
}
