import PostgreSQL
import SQLite

/// The schema's history: every migration in the order it was written. Append, never edit.
///
/// Timestamps are stored as INTEGER milliseconds since 1970 (UTC); public ids as lower-case UUID text
/// beside a compact INTEGER primary key that foreign keys use.
enum Schema {
    static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register("2026-11-29-accounts", createAccounts)
        migrator.register("2026-11-29-wishes", createWishes)
        migrator.register("2026-11-29-places", createPlaces)
        migrator.register("2026-11-29-photos", createPhotos)
        migrator.register("2026-12-01-journal", createJournal)
        migrator.register("2026-12-01-journal-places", createJournalPlaces)
        migrator.register("2026-12-01-wish-prices", createWishPrices)
        migrator.register("2026-12-02-journal-photos", addJournalPhotos)
        migrator.register("2026-12-01-spots", createSpots)
        migrator.register("2026-12-03-wish-text-search", createWishTextSearch)
        migrator.register("2026-12-01-gif-favorites", createGifFavorites)
        migrator.register("2026-12-04-photo-frames", addPhotoFrameCounts)
        migrator.register("2026-12-04-session-devices", addSessionDevices)
        migrator.register("2026-12-05-account-administration", addAccountAdministration)
        migrator.register("2026-12-06-spot-positions", indexSpotPositions)
        migrator.register("2026-12-07-idempotency-keys", createIdempotencyKeys)
        migrator.register("2026-12-08-sharing", createSharing)
        migrator.register("2026-12-09-rate-windows", createRateWindows)
        migrator.register("2026-12-09-account-generations", createAccountGenerations)
        migrator.register("2026-12-10-pending-shares", createPendingShares)
        migrator.register("2026-12-11-wish-search-ranks", addWishSearchRanks)
        migrator.register("2026-12-11-journal-search-ranks", addJournalSearchRanks)
        migrator.register("2026-12-12-spot-search-marks", markSpotSearchLexemes)
        migrator.register("2026-12-13-wish-name-postings", addWishNamePostings)
        migrator.register("2026-12-14-journal-postings", addJournalPostings)
        migrator.register("2026-12-15-place-index-uuids", includeUUIDsInPlaceIndexes)
        migrator.register("2026-12-16-private-wishes", indexPrivateWishes)
        migrator.register("2026-12-17-wish-counts", countWishesPerOwner)
        return migrator
    }

    /// The same history on PostgreSQL: one baseline for every SQLite migration up to
    /// `postgresBaselineThrough`, then each later migration registered with the same identifier
    /// as on SQLite and its own PostgreSQL body (`SchemaTests` checks the identifiers match).
    /// The baseline's tables are written per room (`Schema+Accounts+PostgreSQL.swift`…), in an
    /// order in which every foreign key finds its table.
    static var postgresMigrator: PostgresMigrator {
        let identifiers = migrator.prefix(before: postgresBaselineThrough).identifiers + [postgresBaselineThrough]
        var migrator = PostgresMigrator(baseline: identifiers) { connection in
            try connection.execute(
                [
                    postgresAccounts, postgresWishes, postgresJournal, postgresPhotos, postgresPrices, postgresSpots, postgresSearch,
                    postgresGifFavorites, postgresIdempotency, postgresSharing, postgresPlaces
                ].joined(separator: "\n"))
        }
        migrator.register("2026-12-09-rate-windows", createRateWindows)
        migrator.register("2026-12-09-account-generations", createAccountGenerations)
        migrator.register("2026-12-10-pending-shares", createPendingShares)
        migrator.register("2026-12-11-wish-search-ranks", addWishSearchRanks)
        migrator.register("2026-12-11-journal-search-ranks", addJournalSearchRanks)
        migrator.register("2026-12-12-spot-search-marks", markSpotSearchLexemes)
        migrator.register("2026-12-13-wish-name-postings", addWishNamePostings)
        migrator.register("2026-12-14-journal-postings", addJournalPostings)
        migrator.register("2026-12-15-place-index-uuids", includeUUIDsInPlaceIndexes)
        migrator.register("2026-12-16-private-wishes", indexPrivateWishes)
        migrator.register("2026-12-17-wish-counts", countWishesPerOwner)
        return migrator
    }

    /// The last SQLite migration PostgreSQL's baseline stands for.
    static let postgresBaselineThrough = "2026-12-08-sharing"
}
