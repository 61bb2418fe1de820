/// A database URL of an engine the store does not run on: only `postgresql://` (or `postgres://`)
/// URLs are taken, and no URL at all means the SQLite file.
public struct DatabaseURLError: Error, CustomStringConvertible, Sendable {
    public let url: String

    public var description: String {
        "'\(url.prefix { $0 != ":" })' is not a database the store runs on: give a postgresql:// URL, or none for the SQLite file"
    }
}
