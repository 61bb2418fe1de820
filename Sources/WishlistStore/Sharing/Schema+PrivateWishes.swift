import PostgreSQL
import SQLite

extension Schema {
    /// An index of the private wishes alone, by owner: a share's count of the wishes it shows is
    /// the owner's wishes, counted from an index, less these (`SharedListRepository`). Few wishes
    /// are private, so it is small, and a write of any other wish does not touch it.
    @Sendable static func indexPrivateWishes(_ db: Database) throws {
        try db.execute("CREATE INDEX private_wishes ON wishes(owner_id) WHERE private = 1")
    }

    /// The same on PostgreSQL, whose partial indexes are written with the boolean alone.
    @Sendable static func indexPrivateWishes(_ connection: PostgresConnection) throws {
        try connection.execute("CREATE INDEX private_wishes ON wishes(owner_id) WHERE private")
    }
}
