/// Why `Migrator.migrate` did not bring the database up to date.
public enum MigrationError: Error, CustomStringConvertible, Sendable {
    /// The database has migrations this migrator does not know: a newer version of the app
    /// wrote it. Nothing was changed.
    case unknownAppliedMigrations([String])
    /// The same identifier was registered twice. Nothing was changed.
    case duplicateIdentifier(String)
    /// A migration threw; it was rolled back and not recorded. Earlier ones stay applied.
    case migrationFailed(identifier: String, underlying: any Error)
    /// The migration left a row in `table` whose foreign key names no row of `parent` (`rowID` is
    /// nil for a table without rowids); it was rolled back and not recorded.
    case foreignKeyViolation(identifier: String, table: String, rowID: Int64?, parent: String)

    public var description: String {
        switch self {
        case .unknownAppliedMigrations(let identifiers):
            "the database has migrations this version does not know (\(identifiers.joined(separator: ", "))); "
                + "it was written by a newer version of the app"
        case .duplicateIdentifier(let identifier):
            "migration '\(identifier)' is registered twice"
        case .migrationFailed(let identifier, let underlying):
            "migration '\(identifier)' failed and was rolled back: \(underlying)"
        case .foreignKeyViolation(let identifier, let table, let rowID, let parent):
            "migration '\(identifier)' was rolled back: it left a row of '\(table)'"
                + (rowID.map { " (rowid \($0))" } ?? "") + " pointing at no row of '\(parent)'"
        }
    }
}
