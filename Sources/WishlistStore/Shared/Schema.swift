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
        return migrator
    }
}
