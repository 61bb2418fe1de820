import Foundation
import PostgreSQL
import TestSupport

extension TestDatabase {
    /// A connection to a new database, with `schema` run in it.
    static func connection(schema: String? = nil) throws -> PostgresConnection {
        let connection = try PostgresConnection(url: try make())
        if let schema { try connection.execute(schema) }
        return connection
    }
}
