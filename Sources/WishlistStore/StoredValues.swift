import Foundation

extension UUID {
    /// The store's spelling of a public id.
    var lowercasedString: String { uuidString.lowercased() }

    /// A UUID read from a column that the store itself wrote.
    init(storedText: String) throws {
        guard let uuid = UUID(uuidString: storedText) else { throw StoreError.corruptValue(storedText) }
        self = uuid
    }
}
