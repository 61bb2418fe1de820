import PostgreSQL
import SQLite

extension Schema {
    /// How many times each key (an account's action, an address's failed sign-ins) was counted in
    /// its current window, and when that window ends (`RateWindowRepository`). A server on SQLite
    /// counts in memory, being the only one on its file; the table is there so that the schema is
    /// one on both engines.
    @Sendable static func createRateWindows(_ db: Database) throws {
        try db.execute(rateWindowsTable(time: "INTEGER"))
    }

    /// Servers sharing a PostgreSQL database count here, so that a limit holds across them all.
    @Sendable static func createRateWindows(_ connection: PostgresConnection) throws {
        try connection.execute(rateWindowsTable(time: "BIGINT"))
    }

    private static func rateWindowsTable(time: String) -> String {
        """
        CREATE TABLE rate_windows (
            key TEXT PRIMARY KEY,
            ends_at \(time) NOT NULL,
            count INTEGER NOT NULL
        );
        CREATE INDEX rate_windows_by_end ON rate_windows (ends_at);
        """
    }
}
