import PostgreSQL
import SQLite

extension Schema {
    /// SQLite keeps a spot's name and words in FTS5 columns of their own; nothing changes there.
    /// The migration is registered so that both engines keep one history.
    @Sendable static func markSpotSearchLexemes(_ db: Database) throws {}

    /// `spot_search` made anew with each lexeme marked with its kind (`SpotLexeme`) in place of the
    /// weights `A` and `B`, which had PostgreSQL test every match's `tsvector` again. Its statistics
    /// are made again at once when it holds spots, as `addWishSearchRanks` does.
    @Sendable static func markSpotSearchLexemes(_ connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM spot_search")
        try SearchRebuild.spots(PostgresSQLConnection(connection: connection))
        try connection.execute("DO $$ BEGIN IF EXISTS (SELECT FROM spot_search) THEN ANALYZE spot_search; END IF; END $$")
    }
}
