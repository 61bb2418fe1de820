/// An account an administrator adds from the app or the API: the server gives it a temporary
/// password, shown once, which the person changes at their first sign-in.
public struct NewAccount: Codable, Sendable, Equatable {
    public let username: String
    /// Whether the new account is an administrator too.
    public let isAdmin: Bool

    /// An account named `username`, an administrator when `isAdmin`.
    public init(username: String, isAdmin: Bool = false) {
        self.username = username
        self.isAdmin = isAdmin
    }

    private enum CodingKeys: String, CodingKey {
        case username, isAdmin
    }

    /// `isAdmin` may be left out (a person, not an administrator), but not null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        username = try container.decode(String.self, forKey: .username)
        isAdmin = container.contains(.isAdmin) ? try container.decode(Bool.self, forKey: .isAdmin) : false
    }
}
