/// Where the server takes the K-culture spots from when it starts.
public enum SpotsSource: Sendable, Hashable {
    /// The release bundled with the app, imported at the first start and whenever it changes.
    case bundled
    /// None: the spots already in the database stay as they are. Tests that do not look at
    /// spots start this way, so they do not pay for an import.
    case none
    /// A release of the data set (gzip or plain CSV), imported when it is not the one already in
    /// the database.
    case file(String)
}
