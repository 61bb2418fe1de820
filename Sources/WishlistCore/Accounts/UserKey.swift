/// The store's compact key of an account (the `users.id` integer). Never shown in the API, where
/// accounts are known by their UUID; every repository method that touches a person's data takes it.
public struct UserKey: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    /// The key `rawValue`.
    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}
