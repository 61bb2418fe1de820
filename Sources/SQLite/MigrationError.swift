/// Why `Migrator.migrate` did not bring the database up to date.
public enum MigrationError: Error, CustomStringConvertible, Sendable {
    /// The database has migrations this migrator does not know: a newer version of the app
    /// wrote it. Nothing was changed.
    case unknownAppliedMigrations([String])
    /// The same identifier was registered twice. Nothing was changed.
    case duplicateIdentifier(String)
    /// A migration threw; it was rolled back and not recorded. Earlier ones stay applied.
    case migrationFailed(identifier: String, underlying: any Error)

    public var description: String {
        switch self {
        case .unknownAppliedMigrations(let identifiers):
            "the database has migrations this version does not know (\(identifiers.joined(separator: ", "))); "
                + "it was written by a newer version of the app"
        case .duplicateIdentifier(let identifier):
            "migration '\(identifier)' is registered twice"
        case .migrationFailed(let identifier, let underlying):
            "migration '\(identifier)' failed and was rolled back: \(underlying)"
        }
    }
}
