/// A username and password, as sent to `POST /api/v1/setup` and `POST /api/v1/sessions`.
public struct Credentials: Codable, Sendable {
    public let username: String
    public let password: String

    /// A username and password to sign in or set up with.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}
