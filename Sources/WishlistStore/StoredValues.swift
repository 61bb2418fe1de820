import Foundation

// How the store spells dates and ids in columns: INTEGER milliseconds since 1970, lower-case UUID text.

extension Date {
    var storedMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    init(storedMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(storedMilliseconds) / 1000)
    }

    /// The date as it reads back from the database (whole milliseconds).
    var storedPrecision: Date { Date(storedMilliseconds: storedMilliseconds) }
}

extension UUID {
    var lowercasedString: String { uuidString.lowercased() }

    /// A UUID read from a column that the store itself wrote.
    init(storedText: String) throws {
        guard let uuid = UUID(uuidString: storedText) else { throw StoreError.corruptValue(storedText) }
        self = uuid
    }
}
