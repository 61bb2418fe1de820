/// What the store refuses, in terms the server turns into HTTP statuses and the CLI into sentences.
public enum StoreError: Error, Equatable, Sendable {
    /// No such record for this account (another account's record is "not found" too).
    case notFound
    /// A unique value is taken, e.g. a username.
    case conflict(String)
    /// First-run setup asked for when an account already exists.
    case alreadySetUp
    /// A column holds a value the store never writes: the file was changed by hand or damaged.
    case corruptValue(String)
}
