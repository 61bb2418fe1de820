import CPostgres

/// libpq, loaded at the first connection or URL check and not before: a process that never opens a
/// PostgreSQL connection does not map it (see `CPostgres`).
enum LibPQ {
    /// Loads libpq once; throws `.unableToConnect` with the loader's reason when it is missing.
    static func load() throws {
        if let failure = cpostgres_load() {
            throw PostgresError(
                code: .unableToConnect,
                message: "libpq could not be loaded (is Debian's libpq5 installed?): \(String(cString: failure))")
        }
    }
}
